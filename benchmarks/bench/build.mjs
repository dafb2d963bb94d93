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
  'app-stages': 'src/startup/app-stages.ts',
  profiles: 'src/profiles/main.ts',
  'profiles-cli': 'src/profiles/cli-main.ts',
  'driver-launch': 'src/driver-launch.ts',
  'driver-click': 'src/driver-click.ts',
  'detection-latency': 'src/detection-latency.ts',
  'fake-electron-startup': 'src/fake-electron-startup.ts',
  fuzz: 'src/fuzz/main.ts',
  memory: 'src/memory.ts',
  resources: 'src/resources/main.ts',
  'first-call': 'src/first-call/main.ts',
  'snapshot-scale': 'src/snapshot-scale/main.ts',
  ergonomics: 'src/ergonomics/main.ts',
  'real-apps': 'src/real-apps/main.ts',
};
// The startup floor is bundled like the shipped server (npm packages inside), so the ratio
// compares servers, not module resolution.
const SELF_CONTAINED = { 'reference-server': 'src/startup/reference-server.ts' };

const wanted = process.argv.slice(2);
const known = [...Object.keys(ENTRIES), ...Object.keys(SELF_CONTAINED)];
const unknown = wanted.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown entry ${unknown.join(', ')}; known: ${known.join(', ')}`);
  process.exit(2);
}
const names = wanted.length > 0 ? wanted : known;
const pick = (entries) => Object.fromEntries(names.filter((name) => name in entries).map((name) => [name, path.join(here, entries[name])]));
const common = {
  outdir: path.join(here, '../../dist/benchmarks/bench'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  tsconfig: path.join(here, 'tsconfig.lib.json'),
  logLevel: 'warning',
};

try {
  const bundled = pick(ENTRIES);
  if (Object.keys(bundled).length > 0) {
    await build({
      ...common,
      entryPoints: bundled,
      packages: 'external',
      sourcemap: 'linked',
      // reflect-metadata must load before tsyringe (driver benchmarks build the shipped server).
      banner: {
        js: "import 'reflect-metadata'; import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
      },
    });
  }
  const selfContained = pick(SELF_CONTAINED);
  if (Object.keys(selfContained).length > 0) {
    await build({
      ...common,
      entryPoints: selfContained,
      banner: {
        js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
      },
    });
  }
} catch {
  // esbuild has already printed each error with its location.
  process.exit(1);
}
console.log(`bundled ${names.map((n) => `dist/benchmarks/bench/${n}.mjs`).join(', ')}`);
