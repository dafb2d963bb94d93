// Bundles the bench scripts into dist/benchmarks/bench/*.mjs. Workspace libs are TypeScript
// source (Node cannot run them), so they are bundled; npm packages stay external and resolve
// from the workspace's node_modules. gpt-tokenizer lives here, never in the server bundle.
// Usage: node benchmarks/bench/build.mjs [entry...]   (default: every entry)
import { build } from 'esbuild';
import path from 'node:path';

const here = import.meta.dirname;
const ENTRIES = {
  manifest: 'src/manifest/main.ts',
  startup: 'src/startup/main.ts',
  profiles: 'src/profiles/main.ts',
  'driver-launch': 'src/driver-launch.ts',
  'driver-click': 'src/driver-click.ts',
  'detection-latency': 'src/detection-latency.ts',
  'fake-electron-startup': 'src/fake-electron-startup.ts',
  fuzz: 'src/fuzz/main.ts',
  memory: 'src/memory.ts',
  resources: 'src/resources/main.ts',
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in ENTRIES));
if (unknown.length > 0) {
  console.error(`Unknown entry ${unknown.join(', ')}; known: ${Object.keys(ENTRIES).join(', ')}`);
  process.exit(2);
}
const names = wanted.length > 0 ? wanted : Object.keys(ENTRIES);

try {
  await build({
    entryPoints: Object.fromEntries(names.map((name) => [name, path.join(here, ENTRIES[name])])),
    outdir: path.join(here, '../../dist/benchmarks/bench'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    tsconfig: path.join(here, 'tsconfig.lib.json'),
    logLevel: 'warning',
    // reflect-metadata must load before tsyringe (driver benchmarks build the shipped server).
    banner: {
      js: "import 'reflect-metadata'; import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
    },
  });
} catch {
  // esbuild has already printed each error with its location.
  process.exit(1);
}
console.log(`bundled ${names.map((n) => `dist/benchmarks/bench/${n}.mjs`).join(', ')}`);
