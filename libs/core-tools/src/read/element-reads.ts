import { ToolError, Type, defineElementTool, defineTool } from '@stagewright/sdk';
import { probe, probeOne } from './probe.js';
import { TARGET_ERRORS, probeTarget, resolveTarget, targetProps } from './target.js';

/** Longest text a read returns; longer text is cut and flagged. */
export const MAX_TEXT_CHARS = 4_000;

export const getTextTool = defineElementTool({
  name: 'electron_get_text',
  title: 'Get text',
  description: 'Visible text of an element.',
  kind: 'read',
  input: {},
  detail: {
    notes: `Returns { text } as rendered (innerText), cut at ${MAX_TEXT_CHARS} characters with truncated: true. Reads once; to wait for a text use electron_expect_text.`,
    errors: [...TARGET_ERRORS],
    example: { ref: 'e12' },
  },
  async handle(args, ctx) {
    const facts = await probeOne(probeTarget(ctx, args), { text: true, maxText: MAX_TEXT_CHARS });
    return { text: facts.text ?? '', ...(facts.textTruncated ? { truncated: true } : {}) };
  },
});

export const getValueTool = defineElementTool({
  name: 'electron_get_value',
  title: 'Get value',
  description: 'Value of a form field.',
  kind: 'read',
  input: {},
  detail: {
    notes: 'Returns { value }: a string, or an array of option values for a multiple select. Other elements fail with ELEMENT_NOT_EDITABLE.',
    errors: [...TARGET_ERRORS, 'ELEMENT_NOT_EDITABLE'],
    example: { selector: '#email' },
  },
  async handle(args, ctx) {
    const facts = await probeOne(probeTarget(ctx, args), { value: true });
    if (facts.value === null || facts.value === undefined) {
      throw new ToolError('ELEMENT_NOT_EDITABLE', `A <${facts.tag}> has no value.`, {
        hint: 'Target an input, textarea, select or contenteditable; use electron_get_text for other elements.',
        next: ['electron_get_text'],
      });
    }
    return { value: facts.value };
  },
});

export const getStateTool = defineElementTool({
  name: 'electron_get_state',
  title: 'Get state',
  description: 'State flags of an element: visible, enabled, checked…',
  kind: 'read',
  input: {},
  detail: {
    notes: 'Returns { visible, enabled, editable, focused } plus checked (true/false/"mixed"), expanded and selected when the element has them.',
    errors: [...TARGET_ERRORS],
    example: { ref: 'e7' },
  },
  async handle(args, ctx) {
    const facts = await probeOne(probeTarget(ctx, args), { state: true });
    return { ...facts.state };
  },
});

export const existsTool = defineTool({
  name: 'electron_exists',
  title: 'Exists',
  description: 'Whether an element is present; absence is not an error.',
  kind: 'read',
  input: Type.Object(targetProps(), { additionalProperties: false }),
  detail: {
    notes: 'Returns { exists, count } (count of selector matches). A ref whose element left the page gives exists: false. Does not wait; see electron_wait_for_selector.',
    errors: TARGET_ERRORS.filter((code) => code !== 'ELEMENT_NOT_FOUND' && code !== 'AMBIGUOUS_SELECTOR' && code !== 'REF_NOT_FOUND'),
    example: { selector: '.toast' },
  },
  async handle(args, ctx) {
    const { count } = await probe(await resolveTarget(ctx, args, true), { limit: 0 });
    return { exists: count > 0, count };
  },
});
