// Snapshots reach the agent's context and traces: a secret field's value must read as the mask
// on every line form Playwright writes, while every other line stays exactly as it was.
import { describe, expect, it } from 'vitest';
import { MASKED } from '@stagewright/sdk';
import { maskSecretValues } from './mask-secrets.js';

const SNAPSHOT = [
  '- main [ref=e2]:',
  '  - textbox "Username" [ref=e4]: ada',
  '  - textbox "Password" [active] [ref=e6]: hunter2',
  '  - textbox "Code" [ref=e7]: "12: 34"',
  `  - 'textbox "Key: PIN" [ref=e8]': pin'0`,
  '  - textbox "Empty" [ref=e9]',
  '  - text: ada',
].join('\n');

describe('maskSecretValues', () => {
  it('masks the values that are secrets, plain, double- or single-quoted, and nothing else', () => {
    const masked = maskSecretValues(SNAPSHOT, ['hunter2', '12: 34', "pin'0"]);
    expect(masked.split('\n')).toEqual([
      '- main [ref=e2]:',
      '  - textbox "Username" [ref=e4]: ada',
      `  - textbox "Password" [active] [ref=e6]: ${MASKED}`,
      `  - textbox "Code" [ref=e7]: ${MASKED}`,
      `  - 'textbox "Key: PIN" [ref=e8]': ${MASKED}`,
      '  - textbox "Empty" [ref=e9]',
      '  - text: ada',
    ]);
  });

  it('masks a multi-line secret, which Playwright writes with its line breaks folded into spaces', () => {
    const codes = '- textbox "Recovery codes" [ref=e3]: code-1111 code-2222';
    expect(maskSecretValues(codes, ['code-1111\ncode-2222\n'])).toBe(`- textbox "Recovery codes" [ref=e3]: ${MASKED}`);
  });

  it('leaves the snapshot alone when there is no secret, and never matches names', () => {
    expect(maskSecretValues(SNAPSHOT, [])).toBe(SNAPSHOT);
    expect(maskSecretValues(SNAPSHOT, ['Password'])).toBe(SNAPSHOT);
  });
});
