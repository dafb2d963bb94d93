// ADR-0033: a launch without options runs the app on a fresh temporary userData, never the
// developer's own profile, and removes it when the session ends; a state saved by electron_stop
// {saveState} after a login starts the next session already signed in, and is never overwritten
// silently. Three launches of the login fixture on one server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultOutputDir } from '@stagewright/sdk';
import { loginApp } from '@stagewright/fixtures/login';
import { connect, ok, type Connection } from '../test-support/mcp.js';

describe('app state: isolated by default, reusable on request', () => {
  let conn: Connection;
  let home: string;
  let states: string;
  const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
  // The developer's own profile of the app, as Electron would find it without --user-data-dir.
  let profile: string;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'sw-home-'));
    states = mkdtempSync(join(tmpdir(), 'sw-states-'));
    process.env.HOME = home;
    process.env.XDG_CONFIG_HOME = join(home, '.config');
    profile = join(home, '.config', 'Sign in');
    mkdirSync(profile, { recursive: true });
    writeFileSync(join(profile, 'sentinel.json'), '{"developer":true}');
    conn = await connect({ allowEval: ['main'], stateDir: states });
  });
  afterAll(async () => {
    await conn?.call('electron_stop', {});
    await conn?.close();
    // Files of this project share one worker: put the environment back exactly (an unset name stays unset).
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    rmSync(home, { recursive: true, force: true });
    rmSync(states, { recursive: true, force: true });
  });

  const userDataOfApp = async () =>
    (await ok(conn, 'electron_eval_main', { code: "return electron.app.getPath('userData');" })).result as string;
  const status = async () => (await ok(conn, 'electron_get_text', { selector: '#status' })).text;

  it('runs the app on a fresh temporary userData, leaves the profile untouched, and saves the state after a login', async () => {
    const launched = await ok(conn, 'electron_launch', { main: loginApp.dir });
    expect(launched).toMatchObject({ userData: 'temporary' });
    expect(launched.state).toBeUndefined();
    const name = (await ok(conn, 'electron_eval_main', { code: 'return electron.app.getName();' })).result;
    expect(name).toBe('Sign in');
    const userData = await userDataOfApp();
    expect(userData.startsWith(`${defaultOutputDir('user-data')}/`)).toBe(true);
    expect(existsSync(userData)).toBe(true);

    await ok(conn, 'electron_type', { selector: '#username', text: 'ada' });
    await ok(conn, 'electron_click', { selector: '#sign-in button' });
    expect(await status()).toBe('Signed in as ada');

    const stopped = await ok(conn, 'electron_stop', { saveState: 'signed-in' });
    expect(stopped).toMatchObject({ savedState: 'signed-in' });
    expect(existsSync(userData)).toBe(false);
    expect(readdirSync(join(states, 'signed-in')).length).toBeGreaterThan(0);
    // The developer's profile: only the sentinel, as before.
    expect(readdirSync(profile)).toEqual(['sentinel.json']);
  });

  it('starts a second session from the saved state, already signed in, and never overwrites a state silently', async () => {
    const launched = await ok(conn, 'electron_launch', { main: loginApp.dir, state: 'signed-in' });
    expect(launched).toMatchObject({ userData: 'temporary', state: 'signed-in' });
    expect(await status()).toBe('Signed in as ada');
    const userData = await userDataOfApp();

    const refused = await conn.call('electron_stop', { saveState: 'signed-in' });
    expect(refused).toMatchObject({ ok: false, code: 'STATE_EXISTS', retryable: false });
    expect((await ok(conn, 'electron_status')).sessions).toMatchObject([{ state: 'running' }]);

    expect(await ok(conn, 'electron_stop', { saveState: 'signed-in', overwrite: true })).toMatchObject({ savedState: 'signed-in' });
    expect(existsSync(userData)).toBe(false);
    expect(readdirSync(profile)).toEqual(['sentinel.json']);
  });

  it('refuses a state name that is a path, and names the saved states for one that does not exist, starting nothing', async () => {
    for (const state of ['../signed-in', 'a/b', '.hidden', '']) {
      const r = await conn.call('electron_launch', { main: loginApp.dir, state });
      expect(r, state).toMatchObject({ ok: false });
      expect(['BAD_ARGUMENT'], state).toContain(r.code);
    }
    const missing = await conn.call('electron_launch', { main: loginApp.dir, state: 'nope' });
    expect(missing).toMatchObject({ ok: false, code: 'STATE_NOT_FOUND', details: { states: ['signed-in'] } });
    expect((await ok(conn, 'electron_status')).sessions).toEqual([]);
    expect(readdirSync(states)).toEqual(['signed-in']);
  });
});
