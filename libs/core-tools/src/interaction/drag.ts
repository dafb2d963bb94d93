import { ToolError, Type, defineElementTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

export const dragTool = defineElementTool({
  name: 'electron_drag',
  title: 'Drag',
  description: 'Drag an element onto a target element.',
  kind: 'action',
  input: { targetRef: Type.Optional(Type.String({ maxLength: 32 })), targetSelector: Type.Optional(Type.String({ maxLength: 1000 })) },
  detail: {
    notes: 'The source is ref/selector; the drop target is exactly one of targetRef or targetSelector. Uses mouse down, move and up (HTML5 drag and drop included).',
    errors: [...ACTION_ERRORS],
    example: { ref: 'e3', targetRef: 'e8' },
  },
  async handle(args, ctx) {
    if ((args.targetRef === undefined) === (args.targetSelector === undefined)) {
      throw new ToolError('BAD_ARGUMENT', 'Pass exactly one of targetRef or targetSelector.', { details: { accepted: ['targetRef', 'targetSelector'] } });
    }
    const target = await ctx.session.locate({ ref: args.targetRef, selector: args.targetSelector });
    await act(ctx, args, (locator, timeout) => locator.dragTo(target, { timeout }), { needsEnabled: false });
    return {};
  },
});
