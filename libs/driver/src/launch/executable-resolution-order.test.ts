// Which binary runs an app decides everything after it; the documented order (call, env, the
// app's own electron, the fallback runtime) must hold, and a missing one must say what to set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORE_ERROR_CODES, isToolError, type CoreErrorCode } from '@stagewright/sdk';
import { resolveExecutable } from './executable.js';
import { childEnv, isRefusedEnvKey } from './env-policy.js';

describe('resolveExecutable', () => {
  let dir: string;
  let app: string;
  let bare: string;
  const file = (path: string) => {
    writeFileSync(path, '#!/bin/sh\n');
    return path;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sw-exe-'));
    app = join(dir, 'app');
    mkdirSync(join(app, 'node_modules/electron/dist'), { recursive: true });
    writeFileSync(join(app, 'package.json'), '{"main":"main.js"}');
    writeFileSync(join(app, 'node_modules/electron/package.json'), '{"name":"electron","version":"30.0.0"}');
    writeFileSync(join(app, 'node_modules/electron/path.txt'), 'electron');
    file(join(app, 'node_modules/electron/dist/electron'));
    bare = join(dir, 'bare');
    mkdirSync(bare);
    file(join(dir, 'call-electron'));
    file(join(dir, 'env-electron'));
    file(join(dir, 'fallback'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prefers the call, then STAGEWRIGHT_ELECTRON, then the app package, then the fallback', () => {
    const env = { STAGEWRIGHT_ELECTRON: join(dir, 'env-electron') };
    const fallback = join(dir, 'fallback');
    expect(resolveExecutable({ executablePath: join(dir, 'call-electron'), main: app }, env, fallback)).toEqual({
      path: join(dir, 'call-electron'),
      source: 'executablePath',
    });
    expect(resolveExecutable({ main: app }, env, fallback).source).toBe('STAGEWRIGHT_ELECTRON');
    expect(resolveExecutable({ main: join(app, 'main.js') }, {}, fallback)).toEqual({
      path: join(app, 'node_modules/electron/dist/electron'),
      source: 'app electron package',
    });
    expect(resolveExecutable({ main: bare }, {}, fallback)).toEqual({ path: fallback, source: 'fallback runtime' });
  });

  it('fails with LAUNCH_FAILED naming STAGEWRIGHT_ELECTRON when nothing is found or a path is missing', () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
        return undefined;
      } catch (error) {
        return isToolError(error) ? { code: error.code, hint: CORE_ERROR_CODES[error.code as CoreErrorCode]?.hint } : error;
      }
    };
    expect(codeOf(() => resolveExecutable({ main: bare }, {}, undefined))).toEqual({
      code: 'LAUNCH_FAILED',
      hint: expect.stringContaining('STAGEWRIGHT_ELECTRON'),
    });
    expect(codeOf(() => resolveExecutable({ main: bare }, { STAGEWRIGHT_ELECTRON: join(dir, 'nope') }, undefined))).toMatchObject({
      code: 'LAUNCH_FAILED',
    });
    expect(codeOf(() => resolveExecutable({ executablePath: join(dir, 'nope') }, {}, join(dir, 'fallback')))).toMatchObject({
      code: 'LAUNCH_FAILED',
    });
  });
});

describe('child environment', () => {
  it('refuses runtime-changing keys from the caller and drops them from the inherited env', () => {
    for (const key of ['ELECTRON_RUN_AS_NODE', 'NODE_OPTIONS', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'DYLD_INSERT_LIBRARIES', 'node_options']) {
      expect(isRefusedEnvKey(key), key).toBe(true);
    }
    expect(isRefusedEnvKey('ELECTRON_ENABLE_LOGGING')).toBe(false);
    expect(() => childEnv({}, { NODE_OPTIONS: '--require x' }, ['NODE_OPTIONS'])).toThrow(/NODE_OPTIONS/);
    expect(childEnv({ PATH: '/bin', NODE_OPTIONS: '-r x', LD_PRELOAD: 'y' }, { TZ: 'UTC', APP_MODE: 'test' }, ['APP_MODE'])).toEqual({
      PATH: '/bin',
      TZ: 'UTC',
      APP_MODE: 'test',
    });
  });

  it("takes only allowlisted or operator-opened names from the caller, and never the server's STAGEWRIGHT_* variables", () => {
    expect(() => childEnv({}, { APP_MODE: 'test' })).toThrow(/--allow-env APP_MODE/);
    const inherited = { PATH: '/bin', STAGEWRIGHT_HTTP_TOKEN: 'secret', stagewright_log_level: 'debug', CHROMIUM_PATH: '/c' };
    expect(childEnv(inherited, { LC_ALL: 'C' })).toEqual({ PATH: '/bin', CHROMIUM_PATH: '/c', LC_ALL: 'C' });
  });
});
