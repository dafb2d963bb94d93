// A plugin runs in the server's process, so its bugs cannot be contained, but what reaches the
// agent can: a failure must name the plugin, a broken guard must never keep the agent from looking
// at or stopping its app, a plugin must not speak with codes it never declared or with another
// plugin's, and a runaway answer must be cut, not forwarded. Driven on one real fixture app
// through the shipped server with two small test plugins (ADR-0019).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError, type AnyToolDefinition, type Plugin } from '@stagewright/sdk';
import { connectInMemory, fixturePath, type InMemoryConnection } from './test-support/shipped.js';

const noInput = { type: 'object', properties: {}, additionalProperties: false } as never;
const tool = (name: string, handle: () => unknown): AnyToolDefinition =>
  ({ name, title: name, description: `Test tool ${name}.`, kind: 'read', input: noInput, handle }) as AnyToolDefinition;

/** About 2.3 MB of JSON: what reached an agent before answers were bounded. */
const HUGE = Array.from({ length: 20_000 }, (_, i) => ({ i, text: `row ${i} `.padEnd(100, 'x') }));

const policy = { broken: false };
const faulty: Plugin = {
  name: 'faulty',
  version: '1.0.0',
  sdkRange: '^1.0.0',
  errorCodes: { OWN: { retryable: true, hint: 'The own hint.' } },
  tools: [
    tool('throw', () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    }),
    tool('own', () => {
      throw new ToolError('faulty.OWN', 'mine to say');
    }),
    tool('undeclared', () => {
      throw new ToolError('faulty.NEVER_DECLARED', 'made up');
    }),
    tool('foreign', () => {
      // A plugin built against an older sdk may still set a hint on what it throws; it is ignored.
      throw Object.assign(new ToolError('other.READ_ONLY', 'spoofed'), { hint: 'Ask the operator.' });
    }),
    tool('core', () => {
      throw new ToolError('NO_SESSION', 'No app is running.');
    }),
    tool('huge', () => ({ rows: HUGE, total: HUGE.length })),
    tool('coded', () => ({ code: 'READY', value: 1 })),
  ],
  setup: (ctx) =>
    ctx.guard((call) => {
      if (policy.broken && call.tool !== 'electron_launch') throw new TypeError('policy file unreadable');
    }),
};
const other: Plugin = {
  name: 'other',
  version: '1.0.0',
  sdkRange: '^1.0.0',
  errorCodes: { READ_ONLY: { retryable: false, hint: 'The other plugin hint.' } },
  tools: [tool('noop', () => ({ done: true }))],
};

let conn: InMemoryConnection;
let sessionId: string;
beforeAll(async () => {
  conn = await connectInMemory({ plugins: [faulty, other] });
  const launched = await conn.call('electron_launch', { main: fixturePath('bench') });
  expect(launched).toMatchObject({ ok: true });
  sessionId = launched.sessionId as string;
});
afterAll(async () => {
  policy.broken = false;
  await conn?.call('electron_stop', { sessionId }).catch(() => undefined);
  await conn?.close();
});

describe('a plugin tool that fails', () => {
  it('answers INTERNAL_ERROR naming the plugin when its handler throws, and the server keeps serving', async () => {
    expect(await conn.call('faulty_throw')).toMatchObject({
      ok: false,
      code: 'INTERNAL_ERROR',
      error: `plugin "faulty" failed in faulty_throw: Cannot read properties of undefined (reading 'x')`,
      hint: expect.stringContaining('plugin "faulty"'),
      details: { plugin: 'faulty' },
    });
    expect(await conn.call('electron_windows', { sessionId })).toMatchObject({ ok: true });
  });

  it('keeps its declared codes, qualified, and core codes', async () => {
    expect(await conn.call('faulty_own')).toMatchObject({ ok: false, code: 'faulty.OWN', hint: 'The own hint.', retryable: true });
    expect(await conn.call('faulty_core')).toMatchObject({ ok: false, code: 'NO_SESSION' });
  });

  it('cannot send a code it never declared, or one in another plugin namespace', async () => {
    for (const [name, code] of [
      ['faulty_undeclared', 'faulty.NEVER_DECLARED'],
      ['faulty_foreign', 'other.READ_ONLY'],
    ]) {
      const envelope = await conn.call(name);
      expect(envelope).toMatchObject({ ok: false, code: 'INTERNAL_ERROR', details: { plugin: 'faulty' } });
      expect(envelope.error).toContain(`plugin "faulty" answered ${name} with error code "${code}", which it did not declare`);
      expect(envelope.hint).not.toBe('Ask the operator.');
    }
  });
});

describe('a plugin tool answer', () => {
  it('is cut to the cap, flagged truncated, saying what was cut and what to do next', async () => {
    const raw = await conn.callRaw('faulty_huge');
    const text = raw.content[0]?.type === 'text' ? raw.content[0].text : '';
    expect(raw.isError).toBeFalsy();
    expect(text.length).toBeLessThanOrEqual(100_000);
    const envelope = JSON.parse(text);
    expect(envelope).toMatchObject({
      ok: true,
      truncated: true,
      total: 20_000,
      truncation: {
        limit_chars: 100_000,
        original_chars: expect.any(Number),
        hint: expect.stringContaining('stagewright://tools/faulty_huge'),
      },
    });
    expect(envelope.truncation.original_chars).toBeGreaterThan(2_000_000);
    expect(envelope.rows.length).toBeGreaterThan(500);
    expect(envelope.rows.length).toBeLessThan(20_000);
    expect(envelope.rows[3]).toEqual(HUGE[3]);
    expect(envelope.truncation.cut).toEqual([`/rows: ${envelope.rows.length} of 20000 items kept`]);
  });

  it('never carries code in an ok envelope: a field named code is kept as result_code', async () => {
    const envelope = await conn.call('faulty_coded');
    expect(envelope).toMatchObject({ ok: true, result_code: 'READY', value: 1 });
    expect(envelope).not.toHaveProperty('code');
  });
});

describe('a guard that breaks', () => {
  it('fails closed on other tools, naming the plugin, but never blocks electron_status, electron_plugins or electron_stop', async () => {
    policy.broken = true;
    try {
      const refused = await conn.call('electron_snapshot', { sessionId });
      expect(refused).toMatchObject({ ok: false, code: 'INTERNAL_ERROR', details: { plugin: 'faulty' } });
      expect(refused.error).toContain('plugin "faulty" guard failed: policy file unreadable');
      expect(await conn.call('other_noop')).toMatchObject({ ok: false, code: 'INTERNAL_ERROR' });

      expect(await conn.call('electron_status')).toMatchObject({ ok: true });
      expect(await conn.call('electron_plugins')).toMatchObject({ ok: true });
      expect(await conn.call('electron_stop', { sessionId })).toMatchObject({ ok: true });
    } finally {
      policy.broken = false;
    }
  });
});
