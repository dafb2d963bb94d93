'use strict';
/**
 * The build target of a plugin library: one ESM file, `<outputPath>/index.mjs`, that `--plugin`
 * loads. The sdk is bundled (tree-shaken to about 2 kB: identity helpers and ToolError) because in
 * this workspace it is a path alias, not an installed package; typebox stays external (bundling it
 * adds about 210 kB) and resolves from the workspace's node_modules, like the server's own copy.
 * @param {string} projectRoot
 * @param {string} outputPath
 */
function buildTarget(projectRoot, outputPath) {
  return {
    executor: '@nx/esbuild:esbuild',
    // Bundled from sources: nothing else needs building first.
    dependsOn: [],
    outputs: ['{options.outputPath}'],
    options: {
      main: `${projectRoot}/src/index.ts`,
      outputPath,
      outputFileName: 'index.mjs',
      tsConfig: `${projectRoot}/tsconfig.lib.json`,
      platform: 'node',
      target: 'node20',
      format: ['esm'],
      bundle: true,
      thirdParty: true,
      external: ['typebox'],
      skipTypeCheck: true,
      generatePackageJson: false,
      deleteOutputPath: true,
      sourcemap: false,
      esbuildOptions: { outExtension: { '.js': '.mjs' } },
    },
  };
}

module.exports = { buildTarget };
