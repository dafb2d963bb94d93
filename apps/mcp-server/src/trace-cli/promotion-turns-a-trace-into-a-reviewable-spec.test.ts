// Promotion decides what a reviewer commits: the chosen calls only, credentials as secret
// parameters (so a redacted trace can replay), checkpoints from reads, never whole payloads.
import { describe, expect, it } from 'vitest';
import { promote, PromoteError } from './promote.js';
import type { ParsedTrace, TraceCallLine } from './read-trace.js';

let seq = 0;
const call = (
  tool: string,
  args: Record<string, unknown>,
  envelope: Record<string, unknown> = {},
  extra: Partial<TraceCallLine> = {},
): TraceCallLine => ({
  type: 'call',
  seq: ++seq,
  tool,
  args,
  ok: envelope.ok !== false,
  ...(envelope.ok === false ? { code: String(envelope.code) } : {}),
  envelope: { ok: true, ...envelope, _meta: { estimated_tokens: 5 } },
  images: 0,
  startedAt: '2026-01-01T00:00:00.000Z',
  ms: 3,
  ...extra,
});

function trace(): ParsedTrace {
  seq = 0;
  return {
    file: '/t/login.trace.jsonl',
    header: { type: 'header', format: 'stagewright-trace', version: 1, name: 'login', startedAt: '2026-01-01T00:00:00.000Z' },
    unreadable: 0,
    calls: [
      call('electron_status', {}),
      call('electron_launch', { main: '/apps/shop' }, { sessionId: 's1' }),
      call('electron_snapshot', { sessionId: 's1' }, { snapshot: '- textbox "User" [ref=e1]\n- textbox "Password" [ref=e2]' }),
      call('electron_type', { ref: 'e1', text: 'ada' }, {}, { locators: { ref: 'role=textbox[name="User"]' } }),
      call(
        'electron_type',
        { ref: 'e2', text: '[redacted]' },
        {},
        { redacted: ['/text'], locators: { ref: 'role=textbox[name="Password"]' } },
      ),
      call('electron_click', { ref: 'e9' }, { ok: false, code: 'REF_NOT_FOUND', error: 'no e9' }, { locators: { ref: 'text="Go"' } }),
      call('electron_click', { ref: 'e3' }, {}, { locators: { ref: 'role=button[name="Sign in"]' } }),
      call('electron_get_text', { selector: '#welcome' }, { text: 'Welcome back, ada', ref: 'e7', visible: true, html: 'x'.repeat(500) }),
      call('electron_stop', {}),
    ],
  };
}

const options = { out: '/specs/login.replay.json', params: [], schemaRef: '../schemas/replay-spec.v1.json' };

describe('trace promote', () => {
  it('keeps a restart (stop, then a launch of the same app) as steps, the relaunch without args; a last stop stays out', () => {
    const base = trace();
    const calls = [
      ...base.calls.slice(0, 2),
      call('electron_type', { selector: '#name', text: 'Ada' }),
      call('electron_stop', { sessionId: 's1' }),
      call('electron_launch', { main: '/apps/shop' }, { sessionId: 's2' }),
      call('electron_expect_value', { selector: '#name', equals: 'Ada', sessionId: 's2' }),
      call('electron_stop', { sessionId: 's2' }),
    ];
    const { spec } = promote({ ...base, calls }, options);
    expect((spec.steps as { tool: string; args: unknown }[]).map((step) => [step.tool, step.args])).toEqual([
      ['electron_type', { selector: '#name', text: 'Ada' }],
      ['electron_stop', {}],
      ['electron_launch', {}],
      ['electron_expect_value', { selector: '#name', equals: 'Ada' }],
    ]);
  });

  it('keeps successful calls after the launch, makes app paths relative and drops session ids', () => {
    const { spec } = promote(trace(), options);
    expect(spec).toMatchObject({
      $schema: '../schemas/replay-spec.v1.json',
      format: 'stagewright-replay/1.1',
      name: 'login',
      app: { main: '../apps/shop' },
    });
    const steps = spec.steps as any[];
    expect(steps.map((s) => s.tool)).toEqual([
      'electron_snapshot',
      'electron_type',
      'electron_type',
      'electron_click',
      'electron_get_text',
    ]);
    expect(steps[0]).toEqual({ tool: 'electron_snapshot', args: {} });
  });

  it('turns each redacted value into a secret parameter without a default', () => {
    const { spec, notes } = promote(trace(), options);
    expect(spec.parameters).toEqual({
      type_text: { type: 'string', secret: true, description: expect.stringContaining('redacted text of electron_type (call 5)') },
    });
    expect((spec.steps as any[])[2].args).toEqual({ selector: 'role=textbox[name="Password"]', text: { $param: 'type_text' } });
    expect(notes).toContain('secret parameter type_text: the redacted value of call 5 (electron_type /text)');
  });

  it('adds checkpoints from reads: short scalars only, volatile fields and long payloads left out, parameters as patterns', () => {
    const plain = (promote(trace(), options).spec.steps as any[])[4];
    expect(plain.expect).toEqual({ result: { '/text': { exact: 'Welcome back, ada' }, '/visible': { exact: true } } });
    const withParam = promote(trace(), { ...options, params: [{ name: 'user', seq: 4, pointer: '/text' }] }).spec;
    expect((withParam.steps as any[])[1].args.text).toEqual({ $param: 'user' });
    expect((withParam.steps as any[])[4].expect.result['/text']).toEqual({ regex: '^Welcome back, .+$' });
  });

  it('keeps exactly the chosen calls, a chosen failure checked by its code', () => {
    const steps = promote(trace(), { ...options, keep: [6, 7] }).spec.steps as any[];
    expect(steps).toEqual([
      { tool: 'electron_click', args: { selector: 'text="Go"' }, expect: { code: 'REF_NOT_FOUND' } },
      { tool: 'electron_click', args: { selector: 'role=button[name="Sign in"]' } },
    ]);
  });

  it('refuses what cannot make a spec, saying why', () => {
    const noLaunch = { ...trace(), calls: trace().calls.filter((c) => c.tool !== 'electron_launch') };
    expect(() => promote(noLaunch, options)).toThrow(/no successful electron_launch/);
    expect(() => promote(trace(), { ...options, keep: [42] })).toThrow(PromoteError);
    expect(() => promote(trace(), { ...options, params: [{ name: 'pw', seq: 5, pointer: '/text' }] })).toThrow(/was redacted/);
    expect(() => promote(trace(), { ...options, params: [{ name: 'Bad-Name', seq: 4, pointer: '/text' }] })).toThrow(
      /not a fresh parameter name/,
    );
  });
});
