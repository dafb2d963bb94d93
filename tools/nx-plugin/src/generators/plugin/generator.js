'use strict';
/**
 * `nx g @stagewright/nx-plugin:plugin <name>`: a plugin library under libs/plugins/<name>, written
 * only against @stagewright/sdk (the dependency rule for plugins), tagged `type:plugin` so the
 * workspace discovers it (manifest variants, baseline, reference), with build, test and typecheck
 * targets and a path alias `@stagewright/plugin-<name>`.
 */
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { addProjectConfiguration, generateFiles, joinPathFragments, updateJson } = require('@nx/devkit');
const { buildTarget } = require('./lib/targets.js');

/** Mirrors PLUGIN_NAME_PATTERN and the contract's maxLength in libs/sdk/src/plugin.ts. */
const NAME_PATTERN = /^[a-z][a-z0-9]*$/;
const MAX_NAME_LENGTH = 32;
/** The project that regenerates TOOL-REFERENCE.md and the catalogue (this repository's tools/reference). */
const REFERENCE_PROJECT = 'tools/reference/project.json';

/**
 * @param {{ name?: unknown, description?: string, skipDocs?: boolean }} options
 * @returns {{ name: string, projectName: string, projectRoot: string, outputPath: string, importPath: string, description: string, skipDocs: boolean }}
 */
function normaliseOptions(options) {
  const name = typeof options.name === 'string' ? options.name.trim() : '';
  if (!NAME_PATTERN.test(name) || name.length > MAX_NAME_LENGTH) {
    throw new Error(
      `Plugin name ${JSON.stringify(options.name)} is not valid: use lower-case letters and digits, starting with a letter, ` +
        `at most ${MAX_NAME_LENGTH} characters (e.g. "trace"). It becomes the prefix of every tool: <name>_<tool>.`,
    );
  }
  if (name === 'electron') throw new Error('"electron" is reserved for core tools (electron_<verb>); choose another plugin name.');
  const projectRoot = joinPathFragments('libs/plugins', name);
  return {
    name,
    projectName: `plugin-${name}`,
    projectRoot,
    outputPath: joinPathFragments('dist', projectRoot),
    importPath: `@stagewright/plugin-${name}`,
    description: options.description ?? 'A Stagewright plugin.',
    skipDocs: options.skipDocs === true,
  };
}

/**
 * Regenerates the reference and the catalogue so that they list the new plugin: without it the
 * docs check would fail the next `npm test`. Only the manifest baseline is left to the author,
 * because recording a budget needs a reason (ADR-0035).
 * @param {string} root
 */
function regenerateDocs(root) {
  try {
    execFileSync(path.join(root, 'node_modules/.bin/nx'), ['run', 'reference:docs', '--output-style=static'], {
      cwd: root,
      stdio: 'inherit',
    });
  } catch {
    console.error('Could not regenerate the tool reference; run it yourself: npx nx run reference:docs');
  }
}

/**
 * @param {import('@nx/devkit').Tree} tree
 * @param {{ name?: unknown, description?: string, skipDocs?: boolean }} options
 */
async function pluginGenerator(tree, options) {
  const o = normaliseOptions(options);
  if (tree.exists(o.projectRoot)) throw new Error(`${o.projectRoot} already exists; choose another name or remove it first.`);

  addProjectConfiguration(tree, o.projectName, {
    root: o.projectRoot,
    sourceRoot: `${o.projectRoot}/src`,
    projectType: 'library',
    tags: ['scope:plugin', 'type:plugin'],
    targets: {
      build: buildTarget(o.projectRoot, o.outputPath),
      test: { executor: 'nx:run-commands', options: { command: 'vitest run', cwd: '{projectRoot}' } },
      typecheck: {
        executor: 'nx:run-commands',
        options: { command: 'tsc --noEmit -p tsconfig.lib.json && tsc --noEmit -p tsconfig.spec.json', cwd: '{projectRoot}' },
      },
    },
  });

  generateFiles(tree, path.join(__dirname, 'files'), o.projectRoot, {
    ...o,
    offset: '../../../',
    template: '',
  });

  updateJson(tree, 'tsconfig.base.json', (json) => {
    json.compilerOptions ??= {};
    json.compilerOptions.paths ??= {};
    json.compilerOptions.paths[o.importPath] = [`./${o.projectRoot}/src/index.ts`];
    return json;
  });
  // No formatFiles(): the templates are already formatted, and Nx would only print that it could
  // not load a formatter.

  if (o.skipDocs || !tree.exists(REFERENCE_PROJECT)) return undefined;
  return () => regenerateDocs(tree.root);
}

module.exports = pluginGenerator;
module.exports.default = pluginGenerator;
module.exports.normaliseOptions = normaliseOptions;
