// The seams are what the trace, network and policy plugins are built on: an observer must see
// every finished call (refusals and bad arguments included) without ever changing one, a guard must
// be able to refuse with its own code before the handler runs, and a plugin whose setup hangs must
// fail startup loudly instead of leaving a server that never answers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolError, type DispatchRecord, type Plugin, type PluginSetupContext } from '@stagewright/sdk';
import type { InMemoryConnection } from '../test-fixtures/connect.js';
import { createServer } from '../server.js';
import { connectExample } from '../test-fixtures/connect.js';

const connections: InMemoryConnection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.close()));
});
async function connect(options: Parameters<typeof connectExample>[0]) {
  const connection = await connectExample(options);
  connections.push(connection);
  return connection;
}

const noInput = { type: 'object', properties: {}, additionalProperties: false } as never;

/** A plugin whose setup registers seams; `teardown` is observable. */
function seamPlugin(name: string, setup: (ctx: PluginSetupContext) => void | Promise<void>, extra: Partial<Plugin> = {}) {
  return {
    name,
    version: '1.0.0',
    sdkRange: '^1.0.0',
    tools: [{ name: 'noop', title: 'Noop', description: 'Do nothing.', kind: 'read', input: noInput, handle: () => ({ done: true }) }],
    setup,
    teardown: vi.fn<() => void>(),
    ...extra,
  } satisfies Plugin;
}

describe('dispatch observers', () => {
  it('see every finished call once, with arguments, envelope and times, including bad arguments and refusals', async () => {
    const records: DispatchRecord[] = [];
    const connection = await connect({ plugins: [seamPlugin('watch', (ctx) => ctx.observe((record) => void records.push(record)))] });

    expect(await connection.call('electron_demo_echo', { text: 'hi', mode: 'upper' })).toMatchObject({ ok: true, echo: 'HI' });
    expect(await connection.call('electron_demo_echo', { text: 7 })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await connection.call('electron_demo_eval_main', { code: '1' })).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
    expect(await connection.call('electron_demo_work', { behavior: 'throw' })).toMatchObject({ ok: false, code: 'INTERNAL_ERROR' });

    expect(records.map((r) => [r.tool, r.envelope.ok, r.envelope.code])).toEqual([
      ['electron_demo_echo', true, undefined],
      ['electron_demo_echo', false, 'BAD_ARGUMENT'],
      ['electron_demo_eval_main', false, 'EVAL_NOT_ALLOWED'],
      ['electron_demo_work', false, 'INTERNAL_ERROR'],
    ]);
    expect(records[0]).toMatchObject({ args: { text: 'hi', mode: 'upper' }, envelope: { echo: 'HI', _meta: {} }, images: 0 });
    expect(records[1].args).toEqual({ text: 7 });
    for (const record of records) expect(record.endedAt).toBeGreaterThanOrEqual(record.startedAt);
  });

  it('that throw or reject are logged and never change the answer or stop the next observer', async () => {
    const seen: string[] = [];
    const plugins = [
      seamPlugin('thrower', (ctx) =>
        ctx.observe(() => {
          throw new Error('observer bug');
        }),
      ),
      seamPlugin('rejecter', (ctx) => ctx.observe(async () => Promise.reject(new Error('async observer bug')))),
      seamPlugin('counter', (ctx) => ctx.observe((record) => void seen.push(record.tool))),
    ];
    const connection = await connect({ plugins });
    expect(await connection.call('electron_demo_echo', { text: 'still fine' })).toMatchObject({ ok: true, echo: 'still fine' });
    expect(await connection.call('thrower_noop')).toMatchObject({ ok: true, done: true });
    expect(seen).toEqual(['electron_demo_echo', 'thrower_noop']);
  });

  it('get a copy of the arguments, so mutating it changes nothing for the handler', async () => {
    const connection = await connect({
      plugins: [seamPlugin('mutate', (ctx) => ctx.observe((record) => void Object.assign(record.args as object, { text: 'changed' })))],
    });
    expect(await connection.call('electron_demo_echo', { text: 'kept' })).toMatchObject({ echo: 'kept' });
    expect(await connection.call('electron_demo_echo', { text: 'kept again' })).toMatchObject({ echo: 'kept again' });
  });
});

