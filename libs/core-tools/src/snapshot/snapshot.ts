import { Params, Type, defineTool } from '@stagewright/sdk';
import { WINDOW_ERRORS } from '../shared/session-errors.js';

export const snapshotTool = defineTool({
  name: 'electron_snapshot',
  title: 'Snapshot',
  description: 'Accessibility snapshot with refs of the active surface; since="last" gives only changes.',
  kind: 'read',
  input: Type.Object(
    {
      since: Type.Optional(Type.Literal('last')),
      ref: Params.ref(),
      depth: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      maxChars: Type.Optional(Type.Integer({ minimum: 500, maximum: 200_000 })),
      sessionId: Params.sessionId(),
    },
    { additionalProperties: false },
  ),
  detail: {
    notes:
      'Refs ([ref=e12]) are valid for element tools until the page changes. ref roots the snapshot at that element; depth limits nesting. ' +
      'since="last" returns changed lines only (+ added, - removed, indented context lines are unchanged ancestors); after a navigation or reload it returns the full snapshot with fullReason. ' +
      'Output is cut at maxChars (default 30000) with truncated: true; narrow with ref or depth.',
    errors: [...WINDOW_ERRORS, 'REF_NOT_FOUND', 'RENDERER_UNRESPONSIVE'],
    example: { since: 'last' },
  },
  async handle(args, ctx) {
    const session = ctx.sessionOrThrow(args.sessionId);
    const result = await session.snapshot({ since: args.since, ref: args.ref, depth: args.depth, maxChars: args.maxChars });
    const payload: Record<string, unknown> = { url: result.url, title: result.title, snapshot: result.snapshot };
    if (args.since) payload.diff = result.diff;
    if (result.fullReason) payload.fullReason = result.fullReason;
    if (result.truncated) payload.truncated = true;
    return payload;
  },
});
