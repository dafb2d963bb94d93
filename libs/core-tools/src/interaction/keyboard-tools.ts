import { Type, defineElementTool, type AnyToolDefinition } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';
import { assertKeys } from '../shared/keys.js';

const key = defineElementTool({
  name: 'electron_key',
  title: 'Press key',
  description: 'Press a key or chord on an element or the focused one.',
  kind: 'action',
  target: 'optional',
  input: { key: Type.String({ description: 'e.g. Enter, Control+A', maxLength: 64 }) },
  detail: {
    notes: 'Key names as in Playwright: characters, Enter, Tab, Escape, Backspace, Delete, ArrowUp..., Home, End, PageUp, F1-F12; chords join with + (ControlOrMeta+S).',
    errors: [...ACTION_ERRORS],
    example: { key: 'Enter', ref: 'e5' },
  },
  async handle(args, ctx) {
    assertKeys([args.key], 'key');
    const { locator } = ctx;
    if (!locator) await ctx.session.page().keyboard.press(args.key);
    else await act({ ...ctx, locator }, (l, timeout) => l.press(args.key, { timeout }), { needsEnabled: false });
    return {};
  },
});

const keyboardType = defineElementTool({
  name: 'electron_keyboard_type',
  title: 'Type keystrokes',
  description: 'Type text as real keystrokes into an element or the focused one.',
  kind: 'action',
  target: 'optional',
  input: { text: Type.String({ maxLength: 5_000 }), delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })) },
  detail: {
    notes: 'Types text key by key: fires keydown/keypress/input/keyup per character (for autocomplete, key handlers). With an element it is focused first. delayMs waits between keys.',
    errors: [...ACTION_ERRORS],
    example: { ref: 'e5', text: 'abc' },
  },
  async handle(args, ctx) {
    const { locator } = ctx;
    if (!locator) await ctx.session.page().keyboard.type(args.text, { delay: args.delayMs });
    else await act({ ...ctx, locator }, (l, timeout) => l.pressSequentially(args.text, { delay: args.delayMs, timeout }));
    return {};
  },
});

const pressSequence = defineElementTool({
  name: 'electron_press_sequence',
  title: 'Press keys',
  description: 'Press keys or chords in order on an element or the focused one.',
  kind: 'action',
  target: 'optional',
  input: { keys: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 50 }) },
  detail: {
    notes: 'keys: each entry is one key or chord as in electron_key, e.g. ["ArrowDown", "ArrowDown", "Enter"].',
    errors: [...ACTION_ERRORS],
    example: { keys: ['Tab', 'Tab', 'Enter'] },
  },
  async handle(args, ctx) {
    assertKeys(args.keys, 'keys');
    const { locator } = ctx;
    if (locator) await act({ ...ctx, locator }, (l, timeout) => l.focus({ timeout }), { needsEnabled: false });
    const keyboard = ctx.session.page().keyboard;
    for (const pressed of args.keys) await keyboard.press(pressed);
    return { pressed: args.keys.length };
  },
});

const typeIntoEditor = defineElementTool({
  name: 'electron_type_into_editor',
  title: 'Type into editor',
  description: 'Insert text into a code editor (Monaco, CodeMirror) or contenteditable.',
  kind: 'action',
  input: { text: Type.String({ maxLength: 100_000 }), replace: Type.Optional(Type.Boolean({ description: 'Select all first' })) },
  detail: {
    notes: 'Clicks the editor to focus it, optionally selects all (replace: true), then inserts the text as one input, so editors do not auto-indent or auto-close brackets.',
    errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED'],
    example: { ref: 'e20', text: 'const a = 1;', replace: true },
  },
  async handle(args, ctx) {
    await act(ctx, (locator, timeout) => locator.click({ timeout }));
    const keyboard = ctx.session.page().keyboard;
    if (args.replace) {
      await keyboard.press('ControlOrMeta+A');
      await keyboard.press('Delete');
    }
    await keyboard.insertText(args.text);
    return {};
  },
});

/** Keys and keystrokes, on an element or whatever has focus, and text into code editors. */
export const KEYBOARD_TOOLS: readonly AnyToolDefinition[] = [key, keyboardType, pressSequence, typeIntoEditor];
