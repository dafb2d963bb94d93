// A wait of several seconds with no sign of life makes hosts time out blindly; a wait the host
// gave up on must stop instead of polling the app on (issue 14, item 6).
import { describe, expect, it } from 'vitest';
import { withApp } from './test-support/shipped.js';

describe('progress on long calls of the shipped server', () => {
  it('a wait sends progress while it waits, and the host cancelling it stops the wait', async () => {
    await withApp('bench', async (app) => {
      const controller = new AbortController();
      const updates: { progress: number; message?: string }[] = [];
      let sawOne: () => void = () => undefined;
      const first = new Promise<void>((resolve) => (sawOne = resolve));
      const waiting = app.call(
        'electron_wait_for_selector',
        { selector: '#never-there', state: 'visible', timeoutMs: 60_000 },
        {
          signal: controller.signal,
          onprogress: (update) => {
            updates.push(update);
            sawOne();
          },
        },
      );
      await first;
      expect(updates[0].message).toMatch(/^electron_wait_for_selector running/);
      controller.abort('host gave up');
      await expect(waiting).rejects.toThrow(/host gave up|abort/i);
      // The server keeps serving the session right away (the abandoned poll stopped on its signal).
      expect(await app.call('electron_exists', { selector: 'body' })).toMatchObject({ ok: true, exists: true });
    });
  });

  it('an expect that fails after a few seconds sent progress meanwhile', async () => {
    await withApp('bench', async (app) => {
      const updates: unknown[] = [];
      const envelope = await app.call(
        'electron_expect_count',
        { selector: '#never-there', equals: 1, timeoutMs: 2500 },
        { onprogress: (update) => updates.push(update) },
      );
      expect(envelope).toMatchObject({ ok: false, code: 'EXPECTATION_FAILED' });
      expect(updates.length).toBeGreaterThan(0);
    });
  });
});
