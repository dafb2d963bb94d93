// A launch warms the first window before it answers (issue 24: Playwright's injected scripts and
// snapshot code, paid there instead of by the agent's first read). The warm-up must be invisible:
// the first snapshot is byte for byte what raw Playwright reads from a fresh copy of the same app
// that nobody warmed (the same refs: a warm-up of a subtree would have numbered its elements
// first), the agent's first since="last" is still a full read, a ref from it acts, and nothing
// but JSON-RPC reaches stdout.
import { afterAll, describe, expect, it } from 'vitest';
import { _electron, type ElectronApplication } from 'playwright-core';
import { electronExecutable } from '@stagewright/fake-electron';
import { parseEnvelope, rawStdio, type RawStdio } from '@stagewright/harness';
import { fixturePath } from './test-support/shipped.js';

describe('the first-window warm-up', () => {
  let raw: RawStdio | undefined;
  let unwarmed: ElectronApplication | undefined;
  afterAll(async () => {
    await raw?.close();
    await unwarmed?.close().catch(() => undefined);
  });

  it('leaves the first snapshot, its refs and stdout as they were', async () => {
    raw = rawStdio([], { STAGEWRIGHT_ELECTRON: electronExecutable() });
    let id = 0;
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      raw!.send({ id: ++id, method: 'tools/call', params: { name, arguments: args } });
      const answer = await raw!.answer(id, 60_000);
      return parseEnvelope(answer.result) as Record<string, unknown>;
    };
    raw.send({
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    });
    await raw.answer('init');
    raw.send({ method: 'notifications/initialized' });

    const [launched, page] = await Promise.all([
      call('electron_launch', { main: fixturePath('bench') }),
      _electron.launch({ executablePath: electronExecutable(), args: [fixturePath('bench')] }).then(async (app) => {
        unwarmed = app;
        const first = await app.firstWindow();
        await first.waitForURL((url) => url.href !== 'about:blank', { waitUntil: 'domcontentloaded' });
        return first;
      }),
    ]);
    expect(launched).toMatchObject({ ok: true });
    // The warm-up reads the whole small page in ai mode, but sets no since="last" baseline: the
    // agent's first diff request still gets the full page.
    const snapshot = await call('electron_snapshot', { since: 'last' });
    expect(snapshot).toMatchObject({ diff: false, fullReason: 'no-previous' });
    expect(snapshot.snapshot).toBe(await page.ariaSnapshot({ mode: 'ai' }));

    const ref = /button "Refresh list" \[ref=(e\d+)\]/.exec(snapshot.snapshot as string)?.[1];
    expect(ref).toBeDefined();
    expect(await call('electron_get_text', { ref })).toMatchObject({ ok: true, text: 'Refresh list' });

    await call('electron_stop');
    const lines = raw.stdout().split('\n').filter(Boolean);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  });
});
