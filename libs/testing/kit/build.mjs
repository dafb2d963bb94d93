// Builds the publishable @stagewright/testing into dist/libs/testing/kit: the compiled kit
// (tsc, with declarations), the stand-in runtime (libs/testing/fake-electron: bin and runtime,
// plain CommonJS with no dependencies), the fixture apps the kit names (their app files only, not
// the Nx project files), package.json, README and the workspace's LICENSE.
// Usage: node libs/testing/kit/build.mjs
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';

const here = import.meta.dirname;
const root = join(here, '../../..');
const out = join(root, 'dist/libs/testing/kit');
const FIXTURES = ['bench', 'notes', 'ipc'];
/** Files of a fixture project that are the workspace's, not the app's. */
const NOT_THE_APP = new Set(['project.json', 'fixture.mts', 'README.md']);

rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(here, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
const fakeElectron = join(root, 'libs/testing/fake-electron');
for (const part of ['bin', 'runtime', 'README.md']) cpSync(join(fakeElectron, part), join(out, 'fake-electron', part), { recursive: true });
chmodSync(join(out, 'fake-electron/bin/fake-electron.cjs'), 0o755);
for (const name of FIXTURES) {
  cpSync(join(root, 'libs/testing/fixtures/apps', name), join(out, 'fixtures', name), {
    recursive: true,
    filter: (source) => !NOT_THE_APP.has(basename(source)),
  });
}
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const workspace = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (manifest.version !== workspace.version)
  throw new Error(`${manifest.name} is ${manifest.version}, the workspace ${workspace.version}: keep them equal.`);
for (const file of ['package.json', 'README.md']) copyFileSync(join(here, file), join(out, file));
copyFileSync(join(root, 'LICENSE'), join(out, 'LICENSE'));
console.error(`built ${out}`);
