import { ToolError } from '@stagewright/sdk';

const NAMED = new Set([
  'Backspace',
  'Tab',
  'Enter',
  'Shift',
  'Control',
  'Alt',
  'Meta',
  'ControlOrMeta',
  'CapsLock',
  'Escape',
  'Space',
  'PageUp',
  'PageDown',
  'End',
  'Home',
  'ArrowLeft',
  'ArrowUp',
  'ArrowRight',
  'ArrowDown',
  'Insert',
  'Delete',
  'NumLock',
  'ScrollLock',
  'Pause',
  'ContextMenu',
  'PrintScreen',
  'AltGraph',
  'Help',
  'Clear',
  'ShiftLeft',
  'ShiftRight',
  'ControlLeft',
  'ControlRight',
  'AltLeft',
  'AltRight',
  'MetaLeft',
  'MetaRight',
  'Backquote',
  'Minus',
  'Equal',
  'Backslash',
  'BracketLeft',
  'BracketRight',
  'Semicolon',
  'Quote',
  'Comma',
  'Period',
  'Slash',
  'NumpadAdd',
  'NumpadSubtract',
  'NumpadMultiply',
  'NumpadDivide',
  'NumpadDecimal',
  'NumpadEnter',
  'NumpadEqual',
  'AudioVolumeUp',
  'AudioVolumeDown',
  'AudioVolumeMute',
  'MediaPlayPause',
  'MediaTrackNext',
  'MediaTrackPrevious',
]);
const PATTERNS = [/^F([1-9]|1\d|2[0-4])$/, /^Key[A-Z]$/, /^Digit\d$/, /^Numpad\d$/];
/** Single characters Playwright can press: its US layout's printable ASCII. Others are typed, not pressed. */
const PRESSABLE_CHARACTER = /^[\x20-\x7e]$/;

/** Whether a Playwright key name or chord (`Control+Shift+K`, `a`, `Enter`) is well formed. */
export function isValidKey(key: string): boolean {
  const parts = key === '+' ? ['+'] : key.endsWith('++') ? [...key.slice(0, -2).split('+'), '+'] : key.split('+');
  return parts.length > 0 && parts.every((part) => PRESSABLE_CHARACTER.test(part) || NAMED.has(part) || PATTERNS.some((p) => p.test(part)));
}

/** BAD_ARGUMENT naming the key, before Playwright would reject it with its own wording. */
export function assertKeys(keys: readonly string[], param: string): void {
  const bad = keys.find((key) => !isValidKey(key));
  if (bad !== undefined) {
    throw new ToolError(
      'BAD_ARGUMENT',
      `${param}: unknown key ${JSON.stringify(bad)}; keys are ASCII characters or names such as Enter, Tab, Escape, ArrowDown, F5, joined with + (Control+A); electron_keyboard_type types others (é, €, emoji).`,
      { details: { param } },
    );
  }
}
