// Captured IPC often carries credentials, and a chatty channel must not grow the app's memory or
// the agent's context without bound: redaction happens before storage, the buffer is a ring.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { withApp } from '@stagewright/harness';
import { connectIpc } from './test-support/ipc-server.js';
import { PINNED_CREDENTIAL_FIELDS } from '@stagewright/harness';

type Connection = Awaited<ReturnType<ReturnType<typeof connectIpc>>>;

describe('ipc redaction and ring buffer', () => {
  // The two tests with the default keys share one app; each reads from the cursor where it began
  // (the buffer carries on across captures), so each sees exactly its own event.
  let app: Connection;
  beforeAll(async () => {
    app = await connectIpc()();
    expect(await app.call('electron_launch', { main: ipcApp.dir })).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await app?.call('electron_stop', {}).catch(() => undefined);
    await app?.close();
  });
  const readFromHere = async () => {
    await app.call('ipc_capture', { channels: ['echo'] });
    const { cursor } = await app.call('ipc_read', {});
    return async () => (await app.call('ipc_read', { cursor })).events as Record<string, unknown>[];
  };

  it('redacts the default secret keys in args and results, at any depth', async () => {
    const readEvents = await readFromHere();
    const login = { user: 'ada', password: 'hunter2', nested: { Authorization: 'Bearer x', keep: 1 } };
    // The handler itself still sees the real value: redaction is of the record only.
    expect(await app.call('ipc_invoke', { channel: 'echo', args: [login] })).toMatchObject({ ok: true });
    const redacted = { user: 'ada', password: '[redacted]', nested: { Authorization: '[redacted]', keep: 1 } };
    const [event] = await readEvents();
    expect(event).toMatchObject({ type: 'handle', channel: 'echo', args: [redacted], result: redacted });
    expect(JSON.stringify(event)).not.toContain('hunter2');
  });

  it('redacts every default credential key, however spelled, at any depth', async () => {
    const keys = PINNED_CREDENTIAL_FIELDS;
    const spellings = [...keys, 'Set-Cookie', 'private_key', 'X-Api-Key', 'newPassword', 'access_token', 'clientSecret'];
    const readEvents = await readFromHere();
    const payload = spellings.map((key) => ({ deep: { list: [{ [key]: `S3CRET-${key}`, keep: key }] } }));
    expect(await app.call('ipc_invoke', { channel: 'echo', args: [payload] })).toMatchObject({ ok: true });
    const [event] = await readEvents();
    const expected = spellings.map((key) => ({ deep: { list: [{ [key]: '[redacted]', keep: key }] } }));
    expect(event).toMatchObject({ args: [expected], result: expected });
    expect(JSON.stringify(event)).not.toContain('S3CRET');
  });

  it('redacts the configured keys instead, and truncates a huge value', async () => {
    await withApp(connectIpc({ config: { redact: ['user'] } }), ipcApp, async (app) => {
      await app.call('ipc_capture', { channels: ['echo'] });
      await app.call('ipc_invoke', { channel: 'echo', args: [{ user: 'ada', password: 'p' }] });
      await app.call('ipc_invoke', { channel: 'echo', args: [Array.from({ length: 40 }, () => 'x'.repeat(900))] });
      const [small, big] = (await app.call('ipc_read', {})).events as Record<string, unknown>[];
      expect(small.args).toEqual([{ user: '[redacted]', password: 'p' }]);
      expect(big.args).toMatchObject({ truncated: true });
      expect(JSON.stringify(big).length).toBeLessThan(5_000);
    });
  });

  it('keeps the newest maxEvents events and counts the dropped ones', async () => {
    await withApp(connectIpc({ config: { maxEvents: 10 } }), ipcApp, async (app) => {
      await app.call('ipc_capture', { channels: ['echo'] });
      for (let i = 1; i <= 14; i++) await app.call('ipc_invoke', { channel: 'echo', args: [i] });
      const page = await app.call('ipc_read', { limit: 6 });
      expect(page).toMatchObject({ ok: true, dropped: 4, missed: 4, more: true, cursor: 10 });
      expect((page.events as { result: number }[]).map((event) => event.result)).toEqual([5, 6, 7, 8, 9, 10]);
      const rest = await app.call('ipc_read', { cursor: page.cursor as number });
      expect(rest).toMatchObject({ missed: 0, more: false, cursor: 14 });
      expect((rest.events as { result: number }[]).map((event) => event.result)).toEqual([11, 12, 13, 14]);
    });
  });
});
