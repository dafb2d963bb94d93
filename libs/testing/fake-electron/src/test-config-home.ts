// A vitest setup file (vitest.shared.ts): each test file gets its own empty XDG_CONFIG_HOME and
// XDG_CACHE_HOME, removed after the file. Apps launched through the server (electron_launch
// passes the environment on) then keep their default userData (<appData>/<app name>, appData
// being $XDG_CONFIG_HOME on Linux, as in Electron) there, never in the developer's ~/.config,
// even where a launcher passes no --user-data-dir of its own.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const saved = { config: process.env['XDG_CONFIG_HOME'], cache: process.env['XDG_CACHE_HOME'] };
// Named, not created: the folder appears only when an app writes its userData (Chromium creates
// it), so a file whose tests are all skipped (no afterAll runs) leaves nothing behind.
const home = join(tmpdir(), `fe-xdg-${process.pid}-${randomBytes(6).toString('hex')}`);
process.env['XDG_CONFIG_HOME'] = join(home, 'config');
process.env['XDG_CACHE_HOME'] = join(home, 'cache');

const remove = () => rmSync(home, { recursive: true, force: true, maxRetries: 3 });

afterAll(() => {
  for (const [key, value] of [
    ['XDG_CONFIG_HOME', saved.config],
    ['XDG_CACHE_HOME', saved.cache],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  remove();
});
