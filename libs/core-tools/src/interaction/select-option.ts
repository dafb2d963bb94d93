import { ToolError, Type, defineElementTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

export const selectOptionTool = defineElementTool({
  name: 'electron_select_option',
  title: 'Select option',
  description: 'Choose options of a select by value or label.',
  kind: 'action',
  input: {
    values: Type.Array(Type.String({ maxLength: 1000 }), { minItems: 1, maxItems: 50 }) ,
  },
  detail: {
    notes: 'Each entry matches an option value or label. A single select takes the first match; a multiple select gets exactly the listed options. Returns the selected values.',
    errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED', 'OPTION_NOT_FOUND'],
    example: { ref: 'e7', values: ['Blue'] },
  },
  async handle(args, ctx) {
    const options = await ctx.locator
      .evaluate((el) => (el instanceof HTMLSelectElement ? [...el.options].map((o) => ({ value: o.value, label: o.label })) : null), undefined, { timeout: 2_000 })
      .catch(() => undefined);
    if (options === null) {
      throw new ToolError('BAD_ARGUMENT', 'The element is not a <select>; for custom dropdowns click the option with electron_click.', { details: { param: 'ref' } });
    }
    if (options) {
      const missing = args.values.filter((v) => !options.some((o) => o.value === v || o.label === v));
      if (missing.length) {
        throw new ToolError('OPTION_NOT_FOUND', `No option ${missing.map((m) => JSON.stringify(m)).join(', ')}.`, {
          details: { available: options.slice(0, 30).map((o) => o.label || o.value) },
        });
      }
    }
    const selected = await act(ctx, args, (locator, timeout) => locator.selectOption(args.values, { timeout }));
    return { selected };
  },
});
