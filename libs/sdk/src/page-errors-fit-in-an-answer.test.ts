// The page errors an answer carries (empty snapshot, launch, failed action) must name the cause
// in a few short lines: thrown errors before failed loads, no repeats, no stacks, nothing from
// the main process or the app's own console.error calls.
import { describe, expect, it } from 'vitest';
import { PAGE_ERROR_LIMITS, pageErrorLines } from './page-errors.js';
import type { ConsoleEntry } from './session.js';

let seq = 0;
function entry(fields: Partial<ConsoleEntry>): ConsoleEntry {
  return { seq: ++seq, time: '2026-12-02T00:00:00.000Z', source: 'renderer', level: 'error', text: '', window: 'w1', ...fields };
}

const missingCss = entry({
  text: 'Failed to load resource: net::ERR_FILE_NOT_FOUND',
  location: 'file:///app/assets/css/global.css:1:1',
});
const requireThrew = entry({
  kind: 'exception',
  text: 'ReferenceError: require is not defined\n    at file:///app/index.html:105:5',
  location: 'file:///app/index.html:105:5',
});
const logged = entry({ text: 'app logged this on purpose' });
const fromMain = entry({ source: 'main', kind: 'exception', text: 'Error: main broke' });
const rejection = entry({ kind: 'rejection', text: 'Uncaught (in promise) Error: store is corrupt', window: 'w2' });

describe('pageErrorLines', () => {
  it('puts thrown errors first, one line each with file and line, failed loads by file', () => {
    expect(pageErrorLines([missingCss, requireThrew, logged, fromMain])).toEqual([
      'ReferenceError: require is not defined (index.html:105)',
      'Failed to load resource: net::ERR_FILE_NOT_FOUND (global.css)',
    ]);
  });

  it('keeps to the limits: at most three lines, no repeats, each cut to its length', () => {
    const long = entry({ kind: 'exception', text: `Error: ${'x'.repeat(400)}` });
    const lines = pageErrorLines([requireThrew, requireThrew, long, rejection, missingCss, missingCss]);
    expect(lines).toHaveLength(PAGE_ERROR_LIMITS.lines);
    expect(new Set(lines).size).toBe(lines.length);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(PAGE_ERROR_LIMITS.chars);
    expect(lines[1].endsWith('…')).toBe(true);
    expect(lines[2]).toBe('Error: store is corrupt');
  });

  it('selects by window and by what was already told', () => {
    const all = [missingCss, requireThrew, rejection];
    expect(pageErrorLines(all, { window: 'w2' })).toEqual(['Error: store is corrupt']);
    expect(pageErrorLines(all, { afterSeq: requireThrew.seq })).toEqual(['Error: store is corrupt']);
    expect(pageErrorLines(all, { afterSeq: rejection.seq })).toEqual([]);
  });
});
