// Turns the built server into the installable `stagewright` package and packs it: a staging
// folder dist/packages/stagewright gets the server bundle (main.mjs and its chunks), a package.json (bin, runtime dependencies only, the workspace's license), README and LICENSE, and the
// first-party plugin bundles under plugins/<name>.mjs (what `--plugin <name>` finds outside a
// workspace): exactly those first-party-plugins.json names, never another plugin that happens to
// be built in dist/libs/plugins (a private one, a freshly generated one); `npm pack` writes
// dist/packages/stagewright-<version>.tgz. The package's library entry server.mjs
// (`stagewright/server`) is what @stagewright/testing starts in memory.
// Usage: node apps/mcp-server/package/pack.mjs   (after mcp-server:build and the plugin builds)
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../..');
const built = join(root, 'dist/apps/mcp-server');
const out = join(root, 'dist/packages/stagewright');
const workspace = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (!existsSync(join(built, 'main.mjs'))) {
  console.error(`${built}/main.mjs is missing: run npx nx run mcp-server:build first.`);
  process.exit(1);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// main.mjs and the chunks it imports (the build splits what loads on use into its own files).
const serverFiles = readdirSync(built).filter((name) => name.endsWith('.mjs'));
for (const name of serverFiles) copyFileSync(join(built, name), join(out, name));

const pluginsDir = join(root, 'dist/libs/plugins');
const plugins = JSON.parse(readFileSync(join(import.meta.dirname, 'first-party-plugins.json'), 'utf8'));
const unbuilt = plugins.filter((name) => !existsSync(join(pluginsDir, name, 'index.mjs')));
if (unbuilt.length > 0) {
  console.error(`First-party plugin(s) ${unbuilt.join(', ')} not built: run npx nx run mcp-server:pack (it builds them first).`);
  process.exit(1);
}
const notShipped = existsSync(pluginsDir) ? readdirSync(pluginsDir).filter((name) => !plugins.includes(name)) : [];
if (notShipped.length > 0) console.error(`not shipped (not first-party): ${notShipped.join(', ')}`);

// The server bundle carries everything but playwright-core (kept external: it is large and has
// its own files). A plugin bundle needs at run time exactly what its build keeps external
// (typebox always; e.g. pixelmatch/pngjs for visual, axe-core's script file for a11y).
const pluginExternals = plugins.flatMap((name) => {
  const project = JSON.parse(readFileSync(join(root, 'libs/plugins', name, 'project.json'), 'utf8'));
  return project.targets?.build?.options?.external ?? [];
});
const RUNTIME = [...new Set(['playwright-core', 'typebox', ...pluginExternals])].sort();
const versionOf = (name) => workspace.dependencies?.[name] ?? workspace.devDependencies?.[name];
const missing = RUNTIME.filter((name) => !versionOf(name));
if (missing.length > 0) {
  console.error(`No version for runtime package(s) ${missing.join(', ')} in the workspace package.json.`);
  process.exit(1);
}
if (!workspace.license) {
  console.error('The workspace package.json has no license: the package would ship without one.');
  process.exit(1);
}
const dependencies = Object.fromEntries(RUNTIME.map((name) => [name, versionOf(name)]));
mkdirSync(join(out, 'plugins'), { recursive: true });
for (const name of plugins) copyFileSync(join(pluginsDir, name, 'index.mjs'), join(out, 'plugins', `${name}.mjs`));

const manifest = {
  name: 'stagewright',
  version: workspace.version,
  description: workspace.description,
  type: 'module',
  license: workspace.license,
  bin: { stagewright: 'main.mjs' },
  exports: { '.': './main.mjs', './server': './server.mjs', './package.json': './package.json' },
  files: [...serverFiles, 'plugins/', 'README.md', 'LICENSE'],
  engines: workspace.engines,
  dependencies,
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync(join(import.meta.dirname, 'README.md'), join(out, 'README.md'));
copyFileSync(join(root, 'LICENSE'), join(out, 'LICENSE'));

const destination = join(root, 'dist/packages');
mkdirSync(destination, { recursive: true });
const packed = JSON.parse(
  execFileSync('npm', ['pack', out, '--pack-destination', destination, '--json', '--silent'], { encoding: 'utf8' }),
);
console.error(`packed ${join(destination, packed[0].filename)} (${packed[0].entryCount} files, plugins: ${plugins.join(', ') || 'none'})`);
