// Bundles the reference generator into dist/tools/reference/docs.mjs. Workspace libs are
// TypeScript source (Node cannot run them), so they are bundled; npm packages (@nx/devkit for the
// project graph among them) stay external and resolve from the workspace's node_modules.
import { build } from 'esbuild';
import path from 'node:path';

const here = import.meta.dirname;
try {
  await build({
    entryPoints: { docs: path.join(here, 'src/main.ts') },
    outdir: path.join(here, '../../dist/tools/reference'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    tsconfig: path.join(here, 'tsconfig.lib.json'),
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
    },
  });
} catch {
  // esbuild has already printed each error with its location.
  process.exit(1);
}
console.log('bundled dist/tools/reference/docs.mjs');
