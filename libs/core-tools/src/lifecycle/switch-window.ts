import { Params, ToolError, Type, defineTool } from '@stagewright/sdk';
import { WINDOW_ERRORS } from '../shared/session-errors.js';

export const switchWindowTool = defineTool({
  name: 'electron_switch_window',
  title: 'Switch window',
  description: 'Make a window active by id, title or index.',
  kind: 'action',
  input: Type.Object(
    {
      id: Type.Optional(Type.String({ maxLength: 16 })),
      title: Type.Optional(Type.String({ maxLength: 500 })),
      index: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
      sessionId: Params.sessionId(),
    },
    { additionalProperties: false },
  ),
  detail: {
    notes: 'Exactly one of id (w2), title (exact, or a unique case-insensitive part) or index (0-based, electron_windows_list order).',
    errors: [...WINDOW_ERRORS],
    example: { title: 'Settings' },
  },
  async handle(args, ctx) {
    const given = [args.id, args.title, args.index].filter((v) => v !== undefined).length;
    if (given !== 1) throw new ToolError('BAD_ARGUMENT', 'Pass exactly one of id, title or index.', { details: { accepted: ['id', 'title', 'index'] } });
    const session = ctx.sessionOrThrow(args.sessionId);
    return { window: await session.switchWindow({ id: args.id, title: args.title, index: args.index }) };
  },
});
