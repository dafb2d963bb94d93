// Invariants over every tool the shipped server registers: every tool has a kind with derived
// annotations, only eval tools carry a gate, and every parameter is described where a model can
// read it. The same rules hold for plugin tools: a sample plugin and every built workspace plugin
// are loaded. Which tools exist, in which profiles, is pinned once: the generated
// TOOL-REFERENCE.md, checked by reference:docs-check.
import 'reflect-metadata';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@stagewright/harness';
import { assertPluginsBuilt, discoverWorkspacePlugins } from '@stagewright/reference';
import { connectInMemory, type InMemoryConnection } from './test-support/shipped.js';
import { wellFormednessProblems, type ListedTool, type ResourceTool } from './tool-well-formedness.js';

const EVAL_GATES: Record<string, string> = { electron_eval_main: 'eval:main', electron_eval_renderer: 'eval:renderer' };

interface Surface {
  listed: ListedTool[];
  documented: Map<string, ResourceTool>;
  /** Parameters the resource describes once for every tool (`parameters`). */
  shared: Set<string>;
}

async function surfaceOf(conn: InMemoryConnection): Promise<Surface> {
  const listed = (await conn.client.listTools()).tools as ListedTool[];
  const resource = await conn.client.readResource({ uri: 'stagewright://tools' });
  const doc = JSON.parse((resource.contents[0] as { text: string }).text) as { tools: ResourceTool[]; parameters: Record<string, string> };
  return { listed, documented: new Map(doc.tools.map((tool) => [tool.name, tool])), shared: new Set(Object.keys(doc.parameters)) };
}

describe('every tool of the shipped server', () => {
  let conn: InMemoryConnection;
  let listed: ListedTool[];
  let documented: Map<string, ResourceTool>;
  let shared: Set<string>;

  beforeAll(async () => {
    conn = await connectInMemory({ allowEval: true });
    ({ listed, documented, shared } = await surfaceOf(conn));
  });
  afterAll(() => conn?.close());

  it('is well formed: core names, kinds with derived annotations, eval gates, described parameters', () => {
    expect(wellFormednessProblems(listed, documented, /^electron_[a-z][a-z0-9_]*$/, shared)).toEqual([]);
  });

  it('carries a gate only on the eval tools, each its own', () => {
    const gated = Object.fromEntries([...documented.values()].filter((t) => t.gate).map((t) => [t.name, t.gate]));
    expect(gated).toEqual(EVAL_GATES);
  });
});

describe('every plugin tool of the shipped server', () => {
  const sample = join(import.meta.dirname, 'test-fixtures/sample-plugin.mjs');

  it('meets the same rules, for a sample plugin and every built workspace plugin', { timeout: 120_000 }, async () => {
    // mcp-server-e2e:test builds every type:plugin project first (project.json dependsOn).
    const workspace = await discoverWorkspacePlugins(REPO_ROOT);
    assertPluginsBuilt(workspace);
    const conn = await connectInMemory({ allowEval: true, plugins: [sample, ...workspace.map((plugin) => plugin.entry)] });
    try {
      const { listed, documented, shared } = await surfaceOf(conn);
      const pluginTools = listed.filter((tool) => !tool.name.startsWith('electron_'));
      expect(pluginTools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['sample_note', 'sample_peek']));
      const namespaces = ['sample', ...workspace.map((plugin) => plugin.name)].join('|');
      expect(wellFormednessProblems(pluginTools, documented, new RegExp(`^(?:${namespaces})_[a-z][a-z0-9_]*$`), shared)).toEqual([]);
      expect(documented.get('sample_peek')?.gate).toBe('eval:main');
    } finally {
      await conn.close();
    }
  });

  it('reports a plugin tool that breaks them (the check is real)', () => {
    const listed: ListedTool[] = [
      { name: 'sample_Bad', inputSchema: { properties: { key: {}, sessionId: {} } }, annotations: { readOnlyHint: false } },
    ];
    const documented = new Map<string, ResourceTool>([['sample_Bad', { name: 'sample_Bad', kind: 'read', gate: 'eval:network' }]]);
    expect(wellFormednessProblems(listed, documented, /^sample_[a-z][a-z0-9_]*$/, new Set(['sessionId']))).toEqual([
      'sample_Bad: name does not match /^sample_[a-z][a-z0-9_]*$/',
      'sample_Bad: annotations are not the ones derived from kind read',
      'sample_Bad: unknown gate eval:network',
      'sample_Bad.key: not described',
    ]);
  });
});
