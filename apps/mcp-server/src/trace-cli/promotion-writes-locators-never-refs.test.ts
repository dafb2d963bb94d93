// Refs are numbers local to one snapshot: a promoted spec holds the stable locator the recorder
// wrote for each, or promotion refuses, naming every step that has none.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../replay/load-spec.js';
import { SpecInvalid } from '../replay/spec-problems.js';
import { promote, PromoteError } from './promote.js';
import type { ParsedTrace, TraceCallLine } from './read-trace.js';

const line = (seq: number, tool: string, args: Record<string, unknown>, locators?: Record<string, string>): TraceCallLine => ({
  type: 'call',
  seq,
  tool,
  args,
  ok: true,
  envelope: { ok: true },
  images: 0,
  startedAt: '2026-01-01T00:00:00.000Z',
  ms: 1,
  ...(locators ? { locators } : {}),
});

const trace = (calls: TraceCallLine[]): ParsedTrace => ({
  file: '/t/s.trace.jsonl',
  header: { type: 'header', format: 'stagewright-trace', version: 1, name: 's', startedAt: '2026-01-01T00:00:00.000Z' },
  unreadable: 0,
  calls: [line(1, 'electron_launch', { main: '/apps/bench' }), ...calls],
});
const options = { out: '/specs/s.replay.json', params: [], schemaRef: 'x.json' };

describe('promotion and refs', () => {
  it('writes the recorded locator in place of each ref (a drag target too), and notes it', () => {
    const { spec, notes } = promote(
      trace([
        line(2, 'electron_type', { ref: 'e5', text: 'Grace' }, { ref: 'role=textbox[name="Your name"]' }),
        line(3, 'electron_drag', { ref: 'e7', targetRef: 'e9' }, { ref: 'data-testid=card', targetRef: 'role=list[name="Done"] >> nth=1' }),
        line(4, 'electron_get_text', { selector: '#status' }, { selector: '#status' }),
      ]),
      options,
    );
    expect(spec.format).toBe('stagewright-replay/1.1');
    expect((spec.steps as { args: unknown }[]).map((s) => s.args)).toEqual([
      { selector: 'role=textbox[name="Your name"]', text: 'Grace' },
      { selector: 'data-testid=card', targetSelector: 'role=list[name="Done"] >> nth=1' },
      { selector: '#status' },
    ]);
    expect(JSON.stringify(spec)).not.toMatch(/"(ref|targetRef)"/);
    expect(notes).toContain('call 2: ref "e5" is now selector role=textbox[name="Your name"]');
  });

  it('refuses a ref with no stable locator, naming every such call, and writes nothing', () => {
    const calls = [
      line(2, 'electron_click', { ref: 'e6' }),
      line(3, 'electron_type', { ref: 'e5', text: 'x' }, { ref: 'role=textbox[name="Your name"]' }),
      line(4, 'electron_drag', { ref: 'e7', targetRef: 'e8' }, { ref: 'text="Card"' }),
    ];
    expect(() => promote(trace(calls), options)).toThrow(PromoteError);
    expect(() => promote(trace(calls), options)).toThrow(
      /no stable locator was recorded for the ref of call 2 \(electron_click ref "e6"\), call 4 \(electron_drag targetRef "e8"\)/,
    );
    // Leaving the call out is the way forward the message names.
    expect(() => promote(trace(calls), { ...options, keep: [3] })).not.toThrow();
  });

  it('a spec holding a ref is refused before anything runs, saying why and what to write instead', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-ref-spec-'));
    const file = join(dir, 'refs.replay.json');
    const steps = [
      { tool: 'electron_click', args: { ref: 'e6' } },
      { tool: 'electron_drag', args: { selector: '#a', targetRef: 'e2' } },
    ];
    for (const format of ['stagewright-replay/1', 'stagewright-replay/1.1']) {
      writeFileSync(file, JSON.stringify({ format, name: 'refs', app: { main: '.' }, steps }));
      let problems: readonly string[] = [];
      try {
        loadSpec(file);
      } catch (error) {
        problems = error instanceof SpecInvalid ? error.problems : [];
      }
      expect(problems).toEqual([
        expect.stringMatching(
          /^steps\/0\/args\/ref: a ref is a number local to one snapshot; .* Use selector with a stable locator \(role=button/,
        ),
        expect.stringMatching(/^steps\/1\/args\/targetRef: .* Use targetSelector with a stable locator/),
      ]);
    }
  });
});
