// The installed package and what the matrix prepares around it: an empty folder with the packed
// tarball installed (npm install, as npx does), a folder of files to attach and drop, the
// screenshot folder, the loopback API of the main-net app, and the packaged-app fixture.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronExecutable } from '@stagewright/fake-electron';
import { REPO_ROOT, installPackedServer, type InstalledServer } from '@stagewright/harness';
import { startApiServer, type ApiServer } from './api-server.js';
import type { MatrixEnv } from '../matrix/types.js';

export interface Prepared {
  installed: InstalledServer;
  env: MatrixEnv;
  /** What every server of the matrix gets in its environment: the Electron the apps run on. */
  serverEnv: Record<string, string>;
  api: ApiServer;
  cleanup(): Promise<void>;
}

export async function prepare(): Promise<Prepared> {
  const installed = installPackedServer('sw-matrix-');
  const scratch = mkdtempSync(join(tmpdir(), 'sw-matrix-files-'));
  const files = join(scratch, 'files');
  const screenshots = join(scratch, 'screenshots');
  mkdirSync(files);
  mkdirSync(screenshots, { mode: 0o700 });
  writeFileSync(join(files, 'notes.txt'), 'hello');
  const api = await startApiServer();
  return {
    installed,
    api,
    serverEnv: { STAGEWRIGHT_ELECTRON: electronExecutable() },
    env: {
      api,
      files,
      screenshots,
      traces: join(scratch, 'traces'),
      serverCwd: installed.dir,
      packagedApp: join(REPO_ROOT, 'libs/plugins/production/fixtures/linux-unpacked'),
    },
    async cleanup() {
      await api.close();
      installed.remove();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
