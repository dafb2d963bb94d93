// The default snapshot leaves out what an agent does not act on (ADR-0017) but never a role, a
// name, a state or a ref: those are what refs and stable locators are read from.
import { describe, expect, it } from 'vitest';
import { compactSnapshot } from './compact-snapshot.js';

describe('compactSnapshot', () => {
  it('drops same-document urls and the colon that opened them, keeps other urls', () => {
    const text = [
      '- link "Page 1" [ref=e2] [cursor=pointer]:',
      '  - /url: "#page-1"',
      '- link "Docs" [ref=e3] [cursor=pointer]:',
      '  - /url: https://example.com/docs',
    ].join('\n');
    expect(compactSnapshot(text)).toBe(
      ['- link "Page 1" [ref=e2]', '- link "Docs" [ref=e3]:', '  - /url: https://example.com/docs'].join('\n'),
    );
  });

  it('keeps the pointer cursor only where the role does not already say clickable', () => {
    const text = ['- button "Save" [ref=e1] [cursor=pointer]', '- generic [ref=e2] [cursor=pointer]: Open card'].join('\n');
    expect(compactSnapshot(text)).toBe(['- button "Save" [ref=e1]', '- generic [ref=e2] [cursor=pointer]: Open card'].join('\n'));
  });

  it('drops aria-hidden decoration with its children unless it is clickable', () => {
    const text = [
      '- listitem [ref=e1]:',
      '  - generic [aria-hidden] [ref=e2]:',
      '    - img [ref=e3]',
      '  - generic [ref=e4]: Item 1',
      '  - generic [aria-hidden] [ref=e5] [cursor=pointer]: ×',
      '- listitem [ref=e6]:',
      '  - generic [aria-hidden] [ref=e7]: ●',
    ].join('\n');
    expect(compactSnapshot(text)).toBe(
      [
        '- listitem [ref=e1]:',
        '  - generic [ref=e4]: Item 1',
        '  - generic [aria-hidden] [ref=e5] [cursor=pointer]: ×',
        '- listitem [ref=e6]',
      ].join('\n'),
    );
  });

  it('leaves text that ends with a colon alone', () => {
    const text = '- generic [ref=e1]: Total:';
    expect(compactSnapshot(text)).toBe(text);
  });
});
