// electron_status and electron_doctor are what an agent calls when something is off: they must
// report the server's state and the runtime a launch would use, without leaking call details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, launchTestApp, ok, type Connection } from '../test-support/mcp.js';

describe('status and doctor', () => {
  let conn: Connection;

  beforeAll(async () => {
    conn = await connect();
  });
  afterAll(async () => {
    await conn?.close();
  });

  it('lists the tool with a description naming started_at and last_error', async () => {
    const { tools } = await conn.client.listTools();
    const status = tools.find((t) => t.name === 'electron_status')!;
    expect(status.description).toContain('started_at');
    expect(status.description).toContain('last_error');
  });

  it('reports version, uptime, no error yet, and each session with its state', async () => {
    const before = await ok(conn, 'electron_status');
    expect(before.server).toMatchObject({ version: expect.any(String), uptime_s: expect.any(Number), last_error: null });
    const id = await launchTestApp(conn, 'hazards');
    const during = await ok(conn, 'electron_status');
    expect(during.sessions).toMatchObject([
      { id, kind: 'launched', state: 'running', windows: 1, activeWindow: 'w1', pid: expect.any(Number) },
    ]);
    await conn.call('electron_click', { selector: '.twin' });
    expect(((await ok(conn, 'electron_status')).server as Record<string, unknown>).last_error).toEqual({
      code: 'AMBIGUOUS_SELECTOR',
      tool: 'electron_click',
      at: expect.any(String),
    });
    await ok(conn, 'electron_stop');
  });

  it('doctor names the runtime launches would use and the eval policy', async () => {
    const report = await ok(conn, 'electron_doctor');
    const checks = report.checks as { name: string; ok: boolean; detail: string }[];
    expect(checks.map((c) => c.name)).toEqual(
      expect.arrayContaining(['node', 'playwright-core', 'electron runtime', 'display', 'screenshot dir', 'eval policy']),
    );
    expect(checks.find((c) => c.name === 'electron runtime')).toMatchObject({
      ok: true,
      detail: expect.stringContaining('fallback runtime'),
    });
    expect(checks.find((c) => c.name === 'eval policy')?.detail).toContain('off');
  });
});
