import { Params, Type, defineTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';
import { assertKeys } from '../shared/keys.js';
import { optionalTarget } from '../shared/optional-target.js';

export const keyTool = defineTool({
  name: 'electron_key',
  title: 'Press key',
  description: 'Press a key or chord on an element or the focused one.',
  kind: 'action',
  input: Type.Object(
    {
      key: Type.String({ description: 'e.g. Enter, Control+A', maxLength: 64 }),
      ref: Params.ref(),
      selector: Params.selector(),
      sessionId: Params.sessionId() ,
    },
    { additionalProperties: false },
  ),
  detail: {
    notes: 'Key names as in Playwright: characters, Enter, Tab, Escape, Backspace, Delete, ArrowUp..., Home, End, PageUp, F1-F12; chords join with + (ControlOrMeta+S).',
    errors: [...ACTION_ERRORS],
    example: { key: 'Enter', ref: 'e5' },
  },
  async handle(args, ctx) {
    assertKeys([args.key], 'key');
    const session = ctx.sessionOrThrow(args.sessionId);
    const locator = await optionalTarget(session, args);
    if (!locator) {
      await session.page().keyboard.press(args.key);
      return {};
    }
    await act({ locator, session }, args, (l, timeout) => l.press(args.key, { timeout }), { needsEnabled: false });
    return {};
  },
});
