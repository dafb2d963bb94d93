// A misspelt key would otherwise reach Playwright and come back as its own English error; the
// tools check key names first so the agent gets BAD_ARGUMENT naming the key.
import { describe, expect, it } from 'vitest';
import { isValidKey } from './keys.js';

describe('isValidKey', () => {
  it('accepts characters, named keys, F-keys, codes and chords', () => {
    for (const key of [
      'a',
      'A',
      '1',
      '+',
      'Enter',
      'Escape',
      'ArrowDown',
      'F5',
      'F24',
      'KeyA',
      'Digit3',
      'Control+A',
      'ControlOrMeta+Shift+K',
      'Shift++',
      'Numpad7',
    ]) {
      expect(isValidKey(key), key).toBe(true);
    }
  });

  it('refuses unknown names, empty parts and F-keys past F24', () => {
    // Playwright presses only its US layout's characters: é or € would come back as "Unknown key".
    for (const key of ['Entr', '', 'Control+', 'F25', 'Ctrl+A', 'Control+Foo', 'ab', 'é', '€', 'Control+é', '🧪']) {
      expect(isValidKey(key), key).toBe(false);
    }
  });
});
