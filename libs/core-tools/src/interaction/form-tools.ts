import { ToolError, Type, defineElementTool, type AnyToolDefinition, type ElementToolContext } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

const type = defineElementTool({
  name: 'electron_type',
  title: 'Type text',
  description: "Replace a field's whole text at once (fill); for per-key events: electron_keyboard_type.",
  kind: 'action',
  needs: { enabled: true, editable: true },
  input: { text: Type.String({ maxLength: 100_000 }) },
  secretArgs: ['text'],
  detail: {
    notes:
      'Fill semantics: one input event with the whole text. For real keystrokes use electron_keyboard_type; for code editors electron_type_into_editor.',
    errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED', 'ELEMENT_NOT_EDITABLE'],
    example: { ref: 'e5', text: 'hello' },
  },
  async handle(args, ctx) {
    await act(ctx, (locator, timeout) => locator.fill(args.text, { timeout }));
    return {};
  },
});

const clearInput = defineElementTool({
  name: 'electron_clear_input',
  title: 'Clear input',
  description: 'Empty a text field.',
  kind: 'action',
  needs: { enabled: true, editable: true },
  input: {},
  detail: { errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED', 'ELEMENT_NOT_EDITABLE'], example: { ref: 'e5' } },
  async handle(_args, ctx) {
    await act(ctx, (locator, timeout) => locator.clear({ timeout }));
    return {};
  },
});

const selectOption = defineElementTool({
  name: 'electron_select_option',
  title: 'Select option',
  description: 'Choose options of a select by value or label.',
  kind: 'action',
  needs: { enabled: true },
  input: { values: Type.Array(Type.String({ maxLength: 1000 }), { minItems: 1, maxItems: 50 }) },
  detail: {
    notes:
      'Each entry matches an option value or label. A single select takes the first match; a multiple select gets exactly the listed options. Returns the selected values.',
    errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED', 'OPTION_NOT_FOUND'],
    example: { ref: 'e7', values: ['Blue'] },
  },
  async handle(args, ctx) {
    const options = await ctx.locator
      .evaluate(
        (el) => (el instanceof HTMLSelectElement ? [...el.options].map((o) => ({ value: o.value, label: o.label })) : null),
        undefined,
        { timeout: 2_000 },
      )
      .catch(() => undefined);
    if (options === null) {
      throw new ToolError('BAD_ARGUMENT', 'The element is not a <select>; for custom dropdowns click the option with electron_click.', {
        details: { param: 'ref' },
      });
    }
    if (options) {
      const missing = args.values.filter((v) => !options.some((o) => o.value === v || o.label === v));
      if (missing.length) {
        throw new ToolError('OPTION_NOT_FOUND', `No option ${missing.map((m) => JSON.stringify(m)).join(', ')}.`, {
          details: { available: options.slice(0, 30).map((o) => o.label || o.value) },
        });
      }
    }
    const selected = await act(ctx, (locator, timeout) => locator.selectOption(args.values, { timeout }));
    return { selected };
  },
});

async function setChecked(ctx: ElementToolContext, checked: boolean) {
  const kind = await ctx.locator
    .evaluate(
      (el) => {
        const input = el instanceof HTMLInputElement ? el.type : '';
        const role = el.getAttribute('role') ?? '';
        if (input === 'radio' || role === 'radio' || role === 'menuitemradio') return 'radio';
        if (input === 'checkbox' || ['checkbox', 'switch', 'menuitemcheckbox'].includes(role)) return 'checkbox';
        return el.tagName === 'LABEL' ? 'label' : 'other';
      },
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  if (kind === 'other')
    throw new ToolError('BAD_ARGUMENT', 'The element is not a checkbox, radio or switch.', { details: { param: 'ref' } });
  if (kind === 'radio' && !checked) throw new ToolError('BAD_ARGUMENT', 'A radio cannot be unchecked; check another radio of its group.');
  await act(ctx, (locator, timeout) => locator.setChecked(checked, { timeout }));
  return { checked };
}

const check = defineElementTool({
  name: 'electron_check',
  title: 'Check',
  description: 'Check a checkbox, radio or switch.',
  kind: 'action',
  needs: { enabled: true },
  input: {},
  detail: { notes: 'No-op when already checked.', errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED'], example: { ref: 'e9' } },
  handle: (_args, ctx) => setChecked(ctx, true),
});

const uncheck = defineElementTool({
  name: 'electron_uncheck',
  title: 'Uncheck',
  description: 'Uncheck a checkbox or switch.',
  kind: 'action',
  needs: { enabled: true },
  input: {},
  detail: { notes: 'No-op when already unchecked.', errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED'], example: { ref: 'e9' } },
  handle: (_args, ctx) => setChecked(ctx, false),
});

/** Filling in forms: text fields, selects, checkboxes, radios and switches. */
export const FORM_TOOLS: readonly AnyToolDefinition[] = [type, clearInput, selectOption, check, uncheck];
