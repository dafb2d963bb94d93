import { Params, Type, defineTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';
import { assertKeys } from '../shared/keys.js';
import { optionalTarget } from '../shared/optional-target.js';

export const pressSequenceTool = defineTool({
  name: 'electron_press_sequence',
  title: 'Press keys',
  description: 'Press keys or chords in order on an element or the focused one.',
  kind: 'action',
  input: Type.Object(
    {
      keys: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 50 }),
      ref: Params.ref(),
      selector: Params.selector(),
      sessionId: Params.sessionId() ,
    },
    { additionalProperties: false },
  ),
  detail: {
    notes: 'keys: each entry is one key or chord as in electron_key, e.g. ["ArrowDown", "ArrowDown", "Enter"].',
    errors: [...ACTION_ERRORS],
    example: { keys: ['Tab', 'Tab', 'Enter'] },
  },
  async handle(args, ctx) {
    assertKeys(args.keys, 'keys');
    const session = ctx.sessionOrThrow(args.sessionId);
    const locator = await optionalTarget(session, args);
    if (locator) await act({ locator, session }, args, (l, timeout) => l.focus({ timeout }), { needsEnabled: false });
    const keyboard = session.page().keyboard;
    for (const key of args.keys) await keyboard.press(key);
    return { pressed: args.keys.length };
  },
});
