// A working directory an attacker prepared: an Nx workspace whose every place a plugin name could
// be looked up holds a planted module. Each planted module writes a marker file named after where
// it was planted the moment it is imported (before any validation could refuse it), so "the
// planted code never ran" is simply "no marker exists".
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface HostileWorkspace {
  /** The temp folder holding everything (the workspace and the places outside it). */
  readonly top: string;
  /** The planted Nx workspace (`nx.json`). */
  readonly root: string;
  /** A folder inside it, where a host would start the server (an `nx.json` above it). */
  readonly cwd: string;
  /** Labels of the planted modules that ran so far. */
  markers(): string[];
  clearMarkers(): void;
  remove(): void;
}

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function plantedModule(markers: string, label: string): string {
  return [
    "import { writeFileSync } from 'node:fs';",
    `writeFileSync(${JSON.stringify(join(markers, label))}, 'ran');`,
    `export default { name: 'planted', version: '1.0.0', sdkRange: '*', tools: [] };`,
    '',
  ].join('\n');
}

/** A `type:plugin` project file at `dir` whose build writes `outputPath`/index.mjs. */
function project(dir: string, name: string, outputPath: string): void {
  const build = { options: { outputPath, outputFileName: 'index.mjs' } };
  write(join(dir, 'project.json'), JSON.stringify({ name, tags: ['scope:plugin', 'type:plugin'], targets: { build } }));
}

/**
 * The planted tree. Workspace projects (relative to the workspace root):
 * - `libs/plugins/<name>` (the location convention) for first-party names and for `planted`;
 * - projects far from the convention (`apps/deep/...`, `tools/...`) that only a scan would find,
 *   one named by the short name alone, one whose outputPath is `../elsewhere`;
 * - a project folder and an output folder that are symlinks to places outside the workspace;
 * - an outputPath into a sibling folder whose name starts with the workspace's (`<root>-evil`);
 * - malformed `project.json` files, one at the convention location, one elsewhere;
 * - `node_modules/<name>` packages for short names, project names and package names.
 */
export function createHostileWorkspace(): HostileWorkspace {
  const top = realpathSync(mkdtempSync(join(tmpdir(), 'sw-hostile-')));
  const root = join(top, 'ws');
  const cwd = join(root, 'app');
  const markers = join(top, 'markers');
  mkdirSync(markers, { recursive: true });
  write(join(root, 'nx.json'), '{}');
  write(join(cwd, 'package.json'), JSON.stringify({ name: 'app', private: true }));
  const plant = (file: string, label: string) => write(file, plantedModule(markers, label));

  for (const name of ['trace', 'network', 'planted', 'good']) {
    project(join(root, 'libs/plugins', name), `plugin-${name}`, `dist/planted/${name}`);
    plant(join(root, 'dist/planted', name, 'index.mjs'), `convention-${name}`);
  }
  project(join(root, 'apps/deep/a/b'), 'plugin-ipc', 'dist/planted/deep-ipc');
  plant(join(root, 'dist/planted/deep-ipc/index.mjs'), 'scan-plugin-ipc');
  project(join(root, 'tools/short'), 'clock', 'dist/planted/short-clock');
  plant(join(root, 'dist/planted/short-clock/index.mjs'), 'scan-short-clock');
  project(join(root, 'tools/escape'), 'plugin-a11y', '../elsewhere');
  plant(join(top, 'elsewhere/index.mjs'), 'scan-escape-a11y');

  project(join(root, 'libs/plugins/escape'), 'plugin-escape', '../elsewhere-escape');
  plant(join(top, 'elsewhere-escape/index.mjs'), 'escape');
  project(join(root, 'libs/plugins/sibling'), 'plugin-sibling', '../ws-evil');
  plant(join(top, 'ws-evil/index.mjs'), 'sibling-prefix');
  project(join(root, 'libs/plugins/linkedout'), 'plugin-linkedout', 'dist/linkedout');
  plant(join(top, 'outside-output/index.mjs'), 'symlinked-output');
  mkdirSync(join(root, 'dist'), { recursive: true });
  symlinkSync(join(top, 'outside-output'), join(root, 'dist/linkedout'), 'dir');
  project(join(top, 'outside-project'), 'plugin-linkeddir', 'dist/linkeddir');
  plant(join(root, 'dist/linkeddir/index.mjs'), 'symlinked-project');
  symlinkSync(join(top, 'outside-project'), join(root, 'libs/plugins/linkeddir'), 'dir');
  write(join(root, 'libs/plugins/broken/project.json'), '{ "name": "plugin-broken", ');
  write(join(root, 'tools/broken/project.json'), '{ this is not json');

  const packages = [
    'trace',
    'network',
    'ipc',
    'clock',
    'a11y',
    'planted',
    'good',
    'plugin-trace',
    'stagewright-plugin-planted',
    '@acme/planted',
  ];
  for (const name of packages) {
    const dir = join(root, 'node_modules', name);
    write(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', main: 'index.js', exports: './index.js' }));
    plant(join(dir, 'index.js'), `node_modules-${name.replace('/', '+')}`);
  }
  return {
    top,
    root,
    cwd,
    markers: () => readdirSync(markers).sort(),
    clearMarkers: () => {
      for (const label of readdirSync(markers)) rmSync(join(markers, label));
    },
    remove: () => rmSync(top, { recursive: true, force: true }),
  };
}
