import { defineElementTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

export const scrollIntoViewTool = defineElementTool({
  name: 'electron_scroll_into_view',
  title: 'Scroll into view',
  description: 'Scroll an element into view.',
  kind: 'action',
  input: {},
  detail: { errors: [...ACTION_ERRORS], example: { selector: '#footer' } },
  async handle(args, ctx) {
    await act(ctx, args, (locator, timeout) => locator.scrollIntoViewIfNeeded({ timeout }), { needsEnabled: false });
    return {};
  },
});
