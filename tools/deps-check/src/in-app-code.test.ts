// Code sent into an app must survive bundling: read the server and plugin bundles as built (this
// target depends on their builds) and check every function they send into an app refers only to
// its own names and the app's globals. The first case shows the check failing on a real esbuild
// bundle of the mistake that broke network_main_stub (a free `require` in a main-process agent).
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { findSentFunctions, targetGlobals, type SentFunction } from './in-app-code.js';

const root = resolve(import.meta.dirname, '../../..');
const globals = targetGlobals();
const shown = (found: SentFunction[]) =>
  found.filter((f) => f.outside.length).map((f) => `${f.name ?? '(anonymous)'} (${f.via}) refers to ${f.outside.join(', ')}`);

describe('functions sent into an app, as bundled', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'in-app-code-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('flags a bundler helper and a module-scope name in an esbuild bundle, and passes a self-contained function', () => {
    writeFileSync(
      join(scratch, 'plugin.ts'),
      [
        'const LIMIT = 5;',
        'function agentBody(agent: (...a: never[]) => unknown, ...helpers: ((...a: never[]) => unknown)[]) {',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal, as text.
        '  return `return (${agent.toString()})(electron, arg${helpers.map((h) => `, (${h.toString()})`).join("")}, require);`;',
        '}',
        "function broken(electron: unknown) { const { EventEmitter } = require('node:events'); return new EventEmitter().listenerCount('x') < LIMIT; }",
        "function fine(electron: unknown, arg: unknown, load: (id: string) => any) { const { EventEmitter } = load('node:events'); return new EventEmitter(); }",
        'function helper(n: number) { return n + 1; }',
        'export const bodies = [agentBody(broken, helper), agentBody(fine)];',
        'export const inPage = (page: { evaluate(fn: () => unknown): unknown }) => page.evaluate(() => document.title.length > LIMIT);',
      ].join('\n'),
    );
    const out = join(scratch, 'plugin.mjs');
    buildSync({ entryPoints: [join(scratch, 'plugin.ts')], outfile: out, bundle: true, format: 'esm', platform: 'node', target: 'node20' });
    const found = findSentFunctions([out], globals);
    expect(found.map((f) => [f.name ?? '(anonymous)', f.outside])).toEqual(
      expect.arrayContaining([
        ['broken', ['LIMIT', '__require']],
        ['helper', []],
        ['fine', []],
        ['(anonymous)', ['LIMIT']],
      ]),
    );
    expect(found).toHaveLength(4);
  });

  const bundles: [string, string[]][] = [
    [
      'mcp-server',
      readdirSync(join(root, 'dist/apps/mcp-server'))
        .filter((file) => file.endsWith('.mjs'))
        .map((file) => join(root, 'dist/apps/mcp-server', file)),
    ],
    ...readdirSync(join(root, 'libs/plugins')).map((plugin): [string, string[]] => [
      `plugin-${plugin}`,
      readdirSync(join(root, 'dist/libs/plugins', plugin))
        .filter((file) => file.endsWith('.mjs'))
        .map((file) => join(root, 'dist/libs/plugins', plugin, file)),
    ]),
  ];
  /** Functions each bundle must be seen to send, so that a detection that finds nothing cannot pass. */
  const expected: Record<string, string[]> = {
    'mcp-server': ['pageProbe', 'secretFieldValues', 'settledScroll', 'install', 'read', 'remove'],
    'plugin-a11y': ['auditInPage'],
    'plugin-ipc': ['ipcAgent', 'pageAfter', 'matchesCredentialRule', 'boundedCopy', 'channelMatches', 'runHandler', 'listHandlers'],
    'plugin-native': [
      'nativeAgent',
      'menuKit',
      'desktopAgent',
      'desktopHooks',
      'webNotificationHook',
      'webNotificationClick',
      'webNotificationUnhook',
    ],
    'plugin-perf': ['perfAgent'],
    'plugin-network': ['mainNetAgent', 'pageAfter', 'matchesCredentialRule', 'compileUrlPatterns', 'mainNetKit'],
    'plugin-storage': ['idbOp', 'idbWrite', 'webStorageOp'],
  };

  for (const [name, files] of bundles) {
    it(`${name}: every function it sends into an app refers only to its own names and the app's globals`, () => {
      expect(files.length, `${name} is built (dist/); its build runs before this test`).toBeGreaterThan(0);
      for (const file of files) expect(existsSync(file)).toBe(true);
      const found = findSentFunctions(files, globals);
      // esbuild may suffix a name that collides with another module's (read -> read2).
      expect(found.map((f) => f.name?.replace(/\d+$/, ''))).toEqual(expect.arrayContaining(expected[name] ?? []));
      expect(shown(found)).toEqual([]);
    });
  }
});
