import { defineElementTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

export const clearInputTool = defineElementTool({
  name: 'electron_clear_input',
  title: 'Clear input',
  description: 'Empty a text field.',
  kind: 'action',
  input: {},
  detail: { errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED', 'ELEMENT_NOT_EDITABLE'], example: { ref: 'e5' } },
  async handle(args, ctx) {
    await act(ctx, args, (locator, timeout) => locator.clear({ timeout }), { needsEditable: true });
    return {};
  },
});
