import { Params, Type, defineTool } from '@stagewright/sdk';
import { WINDOW_ERRORS } from '../shared/session-errors.js';

export const switchSurfaceTool = defineTool({
  name: 'electron_switch_surface',
  title: 'Switch surface',
  description: 'Make a frame of the active window (or main) the active surface.',
  kind: 'action',
  input: Type.Object(
    { surfaceId: Type.String({ maxLength: 16 }), sessionId: Params.sessionId() },
    { additionalProperties: false },
  ),
  detail: { notes: 'surfaceId is an id from electron_surfaces_list (main for the top document).', errors: [...WINDOW_ERRORS, 'SURFACE_NOT_FOUND'], example: { surfaceId: 'f1' } },
  async handle(args, ctx) {
    return { surface: await ctx.sessionOrThrow(args.sessionId).switchSurface(args.surfaceId) };
  },
});
