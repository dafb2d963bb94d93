// The environment is the other way to tell a runtime to load code (NODE_OPTIONS, LD_PRELOAD, ...), and the server's own environment holds its bearer token: an agent sets only allowlisted names, and an app never inherits the server's STAGEWRIGHT_* variables.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, ok, type Connection } from './test-support/connect.js';
import { writeTinyApp } from './test-support/tiny-app.js';

const root = mkdtempSync(join(tmpdir(), 'sw-env-'));
const app = writeTinyApp(join(root, 'app'));

/** Names that change what the runtime is or loads: refused even when the operator asks to open them. */
const NEVER = [
  'NODE_OPTIONS',
  'node_options',
  'ELECTRON_RUN_AS_NODE',
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'DYLD_INSERT_LIBRARIES',
  'dyld_library_path',
];
/** Names outside the allowlist: refused unless the operator opens them with --allow-env. */
const UNLISTED = [
  'NODE_PATH',
  'ELECTRON_OVERRIDE_DIST_PATH',
  'ELECTRON_NO_ASAR',
  'HTTP_PROXY',
  'GTK_MODULES',
  'APP_MODE',
  'STAGEWRIGHT_HTTP_TOKEN',
];
/** The server's own variables, set here as an operator would. */
const SERVER_OWN = { STAGEWRIGHT_HTTP_TOKEN: 'server-secret-token', STAGEWRIGHT_LOG_LEVEL: 'debug', STAGEWRIGHT_ELECTRON_EXTRA: 'x' };

const readEnv = 'return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("npm_")))';

let conn: Connection;
const saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  for (const [key, value] of Object.entries(SERVER_OWN)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  conn = await connect({ appRoot: root, allowEval: ['main'] });
});
afterAll(async () => {
  await conn?.close();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('launch env', () => {
  it('runtime-changing names are refused, naming them; no flag opens them', async () => {
    for (const key of NEVER) {
      const r = await conn.call('electron_launch', { main: app, env: { TZ: 'UTC', [key]: '--require /outside.js' } });
      expect(r, key).toMatchObject({ ok: false, code: 'ENV_NOT_ALLOWED' });
      expect(String(r.error), key).toContain(key);
      const opened = await connect({ launchGrants: { env: [key] } }).catch((error: Error) => error);
      expect(String(opened), key).toMatch(new RegExp(`--allow-env ${key}: it changes how the runtime starts`));
    }
  });

  it('names outside the allowlist are refused naming the flag that opens them; nothing starts', async () => {
    for (const key of UNLISTED) {
      const r = await conn.call('electron_launch', { main: app, env: { [key]: 'x' } });
      expect(r, key).toMatchObject({ ok: false, code: 'ENV_NOT_ALLOWED', details: { refused: [key] } });
      expect(String(r.hint), key).toContain(`--allow-env ${key}`);
    }
    expect((await ok(conn, 'electron_status')).sessions).toEqual([]);
  });

  it("allowlisted names reach the app, and the server's own variables do not", async () => {
    await ok(conn, 'electron_launch', { main: app, env: { TZ: 'Asia/Tokyo', LANG: 'de_DE.UTF-8', LC_ALL: 'C', NODE_ENV: 'test' } });
    const env = (await ok(conn, 'electron_eval_main', { code: readEnv })).result as Record<string, string>;
    await ok(conn, 'electron_stop');
    expect(env).toMatchObject({ TZ: 'Asia/Tokyo', LANG: 'de_DE.UTF-8', LC_ALL: 'C', NODE_ENV: 'test' });
    expect(Object.keys(env).filter((key) => key.toUpperCase().startsWith('STAGEWRIGHT_'))).toEqual([]);
    expect(JSON.stringify(env)).not.toContain(SERVER_OWN.STAGEWRIGHT_HTTP_TOKEN);
    expect(env.PATH).toBe(process.env.PATH);
  });

  it('a name the operator opened reaches the app; it opens no other', async () => {
    const opened = await connect({ appRoot: root, allowEval: ['main'], launchGrants: { env: ['APP_MODE'] } });
    try {
      expect(await opened.call('electron_launch', { main: app, env: { NODE_PATH: '/outside' } })).toMatchObject({
        code: 'ENV_NOT_ALLOWED',
      });
      await ok(opened, 'electron_launch', { main: app, env: { APP_MODE: 'demo' } });
      expect((await ok(opened, 'electron_eval_main', { code: 'return process.env.APP_MODE' })).result).toBe('demo');
      await ok(opened, 'electron_stop');
    } finally {
      await opened.close();
    }
  });
});
