// A new user's first calls fail for ordinary reasons (a wrong path, a narrow profile). Each
// failure must say what was tried (the resolved path and what it was resolved against), point
// only at tools the agent can call, and carry next_actions every time, in plain text.
import { describe, expect, it } from 'vitest';
import { basename, dirname, join } from 'node:path';
import { createStagewrightServer } from '@stagewright/mcp-server';
import { connect, ok } from '../test-support/mcp.js';
import { fixturePath } from '../test-support/fixtures.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for terminal escapes is the point
const ANSI = /\u001b\[/;

describe('electron_launch paths', () => {
  it('resolves a relative main against --app-root, says so, and names the resolved path when it is missing', async () => {
    const root = dirname(fixturePath('notes'));
    const conn = await connect({ appRoot: root });
    try {
      const launched = await ok(conn, 'electron_launch', { main: basename(fixturePath('notes')) });
      expect(launched.main).toEqual({ path: fixturePath('notes'), resolvedAgainst: 'app-root' });
      await ok(conn, 'electron_stop');
      const missing = await conn.call('electron_launch', { main: 'no-such-app' });
      expect(missing).toMatchObject({ ok: false, code: 'LAUNCH_FAILED', details: { param: 'main', path: join(root, 'no-such-app') } });
      expect(String(missing.error)).toContain(join(root, 'no-such-app'));
      expect(String(missing.error)).toContain('--app-root');
    } finally {
      await conn.close();
    }
  });

  it('without --app-root resolves against the working directory and answers in plain text', async () => {
    const conn = await connect();
    try {
      const missing = await conn.call('electron_launch', { main: 'no-such-app' });
      expect(missing).toMatchObject({ ok: false, code: 'LAUNCH_FAILED', details: { path: join(process.cwd(), 'no-such-app') } });
      expect(String(missing.error)).toContain('working directory');
      expect(JSON.stringify(missing)).not.toMatch(ANSI);
    } finally {
      await conn.close();
    }
  });
});

describe('hints and next_actions under a profile', () => {
  it('never send the agent to a tool the profile hides, and every error carries next_actions', async () => {
    const saved = process.env.STAGEWRIGHT_ELECTRON;
    delete process.env.STAGEWRIGHT_ELECTRON;
    // No fallback runtime: the launch fails the way it does on a machine without Electron.
    const conn = await connect({ toolProfile: 'testing', create: (options) => createStagewrightServer(options) });
    try {
      const failed = await conn.call('electron_launch', { main: fixturePath('notes') });
      expect(failed).toMatchObject({ ok: false, code: 'LAUNCH_FAILED' });
      // The failure whose guidance used to send the agent to electron_doctor, hidden by `testing`.
      expect(String(failed.error)).toContain('No Electron executable found');
      const listed = new Set(((await conn.client.listTools()).tools as { name: string }[]).map((t) => t.name));
      expect(listed.has('electron_doctor')).toBe(false);
      const named = (text: string) => text.match(/\belectron_[a-z_]+/g) ?? [];
      const errors = [
        failed,
        await conn.call('electron_snapshot', {}),
        await conn.call('electron_click', { ref: 4 }),
        await conn.call('electron_doctor', {}),
        await conn.call('electron_nope', {}),
      ];
      for (const error of errors) {
        expect(error.ok, JSON.stringify(error)).toBe(false);
        expect(Array.isArray(error.next_actions), JSON.stringify(error)).toBe(true);
        for (const tool of [...(error.next_actions as string[]), ...named(String(error.hint ?? ''))]) {
          expect(listed.has(tool), `${tool} in ${JSON.stringify(error)}`).toBe(true);
        }
      }
    } finally {
      if (saved !== undefined) process.env.STAGEWRIGHT_ELECTRON = saved;
      await conn.close();
    }
  });
});
