// ADR-0036 allows replay parameters only under its constraints: declared, typed, whole-value,
// validated before the first dispatch, no scripting. Each rule is pinned here on the loader and
// the parameter resolver, which run before any server or app exists.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from './load-spec.js';
import { resolveParameters, type SuppliedParams } from './parameters.js';
import { SpecInvalid } from './spec-problems.js';

const dir = mkdtempSync(join(tmpdir(), 'sw-spec-rules-'));
let n = 0;

const base = {
  format: 'stagewright-replay/1',
  name: 'rules',
  app: { main: 'app' },
  parameters: { name: { type: 'string', default: 'Ada', description: 'who' } },
  steps: [{ tool: 'electron_type', args: { selector: '#name', text: { $param: 'name' } } }],
};

function write(spec: unknown): string {
  const file = join(dir, `s${n++}.replay.json`);
  writeFileSync(file, typeof spec === 'string' ? spec : JSON.stringify(spec));
  return file;
}

/** The problems a spec (with supplied values) is refused with, or [] when it is accepted. */
function problemsOf(spec: unknown, supplied: SuppliedParams = {}): string[] {
  try {
    resolveParameters(loadSpec(write(spec)), supplied);
    return [];
  } catch (error) {
    if (error instanceof SpecInvalid) return [...error.problems];
    throw error;
  }
}

const text = (value: string) => ({ value, text: true });

describe('replay spec v1 rules', () => {
  it('accepts a declared, used, whole-value parameter and resolves app paths from the spec folder', () => {
    const loaded = loadSpec(write(base));
    expect(loaded.spec.app.main).toBe(join(dir, 'app'));
    expect(resolveParameters(loaded, { name: text('Grace') }).values).toEqual({ name: 'Grace' });
    expect(resolveParameters(loaded, {}).values).toEqual({ name: 'Ada' });
  });

  it('fails unknown, missing and unused parameters', () => {
    expect(problemsOf(base, { nmae: text('x') })).toEqual([
      expect.stringContaining('"nmae" was supplied but the spec does not declare it'),
    ]);
    const required = { ...base, parameters: { name: { type: 'string', description: 'who' } } };
    expect(problemsOf(required)).toEqual([expect.stringContaining('parameter "name" is required')]);
    const unused = { ...base, parameters: { ...base.parameters, other: { type: 'integer', default: 1, description: 'x' } } };
    expect(problemsOf(unused)).toEqual([expect.stringContaining('parameters/other: declared but never used')]);
    const undeclared = { ...base, parameters: undefined };
    expect(problemsOf(undeclared)).toEqual([expect.stringContaining('steps/0/args/text: parameter "name" is not declared')]);
  });

  it('checks supplied values against the declared type before anything runs', () => {
    const typed = {
      ...base,
      parameters: {
        ...base.parameters,
        count: { type: 'integer', default: 2, description: 'n' },
        on: { type: 'boolean', default: true, description: 'b' },
      },
      steps: [...base.steps, { tool: 'electron_scroll', args: { dy: { $param: 'count' }, smooth: { $param: 'on' } } }],
    };
    expect(problemsOf(typed, { count: text('2.5'), on: text('yes') })).toEqual([
      'parameter "count": expected an integer',
      'parameter "on": expected true or false',
    ]);
    expect(problemsOf(typed, { count: { value: '3', text: false } })).toEqual([
      expect.stringContaining('parameter "count": expected a integer, got "3"'),
    ]);
    expect(problemsOf(typed, { count: text('3'), on: text('false') })).toEqual([]);
  });

  it('refuses a secret with a default: a committed spec must not hold one', () => {
    const secret = { ...base, parameters: { name: { type: 'string', default: 'pw', description: 'x', secret: true } } };
    expect(problemsOf(secret)).toEqual([
      expect.stringContaining('a secret parameter has no default'),
      expect.stringContaining('is required'),
    ]);
  });

  it('has no string interpolation: a template in a string is text, so its parameter is unused', () => {
    const templated = { ...base, steps: [{ tool: 'electron_type', args: { selector: '#name', text: 'Hi {{name}} ${name}' } }] };
    expect(problemsOf(templated)).toEqual([expect.stringContaining('parameters/name: declared but never used')]);
  });

  it('takes a parameter only as a whole value, and no other $ key (no result-to-argument scripting)', () => {
    const partial = { ...base, steps: [{ tool: 'electron_type', args: { text: { $param: 'name', suffix: '!' } } }] };
    expect(problemsOf(partial)[0]).toContain('steps/0/args/text: a parameter reference is exactly {"$param": "<name>"}');
    const fromResult = {
      ...base,
      steps: [...base.steps, { tool: 'electron_click', args: { selector: { $result: { step: 0, path: '/ref' } } } }],
    };
    expect(problemsOf(fromResult)).toEqual([expect.stringContaining('steps/1/args/selector/$result: "$" keys are reserved')]);
  });

  it('has no loops or branches: unknown step keys are refused by the schema', () => {
    for (const key of ['repeat', 'if', 'forEach', 'steps']) {
      const looped = { ...base, steps: [{ ...base.steps[0], [key]: 2 }] };
      expect(problemsOf(looped).join(' ')).toMatch(/steps\/0.*additional properties/);
    }
    expect(problemsOf({ ...base, loop: true }).join(' ')).toMatch(/additional properties/);
  });

  it('refuses starting tools as steps, contradictory expectations and unsafe patterns', () => {
    const spec = {
      ...base,
      steps: [
        ...base.steps,
        { tool: 'electron_launch', args: { main: 'x' } },
        { tool: 'electron_click', args: { selector: 'a' }, expect: { ok: true, code: 'TIMEOUT' } },
        { tool: 'electron_get_text', args: { selector: 'a' }, expect: { result: { '/text': { regex: '(a+)+$' } } } },
      ],
    };
    expect(problemsOf(spec)).toEqual([
      expect.stringContaining('steps/1/tool: electron_launch cannot be a step'),
      expect.stringContaining('steps/2/expect: ok true contradicts code "TIMEOUT"'),
      expect.stringContaining('backtrack catastrophically'),
    ]);
  });

  it('takes a restart as electron_stop then electron_launch without args (ADR-0046), and no other launch step', () => {
    const stop = { tool: 'electron_stop' };
    const relaunch = { tool: 'electron_launch' };
    expect(problemsOf({ ...base, steps: [...base.steps, stop, relaunch, ...base.steps, stop, relaunch] })).toEqual([]);
    expect(problemsOf({ ...base, steps: [...base.steps, relaunch] })).toEqual([
      expect.stringContaining(
        'steps/1/tool: electron_launch cannot be a step; the runner starts the app from "app" (after an electron_stop step',
      ),
    ]);
    expect(problemsOf({ ...base, steps: [stop, { tool: 'electron_launch', args: { main: 'other' } }] })[0]).toMatch(
      /steps\/1\/tool: electron_launch cannot be a step/,
    );
    expect(problemsOf({ ...base, steps: [stop, relaunch, relaunch] })[0]).toMatch(/steps\/2\/tool: electron_launch cannot be a step/);
  });

  it('names the file and the reason for unreadable JSON and a wrong format', () => {
    expect(problemsOf('{ nope')[0]).toMatch(/not valid JSON/);
    expect(problemsOf({ ...base, format: 'stagewright-replay/2' })[0]).toMatch(/\/format/);
  });
});
