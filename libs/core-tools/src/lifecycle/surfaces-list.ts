import { Params, Type, defineTool } from '@stagewright/sdk';
import { WINDOW_ERRORS } from '../shared/session-errors.js';

export const surfacesListTool = defineTool({
  name: 'electron_surfaces_list',
  title: 'List surfaces',
  description: 'List the frames inside the active window and which one is active.',
  kind: 'read',
  input: Type.Object({ sessionId: Params.sessionId() }, { additionalProperties: false }),
  detail: { notes: 'Surface ids: main (the window document), f1, f2... for frames. Snapshots and selectors use the active surface.', errors: [...WINDOW_ERRORS] },
  async handle(args, ctx) {
    return { surfaces: await ctx.sessionOrThrow(args.sessionId).surfaces() };
  },
});
