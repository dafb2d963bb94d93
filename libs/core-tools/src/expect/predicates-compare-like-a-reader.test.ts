// Expects and waits decide "holds or not" with these predicates on every poll; a wrong negation,
// whitespace rule or state flag would make an agent act on a page that is not what it asked for.
import { describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import { normalizeText, textPredicate } from './text-predicate.js';
import { allHold, parseStateFlags } from '../shared/state-flags.js';
import type { ElementState } from '@stagewright/sdk';

describe('text predicates', () => {
  it('collapse whitespace on both sides for element text, and not for values', async () => {
    expect(normalizeText('  a \n\t b  ')).toBe('a b');
    expect(await textPredicate({ equals: ' Saved  3 ' }, { normalize: true }).test('Saved\n3')).toBe(true);
    expect(await textPredicate({ equals: ' x' }, { normalize: false }).test('x')).toBe(false);
  });

  it('negate with not, and echo what was asked', async () => {
    const notIdle = textPredicate({ contains: 'Idle', not: true }, { normalize: true });
    expect(notIdle.expected).toEqual({ contains: 'Idle', not: true });
    expect(await notIdle.test('Saved')).toBe(true);
    expect(await notIdle.test('Status: Idle')).toBe(false);
  });

  it('match patterns against the collapsed text', async () => {
    expect(await textPredicate({ matches: '/^total: \\d+$/i' }, { normalize: true }).test('  Total:\n  42 ')).toBe(true);
    expect(await textPredicate({ matches: 'Total:\\s{2}' }, { normalize: true }).test('Total:   42')).toBe(false);
    expect(await textPredicate({ matches: 'Total:\\s{2}' }, { normalize: false }).test('Total:   42')).toBe(true);
  });

  it('need exactly one comparison', () => {
    for (const args of [{}, { equals: 'a', matches: 'b' }]) {
      try {
        textPredicate(args, { normalize: true });
        expect.unreachable();
      } catch (error) {
        expect(isToolError(error) && error.code).toBe('BAD_ARGUMENT');
      }
    }
  });
});

describe('state flags', () => {
  const state: ElementState = { visible: true, enabled: false, editable: false, focused: false, checked: 'mixed', expanded: false };

  it('hold only when every flag holds, with ! negating one', () => {
    expect(allHold(parseStateFlags(['visible', 'disabled', 'mixed', 'collapsed']), state)).toBe(true);
    expect(allHold(parseStateFlags(['visible', '!disabled']), state)).toBe(false);
    expect(allHold(parseStateFlags(['checked']), state)).toBe(false);
    expect(allHold(parseStateFlags(['unchecked']), state)).toBe(false);
    expect(allHold(parseStateFlags(['selected']), state)).toBe(false);
  });

  it('treat a missing element as hidden and nothing else', () => {
    expect(allHold(parseStateFlags(['hidden']), undefined)).toBe(true);
    expect(allHold(parseStateFlags(['!visible']), undefined)).toBe(true);
    expect(allHold(parseStateFlags(['hidden', 'disabled']), undefined)).toBe(false);
  });

  it('refuse unknown flags naming the accepted ones', () => {
    try {
      parseStateFlags(['visible', 'shiny']);
      expect.unreachable();
    } catch (error) {
      expect(isToolError(error) && error.code).toBe('BAD_ARGUMENT');
      expect((error as { details: { accepted: string[] } }).details.accepted).toContain('editable');
    }
  });
});
