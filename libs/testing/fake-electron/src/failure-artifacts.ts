// A vitest setup file (vitest.shared.ts): when STAGEWRIGHT_TEST_ARTIFACTS names a folder (the
// real-Electron workflow sets it, ADR-0023), a failed test leaves a screenshot of every window of
// every app its file launched through AppScope there. Unset, as in `npm test`, it does nothing.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { liveApps } from './live-apps.js';

const dir = process.env['STAGEWRIGHT_TEST_ARTIFACTS'];
if (dir) {
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const name = `${context.task.file?.name ?? 'test'}-${context.task.name}`.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
    mkdirSync(dir, { recursive: true });
    let n = 0;
    for (const app of liveApps())
      for (const win of app.windows()) await win.screenshot({ path: join(dir, `${name}-${n++}.png`) }).catch(() => undefined);
  });
}
