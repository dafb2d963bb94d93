import { Params, ToolError, Type, defineTool } from '@stagewright/sdk';
import { WINDOW_ERRORS } from '../shared/session-errors.js';
import { matchNodes } from './match-nodes.js';

export const findTool = defineTool({
  name: 'electron_find',
  title: 'Find elements',
  description: 'Refs of elements matching role, accessible name or text, with their state.',
  kind: 'read',
  input: Type.Object(
    {
      role: Type.Optional(Type.String({ maxLength: 40 })),
      name: Type.Optional(Type.String({ maxLength: 200 })),
      text: Type.Optional(Type.String({ maxLength: 200 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      sessionId: Params.sessionId(),
    },
    { additionalProperties: false },
  ),
  detail: {
    notes:
      'Searches a fresh snapshot of the active surface (visible elements only). role is an ARIA role (button, textbox, link, checkbox...); ' +
      'name and text match case-insensitive substrings (text also matches inline text). Each match: ref, role, name, states (disabled, checked...), text. limit defaults to 20.',
    errors: [...WINDOW_ERRORS, 'RENDERER_UNRESPONSIVE'],
    example: { role: 'button', name: 'save' },
  },
  async handle(args, ctx) {
    if (args.role === undefined && args.name === undefined && args.text === undefined) {
      throw new ToolError('BAD_ARGUMENT', 'Pass at least one of role, name or text.', { details: { accepted: ['role', 'name', 'text'] } });
    }
    const session = ctx.sessionOrThrow(args.sessionId);
    const { snapshot } = await session.snapshot({ maxChars: 200_000, baseline: false });
    const all = matchNodes(snapshot, args);
    const limit = args.limit ?? 20;
    const matches = all.slice(0, limit).map(({ ref, role, name, states, text }) => ({
      ref, role, ...(name ? { name } : {}), ...(Object.keys(states).length ? { states } : {}), ...(text ? { text: text.slice(0, 200) } : {}),
    }));
    const payload: Record<string, unknown> = { matches, total: all.length };
    if (all.length > limit) payload.truncated = true;
    return payload;
  },
});
