import { defineElementTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

export const hoverTool = defineElementTool({
  name: 'electron_hover',
  title: 'Hover',
  description: 'Move the mouse over an element.',
  kind: 'action',
  input: {},
  detail: { notes: 'Useful to reveal menus and tooltips before electron_snapshot.', errors: [...ACTION_ERRORS], example: { ref: 'e4' } },
  async handle(args, ctx) {
    await act(ctx, args, (locator, timeout) => locator.hover({ timeout }), { needsEnabled: false });
    return {};
  },
});
