/**
 * The files `stagewright plugin init <name>` writes: a plugin package of its own, outside any
 * workspace. The versions of the tools it installs are the workspace's own (a test keeps them
 * equal to the root package.json), so what the scaffold runs is what this repository tests with.
 */
export const SCAFFOLD_TOOL_VERSIONS = {
  esbuild: '0.28.2',
  vitest: '4.1.12',
  typescript: '6.0.3',
  '@types/node': '20.19.43',
  'playwright-core': '1.65.1',
  typebox: '1.4.3',
} as const;

/** Where the three Stagewright packages come from: a version range or a `file:` tarball. */
export interface PackageSources {
  sdk: string;
  testing: string;
  server: string;
}

/** Package names the scaffold's sources import (spelt once, outside the templates' import lines). */
const SDK = '@stagewright/sdk';
const KIT = '@stagewright/testing';

export function scaffoldFiles(name: string, sources: PackageSources): Record<string, string> {
  const v = SCAFFOLD_TOOL_VERSIONS;
  const packageJson = {
    name: `stagewright-plugin-${name}`,
    version: '0.1.0',
    description: `Stagewright plugin: ${name}_* tools.`,
    type: 'module',
    exports: { '.': './dist/index.mjs' },
    files: ['dist', 'README.md'],
    keywords: ['stagewright', 'stagewright-plugin', 'mcp', 'electron'],
    scripts: {
      build: 'node build.mjs',
      test: 'tsc --noEmit && vitest run',
      check: 'stagewright plugin check ./dist/index.mjs',
      start: 'stagewright --plugin ./dist/index.mjs',
      prepublishOnly: 'npm test && npm run build && npm run check',
    },
    dependencies: { '@stagewright/sdk': sources.sdk, typebox: v.typebox },
    devDependencies: {
      '@stagewright/testing': sources.testing,
      stagewright: sources.server,
      '@types/node': v['@types/node'],
      esbuild: v.esbuild,
      'playwright-core': v['playwright-core'],
      typescript: v.typescript,
      vitest: v.vitest,
    },
    engines: { node: '>=20.19' },
  };
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      isolatedModules: true,
      types: ['node'],
    },
    include: ['src', 'build.mjs', 'vitest.config.ts'],
  };
  return {
    'package.json': `${JSON.stringify(packageJson, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(tsconfig, null, 2)}\n`,
    '.gitignore': 'node_modules/\ndist/\n',
    'src/index.ts': indexTs(name),
    [`src/${name}.test.ts`]: testTs(name),
    'vitest.config.ts': VITEST_CONFIG,
    'build.mjs': BUILD_MJS,
    'README.md': readme(name),
  };
}

const indexTs = (name: string) => `import { definePlugin, defineSessionTool, ToolError } from '${SDK}';

/**
 * An example tool: replace it. The short name \`title\` is listed as \`${name}_title\`. The
 * description says when to use the tool; valid values, shapes and error codes go in \`detail\`,
 * which the stagewright://tools resource serves (each tool stays under 200 BPE in tools/list:
 * \`npm run check\` measures it). Tools on an app session use defineSessionTool (adds sessionId,
 * resolves ctx.session); tools on one element use defineElementTool (adds ref/selector, resolves
 * ctx.locator); defineTool needs neither.
 */
const title = defineSessionTool({
  name: 'title',
  title: 'Window title',
  description: 'Title and URL of the active window of the app.',
  kind: 'read',
  input: {},
  detail: { notes: 'Returns { title, url }.', errors: ['${name}.NO_WINDOW'], example: {} },
  handle: async (_args, ctx) => {
    const active = (await ctx.session.windows()).find((window) => window.active);
    if (!active) throw new ToolError('${name}.NO_WINDOW', 'The app has no active window.');
    return { title: active.title, url: active.url };
  },
});

export const plugin = definePlugin({
  name: '${name}',
  version: '0.1.0',
  sdkRange: '^1.4.0',
  tools: [title],
  errorCodes: { NO_WINDOW: { retryable: true, hint: 'Wait for the app to open a window, then call again.' } },
});

export default plugin;
`;

const testTs = (name: string) => `// The server refuses a plugin that breaks the contract, and a tool is only as good as what it
// returns from a real app: both are checked here, on the stand-in Electron runtime that
// @stagewright/testing ships (it needs a Chromium: /usr/bin/chromium or CHROMIUM_PATH).
import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { PluginContract } from '${SDK}';
import { fixtures, withApp } from '${KIT}';
import plugin from './index.js';

describe('${name} plugin', () => {
  it('satisfies the plugin contract the server checks at load', () => {
    expect(Compile(PluginContract).Check(plugin)).toBe(true);
  });

  it('reads the active window of a fixture app through a real MCP client', async () => {
    await withApp({ plugins: [plugin] }, fixtures.bench, async (app) => {
      const tools = (await app.client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toContain('${name}_title');
      expect(await app.call('${name}_title', {})).toMatchObject({ ok: true, title: 'Bench' });
      // Unknown arguments are refused before the handler runs, as for every tool.
      expect(await app.call('${name}_title', { window: 1 })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    });
  });
});
`;

const VITEST_CONFIG = `import { defineConfig } from 'vitest/config';

// Launching an app on the stand-in takes a few seconds on a loaded machine.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } });
`;

const BUILD_MJS = `// One loadable ESM file, dist/index.mjs: what \`stagewright --plugin ./dist/index.mjs\` loads.
// The sdk is bundled (its helpers are a few kB); typebox stays external and resolves from this
// package's dependencies, or beside the server once installed there.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['typebox'],
  logLevel: 'warning',
});
console.log('built dist/index.mjs');
`;

const readme = (name: string) => `# stagewright-plugin-${name}

A Stagewright plugin: tools listed as \`${name}_<tool>\`, error codes as \`${name}.CODE\`.
Plugins run inside the server's process with the server's trust: review what a plugin does before
you load it.

\`\`\`sh
npm install
npm test            # typecheck, then a fixture app driven through a real MCP client
npm run build       # dist/index.mjs
npm run check       # stagewright plugin check: contract, BPE per tool (ADR-0037), error codes, config
npx stagewright --plugin ./dist/index.mjs   # serves over stdio; Ctrl-C stops it
\`\`\`

In an MCP host configuration:

\`\`\`json
{ "command": "npx", "args": ["stagewright", "--plugin", "/absolute/path/to/dist/index.mjs"] }
\`\`\`

Publish with \`npm publish\` (prepublishOnly runs the test, build and check); users install it
beside the server and load it with \`--plugin npm:stagewright-plugin-${name}\`.
`;
