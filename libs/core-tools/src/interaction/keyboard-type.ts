import { Params, Type, defineTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';
import { optionalTarget } from '../shared/optional-target.js';

export const keyboardTypeTool = defineTool({
  name: 'electron_keyboard_type',
  title: 'Type keystrokes',
  description: 'Type text as real keystrokes into an element or the focused one.',
  kind: 'action',
  input: Type.Object(
    {
      text: Type.String({ maxLength: 5_000 }),
      delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
      ref: Params.ref(),
      selector: Params.selector(),
      sessionId: Params.sessionId() ,
    },
    { additionalProperties: false },
  ),
  detail: {
    notes: 'Types text key by key: fires keydown/keypress/input/keyup per character (for autocomplete, key handlers). With an element it is focused first. delayMs waits between keys.',
    errors: [...ACTION_ERRORS],
    example: { ref: 'e5', text: 'abc' },
  },
  async handle(args, ctx) {
    const session = ctx.sessionOrThrow(args.sessionId);
    const locator = await optionalTarget(session, args);
    if (!locator) {
      await session.page().keyboard.type(args.text, { delay: args.delayMs });
      return {};
    }
    await act({ locator, session }, args, (l, timeout) => l.pressSequentially(args.text, { delay: args.delayMs, timeout }));
    return {};
  },
});
