// An author outside this repository gets the contract only from the published package: if the
// packed sdk lacks a file, a type, or resolves something only the workspace has, their plugin
// stops compiling. This installs the real tarball into an empty folder and compiles against it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, createSdkConsumer } from '@stagewright/harness';
import { SDK_VERSION } from './index.js';

const TSC = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    // As most authors have it; the plugin below proves the Playwright types still resolve (not any).
    skipLibCheck: true,
    types: ['node'],
  },
  include: ['plugin.ts'],
};

const PLUGIN = `
import { definePlugin, defineSessionTool, ToolError, Type, type Session } from '@stagewright/sdk';

// Fails to compile when the peer playwright-core types are missing and Page decays to any.
type IsAny<T> = 0 extends 1 & T ? true : false;
const pageIsTyped: IsAny<ReturnType<Session['page']>> = false;
export { pageIsTyped };

const title = defineSessionTool({
  name: 'title',
  title: 'Window title',
  description: 'Title of the active window.',
  kind: 'read',
  input: { upper: Type.Optional(Type.Boolean()) },
  handle: async (args, ctx) => {
    const upper: boolean | undefined = args.upper;
    const active = (await ctx.session.windows()).find((w) => w.active);
    if (!active) throw new ToolError('acme.NO_WINDOW', 'No active window.', { details: { windows: 0 } });
    return { title: upper ? active.title.toUpperCase() : active.title };
  },
});

export default definePlugin({
  name: 'acme',
  version: '1.0.0',
  sdkRange: '^1.0.0',
  tools: [title],
  errorCodes: { NO_WINDOW: { retryable: true, hint: 'Wait for the first window.', next: ['electron_windows'] } },
  configSchema: Type.Object({ prefix: Type.String({ default: '' }) }),
  setup(ctx) {
    const prefix: string = ctx.config.prefix;
    ctx.log.info('acme ready', { prefix });
  },
});
`;

let consumer: ReturnType<typeof createSdkConsumer>;

function typecheck(source: string): { ok: boolean; output: string } {
  writeFileSync(join(consumer.dir, 'plugin.ts'), source);
  try {
    execFileSync(process.execPath, [TSC, '-p', consumer.dir], { cwd: consumer.dir, encoding: 'utf8', stdio: 'pipe' });
    return { ok: true, output: '' };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${stdout}${stderr}` };
  }
}

beforeAll(() => {
  consumer = createSdkConsumer();
  writeFileSync(join(consumer.dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  writeFileSync(join(consumer.dir, 'package.json'), JSON.stringify({ name: 'acme-plugin', version: '1.0.0', type: 'module' }));
});
afterAll(() => consumer?.remove());

describe('the packed @stagewright/sdk', () => {
  it('is a versioned ESM package whose version is the one the sdk reports', () => {
    const manifest = JSON.parse(readFileSync(join(consumer.dir, 'node_modules/@stagewright/sdk/package.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: '@stagewright/sdk', version: SDK_VERSION, type: 'module' });
    expect(manifest.exports['.']).toEqual({ types: './index.d.ts', import: './index.js' });
    expect(manifest.peerDependencies).toHaveProperty('playwright-core');
  });

  it('is MIT-licensed like everything the repository ships, and carries the license text', () => {
    const installed = join(consumer.dir, 'node_modules/@stagewright/sdk');
    expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).license).toBe('MIT');
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('type-checks a plugin written against it in a folder outside the workspace', { timeout: 120_000 }, () => {
    const result = typecheck(PLUGIN);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });

  it('rejects a plugin that breaks the contract (the check is real)', { timeout: 120_000 }, () => {
    // Two breaches, one compile: a kind the contract lacks, and a hint set where the error is thrown
    // (a failure's hint belongs to its code's errorCodes entry, ADR-0040).
    const result = typecheck(
      PLUGIN.replace("kind: 'read'", "kind: 'write'").replace('{ details: { windows: 0 } }', "{ hint: 'Launch an app first.' }"),
    );
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/'"write"' is not assignable/);
    expect(result.output).toMatch(/'hint' does not exist in type 'ToolErrorOptions'/);
  });

  it('runs: the built module exports the helpers a plugin calls at load', async () => {
    const sdk = await import(join(consumer.dir, 'node_modules/@stagewright/sdk/index.js'));
    expect(typeof sdk.definePlugin).toBe('function');
    expect(sdk.Type.Object({}).type).toBe('object');
  });
});
