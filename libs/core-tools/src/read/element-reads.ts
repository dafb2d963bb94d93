import { CoreTools, MASKED, ToolError, defineElementTool, type AnyToolDefinition } from '@stagewright/sdk';
import { probe, probeOne } from '../shared/probe.js';

/** Longest text a read returns; longer text is cut and flagged. */
export const MAX_TEXT_CHARS = 4_000;

/** What reading exactly one element adds to resolving it. */
const ONE_ELEMENT = ['ELEMENT_NOT_FOUND', 'AMBIGUOUS_SELECTOR'];

const getText = defineElementTool({
  name: CoreTools.getText,
  title: 'Get text',
  description: 'Visible text of an element.',
  kind: 'read',
  input: {},
  detail: {
    notes: `Returns { text } as rendered (innerText), cut at ${MAX_TEXT_CHARS} characters with truncated: true. Reads once; to wait for a text use electron_expect_text.`,
    errors: ONE_ELEMENT,
    example: { ref: 'e12' },
  },
  async handle(_args, ctx) {
    const facts = await probeOne(ctx, { text: true, maxText: MAX_TEXT_CHARS });
    if (facts.secret && facts.text) return { text: MASKED, masked: true };
    return { text: facts.text ?? '', ...(facts.textTruncated ? { truncated: true } : {}) };
  },
});

const getValue = defineElementTool({
  name: 'electron_get_value',
  title: 'Get value',
  description: 'Value of a form field.',
  kind: 'read',
  input: {},
  detail: {
    notes:
      'Returns { value }: a string, or an array of option values for a multiple select. Other elements fail with ELEMENT_HAS_NO_VALUE. ' +
      'A secret field (password, one-time code, masked text) reads as the UI shows it: a fixed mask with masked: true; an empty one reads "".',
    errors: [...ONE_ELEMENT, 'ELEMENT_HAS_NO_VALUE'],
    example: { selector: '#email' },
  },
  async handle(_args, ctx) {
    const facts = await probeOne(ctx, { value: true });
    if (facts.value === null || facts.value === undefined) {
      throw new ToolError('ELEMENT_HAS_NO_VALUE', `A <${facts.tag}> has no value.`);
    }
    if (facts.secret && facts.value) return { value: MASKED, masked: true };
    return { value: facts.value };
  },
});

const getState = defineElementTool({
  name: CoreTools.getState,
  title: 'Get state',
  description: 'State flags of an element: visible, enabled, checked…',
  kind: 'read',
  input: {},
  detail: {
    notes:
      'Returns { visible, enabled, editable, focused } plus checked (true/false/"mixed"), expanded and selected when the element has them.',
    errors: ONE_ELEMENT,
    example: { ref: 'e7' },
  },
  async handle(_args, ctx) {
    const facts = await probeOne(ctx, { state: true });
    return { ...facts.state };
  },
});

const exists = defineElementTool({
  name: 'electron_exists',
  title: 'Exists',
  description: 'Whether a ref or selector matches right now, without waiting; absence answers false, not an error.',
  kind: 'read',
  target: 'absent-ok',
  input: {},
  detail: {
    notes:
      'Returns { exists, count } (count of selector matches). A ref whose element left the page gives exists: false. Does not wait; see electron_wait_for_selector.',
    example: { selector: '.toast' },
  },
  async handle(_args, ctx) {
    const { count } = await probe(ctx, { limit: 0 });
    return { exists: count > 0, count };
  },
});

/** One-shot reads of what an element shows and holds: text, value, state, presence. */
export const ELEMENT_READ_TOOLS: readonly AnyToolDefinition[] = [getText, getValue, getState, exists];
