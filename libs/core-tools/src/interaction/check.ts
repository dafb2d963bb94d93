import { ToolError, defineElementTool, type ElementToolContext } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

const errors = [...ACTION_ERRORS, 'ELEMENT_DISABLED'];

async function setChecked(ctx: ElementToolContext, args: { ref?: string }, checked: boolean) {
  const kind = await ctx.locator
    .evaluate((el) => {
      const input = el instanceof HTMLInputElement ? el.type : '';
      const role = el.getAttribute('role') ?? '';
      if (input === 'radio' || role === 'radio' || role === 'menuitemradio') return 'radio';
      if (input === 'checkbox' || ['checkbox', 'switch', 'menuitemcheckbox'].includes(role)) return 'checkbox';
      return el.tagName === 'LABEL' ? 'label' : 'other';
    }, undefined, { timeout: 2_000 })
    .catch(() => undefined);
  if (kind === 'other') throw new ToolError('BAD_ARGUMENT', 'The element is not a checkbox, radio or switch.', { details: { param: 'ref' } });
  if (kind === 'radio' && !checked) throw new ToolError('BAD_ARGUMENT', 'A radio cannot be unchecked; check another radio of its group.');
  await act(ctx, args, (locator, timeout) => locator.setChecked(checked, { timeout }));
  return { checked };
}

export const checkTool = defineElementTool({
  name: 'electron_check',
  title: 'Check',
  description: 'Check a checkbox, radio or switch.',
  kind: 'action',
  input: {},
  detail: { notes: 'No-op when already checked.', errors, example: { ref: 'e9' } },
  handle: (args, ctx) => setChecked(ctx, args, true),
});

export const uncheckTool = defineElementTool({
  name: 'electron_uncheck',
  title: 'Uncheck',
  description: 'Uncheck a checkbox or switch.',
  kind: 'action',
  input: {},
  detail: { notes: 'No-op when already unchecked.', errors, example: { ref: 'e9' } },
  handle: (args, ctx) => setChecked(ctx, args, false),
});
