// Inferred Nx targets for replay specs (issue 13): every project holding `*.replay.json` gets a
// cached `replay` target (all its specs) and one `replay-<spec>` target per spec. Inputs are the
// project's files (its specs and the app they launch) and the built runner, so
// `nx affected -t replay` runs only the specs whose app changed and Nx replays passing runs from
// cache. Spreading over CI machines is Nx's own (`--shard` of the runner, or per-spec targets).
const { existsSync } = require('node:fs');
const { basename, dirname, join, relative } = require('node:path');
const { createNodesFromFiles } = require('@nx/devkit');

const SPEC_GLOB = '**/*.replay.json';
const RUNNER = 'dist/apps/mcp-server/main.mjs';
const REPLAY_EXECUTOR = './tools/nx-plugin:replay';

/**
 * @typedef {{ targetName?: string, runnerProject?: string, electron?: string, args?: string[] }} ReplayPluginOptions
 * @typedef {{ targetName: string, runnerProject: string, electron?: string, args: string[] }} NormalizedOptions
 */

/**
 * Options as written in nx.json; `electron` is the runtime the specs launch apps with.
 * @param {ReplayPluginOptions} [options]
 * @returns {NormalizedOptions}
 */
function normalizeOptions(options = {}) {
  return {
    targetName: options.targetName ?? 'replay',
    runnerProject: options.runnerProject ?? 'mcp-server',
    electron: options.electron,
    args: options.args ?? [],
  };
}

/**
 * The nearest folder at or above the spec that holds a project.json, or undefined.
 * @param {string} specFile
 * @param {string} workspaceRoot
 * @returns {string | undefined}
 */
function projectRootOf(specFile, workspaceRoot) {
  for (let dir = dirname(specFile); dir !== '.' && dir !== '/'; dir = dirname(dir)) {
    if (existsSync(join(workspaceRoot, dir, 'project.json'))) return dir;
  }
  return undefined;
}

/**
 * @param {string[]} specs
 * @param {NormalizedOptions} options
 * @param {string} name
 */
function replayTarget(specs, options, name) {
  const env = options.electron ? { STAGEWRIGHT_ELECTRON: join('{workspaceRoot}', options.electron) } : undefined;
  const inputs = [
    '{projectRoot}/**/*',
    { dependentTasksOutputFiles: '**/*.mjs' },
    { env: 'STAGEWRIGHT_ELECTRON' },
    { env: 'STAGEWRIGHT_TEST_ELECTRON' },
  ];
  if (options.electron) inputs.push(`{workspaceRoot}/${dirname(dirname(options.electron))}/**/*`);
  return {
    // Our executor, not nx:run-commands: that one joins a command line for a shell, and spec
    // file names (anyone's, in a pull request) would be parsed by it.
    executor: REPLAY_EXECUTOR,
    cache: true,
    dependsOn: [{ projects: [options.runnerProject], target: 'build' }],
    inputs,
    outputs: [`{workspaceRoot}/dist/replay/{projectName}/${name}.xml`],
    options: {
      cwd: '{workspaceRoot}',
      runner: RUNNER,
      specs,
      args: options.args,
      junit: `dist/replay/{projectName}/${name}.xml`,
      ...(env ? { env } : {}),
    },
    metadata: { description: `Replay ${specs.length === 1 ? specs[0] : `${specs.length} specs`} through the stagewright runner` },
  };
}

/**
 * Targets for one spec file: its project's aggregate target (all specs) and its own.
 * @param {string} specFile
 * @param {NormalizedOptions} options
 * @param {{ workspaceRoot: string, specsByRoot: Map<string, string[]> }} context
 */
function targetsForSpec(specFile, options, context) {
  const root = projectRootOf(specFile, context.workspaceRoot);
  if (!root) return {};
  const siblings = context.specsByRoot.get(root) ?? [specFile];
  const own = basename(specFile, '.replay.json');
  const rel = (/** @type {string} */ file) => join('{projectRoot}', relative(root, file));
  return {
    projects: {
      [root]: {
        targets: {
          [options.targetName]: replayTarget(siblings.map(rel), options, options.targetName),
          [`${options.targetName}-${own}`]: replayTarget([rel(specFile)], options, `${options.targetName}-${own}`),
        },
      },
    },
  };
}

/** @type {import('@nx/devkit').CreateNodesV2<ReplayPluginOptions>} */
const createNodesV2 = [
  SPEC_GLOB,
  async (specFiles, rawOptions, context) => {
    const options = normalizeOptions(rawOptions);
    /** @type {Map<string, string[]>} */
    const specsByRoot = new Map();
    for (const file of [...specFiles].sort()) {
      const root = projectRootOf(file, context.workspaceRoot);
      if (root) specsByRoot.set(root, [...(specsByRoot.get(root) ?? []), file]);
    }
    return createNodesFromFiles((file) => targetsForSpec(file, options, { ...context, specsByRoot }), specFiles, options, context);
  },
];

module.exports = { createNodesV2, normalizeOptions };
