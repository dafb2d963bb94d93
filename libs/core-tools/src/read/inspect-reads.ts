import { MASKED, ToolError, Type, defineElementTool, unresponsiveAfter, within, type AnyToolDefinition } from '@stagewright/sdk';
import { probeOne, PROBE_TIMEOUT_MS } from '../shared/probe.js';

const ONE_ELEMENT = ['ELEMENT_NOT_FOUND', 'AMBIGUOUS_SELECTOR'];

const getAttribute = defineElementTool({
  name: 'electron_get_attribute',
  title: 'Get attribute',
  description: 'One attribute of an element.',
  kind: 'read',
  input: { name: Type.String({ maxLength: 100 }) },
  detail: {
    notes: 'name is the attribute name. Returns { name, value }; value is null when the attribute is absent.',
    errors: ONE_ELEMENT,
    example: { ref: 'e4', name: 'aria-label' },
  },
  async handle(args, ctx) {
    const facts = await probeOne(ctx, { attribute: args.name });
    // Frameworks mirror a controlled field's value into its value attribute.
    if (facts.secret && facts.attribute && args.name.toLowerCase() === 'value') return { name: args.name, value: MASKED, masked: true };
    return { name: args.name, value: facts.attribute ?? null };
  },
});

const getBbox = defineElementTool({
  name: 'electron_get_bbox',
  title: 'Get bounding box',
  description: 'Bounding box of an element.',
  kind: 'read',
  input: {},
  detail: {
    notes:
      'Returns { x, y, width, height } relative to the window viewport, or { box: null } when the element is not rendered (display:none).',
    errors: ONE_ELEMENT,
    example: { ref: 'e9' },
  },
  async handle(_args, ctx) {
    await probeOne(ctx, {});
    const box = await within(ctx.locator.boundingBox({ timeout: PROBE_TIMEOUT_MS }), PROBE_TIMEOUT_MS, unresponsiveAfter(PROBE_TIMEOUT_MS));
    if (!box) return { box: null };
    const round = (n: number) => Math.round(n * 100) / 100;
    return { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) };
  },
});

const PROPERTY = /^-{0,2}[a-zA-Z][a-zA-Z0-9-]*$/;

const getComputedStyle = defineElementTool({
  name: 'electron_get_computed_style',
  title: 'Get computed style',
  description: 'Computed CSS properties of an element.',
  kind: 'read',
  input: { properties: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 20 }) },
  detail: {
    notes:
      'properties: CSS names, kebab-case or camelCase (color, background-color, fontSize, --my-var). Returns { styles: { name: value } } with computed values ("" when unknown).',
    errors: ONE_ELEMENT,
    example: { ref: 'e3', properties: ['color', 'display'] },
  },
  async handle(args, ctx) {
    const bad = args.properties.find((p) => !PROPERTY.test(p));
    if (bad !== undefined) {
      throw new ToolError('BAD_ARGUMENT', `properties: ${JSON.stringify(bad)} is not a CSS property name.`, {
        details: { param: 'properties' },
      });
    }
    const cssNames = args.properties.map((p) => (p.startsWith('--') ? p : p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)));
    const facts = await probeOne(ctx, { styles: cssNames });
    const styles: Record<string, string> = {};
    args.properties.forEach((name, i) => {
      styles[name] = facts.styles?.[cssNames[i]] ?? '';
    });
    return { styles };
  },
});

/** One-shot inspection of an element: attributes, geometry, computed styles. */
export const INSPECT_READ_TOOLS: readonly AnyToolDefinition[] = [getAttribute, getBbox, getComputedStyle];
