// Long operations must show life (progress) and stop when the host gives up (cancellation);
// otherwise hosts time out blindly and abandoned work keeps running in the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryConnection } from '../test-fixtures/connect.js';
import { connectExample } from '../test-fixtures/connect.js';
import { observed } from '../test-fixtures/example-tools.js';

let connection: InMemoryConnection;
beforeAll(async () => {
  connection = await connectExample({ operationTimeoutMs: 10_000 });
});
afterAll(() => connection.close());

describe('progress and cancellation', () => {
  it('sends notifications/progress when the request carries a progress token', async () => {
    const updates: unknown[] = [];
    const envelope = await connection.call(
      'electron_demo_work',
      { behavior: 'progress' },
      { onprogress: (update) => updates.push(update) },
    );
    expect(envelope).toMatchObject({ ok: true, steps: 3 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(updates).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
  });

  it('sends a heartbeat from a call that reports nothing itself, until the host cancels it', async () => {
    observed.abortReason = undefined;
    const controller = new AbortController();
    const updates: { progress: number; message?: string }[] = [];
    let sawTwo: () => void = () => undefined;
    const twoBeats = new Promise<void>((resolve) => (sawTwo = resolve));
    const pending = connection.call(
      'electron_demo_work',
      { behavior: 'wait' },
      {
        signal: controller.signal,
        onprogress: (update) => {
          updates.push(update);
          if (updates.length === 2) sawTwo();
        },
      },
    );
    await twoBeats;
    controller.abort('enough');
    await expect(pending).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(observed.abortReason).toMatchObject({ code: 'CANCELLED' });
    expect(updates[0].message).toMatch(/^electron_demo_work running \(\d+s\)$/);
    expect(updates[1].progress).toBeGreaterThan(updates[0].progress);
  });

  it('aborts the handler signal when the client cancels, and keeps serving', async () => {
    observed.abortReason = undefined;
    const controller = new AbortController();
    const pending = connection.call('electron_demo_work', { behavior: 'wait' }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort('user gave up');
    await expect(pending).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(observed.abortReason).toMatchObject({ code: 'CANCELLED' });
    expect(await connection.call('electron_demo_work', { behavior: 'ok' })).toMatchObject({ ok: true });
  });
});
