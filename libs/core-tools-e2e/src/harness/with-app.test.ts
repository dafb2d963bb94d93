// withApp is how every tool test gets a running app: it must hand over a launched session on the
// shipped server and always stop it, or failing tests would leak Electron processes.
import { describe, expect, it } from 'vitest';
import { withApp } from '../test-support/with-app.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number): Promise<boolean> {
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return !alive(pid);
}

describe('withApp', () => {
  it('launches a fixture app on the shipped server and stops it afterwards', async () => {
    let pid = 0;
    const status = await withApp('bench', async (app) => {
      expect(app.launched).toMatchObject({ ok: true, sessionId: expect.any(String) });
      expect(app.sessionId).toBe(app.launched.sessionId);
      pid = app.launched.pid as number;
      expect(alive(pid)).toBe(true);
      return app.call('electron_status');
    });
    expect(status.ok).toBe(true);
    expect(await waitForExit(pid)).toBe(true);
  });

  it('stops the app even when the test body throws', async () => {
    let pid = 0;
    await expect(
      withApp('bench', async (app) => {
        pid = app.launched.pid as number;
        throw new Error('assertion failed inside');
      }),
    ).rejects.toThrow('assertion failed inside');
    expect(pid).toBeGreaterThan(0);
    expect(await waitForExit(pid)).toBe(true);
  });
});
