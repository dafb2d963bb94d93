import { ToolError, Type, defineElementTool, type AnyToolDefinition } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';
import { assertKeys } from '../shared/keys.js';
import { editorText, focusedEditable, notEditable } from './editor-check.js';

const key = defineElementTool({
  name: 'electron_key',
  title: 'Press key',
  description: 'Press a key or chord on an element or the focused one.',
  kind: 'action',
  target: 'optional',
  input: { key: Type.String({ description: 'e.g. Enter, Control+A', maxLength: 64 }) },
  secretArgs: ['key'],
  detail: {
    notes:
      'Key names as in Playwright: ASCII characters (type others with electron_keyboard_type), Enter, Tab, Escape, Backspace, Delete, ArrowUp..., Home, End, PageUp, F1-F12; chords join with + (ControlOrMeta+S).',
    errors: [...ACTION_ERRORS],
    example: { key: 'Enter', ref: 'e5' },
  },
  async handle(args, ctx) {
    assertKeys([args.key], 'key');
    const { locator } = ctx;
    if (!locator) await ctx.session.pageOrThrow().keyboard.press(args.key);
    else await act({ locator }, (l, timeout) => l.press(args.key, { timeout }));
    return {};
  },
});

/** Delays alone (characters × delayMs) may not exceed this per call; see the tool's notes. */
const TYPING_BUDGET_MS = 60_000;
/** Typing stops between chunks once the call is cancelled or timed out: no keys after the answer. */
const TYPING_CHUNK = 25;

const keyboardType = defineElementTool({
  name: 'electron_keyboard_type',
  title: 'Type keystrokes',
  description: 'Type as real keystrokes, one key event per character, for fields that react to each key.',
  kind: 'action',
  needs: { enabled: true },
  target: 'optional',
  input: { text: Type.String({ maxLength: 5_000 }), delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })) },
  secretArgs: ['text'],
  detail: {
    notes:
      'Types text key by key: fires keydown/keypress/input/keyup per character (for autocomplete, key handlers). With an element it is focused first. delayMs waits between keys. ' +
      `Returns { typed } (characters). Characters × delayMs over ${TYPING_BUDGET_MS / 1000} s (or half the operation timeout) is refused before the first key: split the text or lower delayMs.`,
    errors: [...ACTION_ERRORS],
    example: { ref: 'e5', text: 'abc' },
  },
  async handle(args, ctx) {
    const delay = args.delayMs ?? 0;
    const characters = [...args.text];
    const budget = Math.min(TYPING_BUDGET_MS, ctx.server.operationTimeoutMs / 2);
    if (characters.length * delay > budget) {
      throw new ToolError(
        'BAD_ARGUMENT',
        `${characters.length} characters at delayMs ${delay} take ${Math.ceil((characters.length * delay) / 1000)} s of delays alone, over the ${Math.round(budget / 1000)} s typing budget of one call; split the text over several calls or lower delayMs (electron_type fills a field at once).`,
        { details: { param: 'text' } },
      );
    }
    // Only focusing waits for actionability; typing takes as long as the text does.
    if (ctx.locator) await act({ locator: ctx.locator }, (l, timeout) => l.focus({ timeout }));
    const keyboard = ctx.session.pageOrThrow().keyboard;
    let typed = 0;
    for (let at = 0; at < characters.length && !ctx.signal.aborted; at += TYPING_CHUNK) {
      const chunk = characters.slice(at, at + TYPING_CHUNK);
      await keyboard.type(chunk.join(''), { delay });
      typed += chunk.length;
    }
    return { typed };
  },
});

const pressSequence = defineElementTool({
  name: 'electron_press_sequence',
  title: 'Press keys',
  description: 'Press keys or chords in order on an element or the focused one.',
  kind: 'action',
  target: 'optional',
  input: { keys: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 50 }) },
  secretArgs: ['keys'],
  detail: {
    notes: 'keys: each entry is one key or chord as in electron_key, e.g. ["ArrowDown", "ArrowDown", "Enter"].',
    errors: [...ACTION_ERRORS],
    example: { keys: ['Tab', 'Tab', 'Enter'] },
  },
  async handle(args, ctx) {
    assertKeys(args.keys, 'keys');
    const { locator } = ctx;
    if (locator) await act({ locator }, (l, timeout) => l.focus({ timeout }));
    const keyboard = ctx.session.pageOrThrow().keyboard;
    for (const pressed of args.keys) await keyboard.press(pressed);
    return { pressed: args.keys.length };
  },
});

const typeIntoEditor = defineElementTool({
  name: 'electron_type_into_editor',
  title: 'Type into editor',
  description: 'Insert text into a code editor (Monaco, CodeMirror) with no auto-indent; replace selects all first.',
  kind: 'action',
  needs: { enabled: true },
  input: { text: Type.String({ maxLength: 100_000 }), replace: Type.Optional(Type.Boolean({ description: 'Select all first' })) },
  secretArgs: ['text'],
  detail: {
    notes:
      'Clicks the editor to focus it, optionally selects all (replace: true), then inserts the text as one input, so editors do not auto-indent or auto-close brackets. ' +
      'ELEMENT_NOT_EDITABLE when focus did not land in something editable or the text did not change (nothing was typed).',
    errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED', 'ELEMENT_NOT_EDITABLE'],
    example: { ref: 'e20', text: 'const a = 1;', replace: true },
  },
  async handle(args, ctx) {
    const before = await editorText(ctx.locator);
    await act(ctx, (locator, timeout) => locator.click({ timeout }));
    const focus = await focusedEditable(ctx.session.surfaceOrThrow());
    if (!focus.editable)
      throw notEditable(`After clicking the element, focus is on ${focus.describe}, which does not accept text; nothing was typed.`);
    const keyboard = ctx.session.pageOrThrow().keyboard;
    if (args.replace) {
      await keyboard.press('ControlOrMeta+A');
      await keyboard.press('Delete');
    }
    await keyboard.insertText(args.text);
    // Replacing a text with itself changes nothing, legitimately; otherwise an unchanged editor was not typed into.
    const same = args.replace && before?.split('\u0000')[0].trim() === args.text.trim();
    if (args.text !== '' && !same && before !== undefined && (await editorText(ctx.locator)) === before) {
      throw notEditable(`The text of ${focus.describe} did not change; the editor did not take the input.`);
    }
    return {};
  },
});

/** Keys and keystrokes, on an element or whatever has focus, and text into code editors. */
export const KEYBOARD_TOOLS: readonly AnyToolDefinition[] = [key, keyboardType, pressSequence, typeIntoEditor];
