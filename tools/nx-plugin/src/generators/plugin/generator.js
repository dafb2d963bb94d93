'use strict';
/**
 * `nx g ./tools/nx-plugin:plugin <name>`: a plugin library under libs/plugins/<name>, written only
 * against @stagewright/sdk (the dependency rule for plugins), with the same test and typecheck
 * targets as every other lib and a path alias `@stagewright/plugin-<name>`.
 */
const path = require('node:path');
const { addProjectConfiguration, generateFiles, joinPathFragments, updateJson } = require('@nx/devkit');

/** Mirrors PLUGIN_NAME_PATTERN and the contract's maxLength in libs/sdk/src/plugin.ts. */
const NAME_PATTERN = /^[a-z][a-z0-9]*$/;
const MAX_NAME_LENGTH = 32;

/**
 * @param {{ name?: unknown, description?: string }} options
 * @returns {{ name: string, projectName: string, projectRoot: string, importPath: string, description: string }}
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
  return {
    name,
    projectName: `plugin-${name}`,
    projectRoot: joinPathFragments('libs/plugins', name),
    importPath: `@stagewright/plugin-${name}`,
    description: options.description ?? 'A Stagewright plugin.',
  };
}

/**
 * @param {import('@nx/devkit').Tree} tree
 * @param {{ name?: unknown, description?: string }} options
 */
async function pluginGenerator(tree, options) {
  const o = normaliseOptions(options);
  if (tree.exists(o.projectRoot)) throw new Error(`${o.projectRoot} already exists; choose another name or remove it first.`);

  addProjectConfiguration(tree, o.projectName, {
    root: o.projectRoot,
    sourceRoot: `${o.projectRoot}/src`,
    projectType: 'library',
    tags: ['scope:plugin', 'type:lib'],
    targets: {
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
    title: o.name[0].toUpperCase() + o.name.slice(1),
    template: '',
  });

  updateJson(tree, 'tsconfig.base.json', (json) => {
    json.compilerOptions ??= {};
    json.compilerOptions.paths ??= {};
    json.compilerOptions.paths[o.importPath] = [`./${o.projectRoot}/src/index.ts`];
    return json;
  });
  // No formatFiles(): the workspace has no formatter installed, and the templates are already
  // formatted; Nx would only print that it could not load one.
}

module.exports = pluginGenerator;
module.exports.default = pluginGenerator;
module.exports.normaliseOptions = normaliseOptions;