describe('guards', () => {
  const readOnly = () =>
    seamPlugin(
      'policy',
      (ctx) =>
        ctx.guard((call) => {
          if (call.tool === 'electron_demo_work')
            throw new ToolError('policy.READ_ONLY', `${call.tool} is refused: this server is read-only.`);
        }),
      { errorCodes: { READ_ONLY: { retryable: false, hint: 'Ask the operator to drop the policy plugin.' } } },
    );

  it('refuse a call before its handler with the plugin code and hint, and let the others through', async () => {
    const connection = await connect({ plugins: [readOnly()] });
    expect(await connection.call('electron_demo_work', { behavior: 'throw' })).toMatchObject({
      ok: false,
      code: 'policy.READ_ONLY',
      error: 'electron_demo_work is refused: this server is read-only.',
      hint: 'Ask the operator to drop the policy plugin.',
      retryable: false,
    });
    expect(await connection.call('electron_demo_echo', { text: 'allowed' })).toMatchObject({ ok: true, echo: 'allowed' });
  });

  it('see validated arguments only: a bad call is refused by validation first', async () => {
    const guard = vi.fn();
    const connection = await connect({ plugins: [seamPlugin('spy', (ctx) => ctx.guard(guard))] });
    await connection.call('electron_demo_echo', { text: 1 });
    expect(guard).not.toHaveBeenCalled();
    await connection.call('electron_demo_echo', { text: 'ok' });
    expect(guard).toHaveBeenCalledWith({ tool: 'electron_demo_echo', args: { text: 'ok' } });
  });

  it('that break fail closed with INTERNAL_ERROR naming the plugin', async () => {
    const connection = await connect({
      plugins: [
        seamPlugin('buggy', (ctx) =>
          ctx.guard(() => {
            throw new TypeError('cannot read policy');
          }),
        ),
      ],
    });
    expect(await connection.call('electron_demo_echo', { text: 'x' })).toMatchObject({
      ok: false,
      code: 'INTERNAL_ERROR',
      error: 'plugin "buggy" guard failed: cannot read policy; electron_demo_echo was refused (a broken guard fails closed).',
      details: { plugin: 'buggy' },
    });
  });

  it('that throw a code they did not declare fail as broken guards, not as refusals', async () => {
    const connection = await connect({
      plugins: [
        seamPlugin('spoof', (ctx) =>
          ctx.guard(() => {
            throw new ToolError('policy.READ_ONLY', 'refused in another plugin voice');
          }),
        ),
      ],
    });
    expect(await connection.call('electron_demo_echo', { text: 'x' })).toMatchObject({
      ok: false,
      code: 'INTERNAL_ERROR',
      error: expect.stringContaining('plugin "spoof" guard threw error code "policy.READ_ONLY", which is not one of its declared codes'),
    });
  });
});

describe('setup deadline', () => {
  it('fails startup naming the plugin when setup never settles, and tears down it and those before it', async () => {
    const earlier = seamPlugin('early', () => undefined);
    const hanging = seamPlugin('stuck', () => new Promise<void>(() => undefined));
    const later = seamPlugin('late', vi.fn());
    await expect(createServer({ plugins: [earlier, hanging, later], pluginSetupTimeoutMs: 200 })).rejects.toThrow(
      'plugin "stuck": setup did not finish within 200 ms; fix the plugin or raise --plugin-setup-timeout-ms.',
    );
    expect(earlier.teardown).toHaveBeenCalledTimes(1);
    expect(hanging.teardown).toHaveBeenCalledTimes(1);
    expect(later.setup).not.toHaveBeenCalled();
  });

  it('aborts the setup signal at the deadline, so a plugin can stop what it started', async () => {
    let signal: AbortSignal | undefined;
    const plugin = seamPlugin('slow', (ctx) => {
      signal = ctx.signal;
      return new Promise<void>(() => undefined);
    });
    await expect(createServer({ plugins: [plugin], pluginSetupTimeoutMs: 100 })).rejects.toThrow(/setup did not finish within 100 ms/);
    expect(signal?.aborted).toBe(true);
  });

  it('tears down a plugin whose own setup threw, and drops the seams it registered first', async () => {
    const observer = vi.fn();
    const broken = seamPlugin('broken', (ctx) => {
      ctx.observe(observer);
      throw new Error('device missing');
    });
    await expect(createServer({ plugins: [broken] })).rejects.toThrow('plugin "broken": setup failed: device missing');
    expect(broken.teardown).toHaveBeenCalledTimes(1);
  });

  it('refuses a deadline that is not a positive integer', async () => {
    await expect(createServer({ pluginSetupTimeoutMs: 0 })).rejects.toThrow('pluginSetupTimeoutMs must be a positive integer (ms), got 0.');
  });
});
