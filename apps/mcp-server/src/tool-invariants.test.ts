// Invariants over every tool the shipped server registers: the catalogue of design/TOOLS.md is
// complete and nothing else appears, profiles match its E / T / D columns, every tool has a kind,
// only eval tools carry a gate, and every parameter is described where a model can read it. The
// same rules hold for plugin tools: a sample plugin and every built workspace plugin are loaded.
import 'reflect-metadata';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_LISTS } from '@stagewright/kernel';
import { REPO_ROOT, connectInMemory, type InMemoryConnection } from '@stagewright/harness';
import { assertPluginsBuilt, discoverWorkspacePlugins } from '@stagewright/reference';
import { wellFormednessProblems, type ListedTool, type ResourceTool } from './tool-well-formedness.js';

/**
 * design/TOOLS.md's tables, transcribed: tool name, then its E / T / D columns (`.` = absent).
 * The design folder is outside the repository, so the reviewed lists are pinned here.
 */
const CATALOGUE = `
electron_launch ETD        electron_attach .TD          electron_inject ..D          electron_detach .TD
electron_stop ETD          electron_force_kill ..D      electron_status ETD          electron_info ETD
electron_doctor ..D        electron_discover_running ..D electron_windows_list ETD   electron_switch_window ETD
electron_surfaces_list .TD electron_switch_surface .TD
electron_snapshot ETD      electron_find ETD
electron_click ETD         electron_type ETD            electron_key ETD             electron_clear_input ETD
electron_select_option ETD electron_check ETD           electron_uncheck ETD         electron_scroll ETD
electron_scroll_into_view ETD electron_hover .TD        electron_drag .T.            electron_keyboard_type .T.
electron_type_into_editor .T. electron_press_sequence .T. electron_set_files .T.     electron_drop_file .T.
electron_get_text ETD      electron_get_value ETD       electron_get_state ETD       electron_exists ETD
electron_get_attribute .TD electron_get_bbox .TD        electron_get_computed_style .TD electron_focused_element .TD
electron_elements_list .TD
electron_wait_for_selector ETD electron_wait_for_state ETD electron_wait .TD         electron_wait_for_event .TD
electron_expect_text ETD   electron_expect_value ETD    electron_expect_visible ETD  electron_expect_state ETD
electron_expect_count ETD  electron_expect_url ETD      electron_assert_pattern .T.
electron_screenshot .TD    electron_console_logs ..D    electron_dialog_handler ..D
`;
const EVAL_GATES: Record<string, string> = { electron_eval_main: 'eval:main', electron_eval_renderer: 'eval:renderer' };

const entries = CATALOGUE.trim().split(/\s+/).reduce<[string, string][]>((pairs, word, i, words) => {
  if (i % 2 === 0) pairs.push([word, words[i + 1]]);
  return pairs;
}, []);
const column = (letter: string, index: number) => entries.filter(([, cols]) => cols[index] === letter).map(([name]) => name).sort();

async function surfaceOf(conn: InMemoryConnection): Promise<{ listed: ListedTool[]; documented: Map<string, ResourceTool> }> {
  const listed = (await conn.client.listTools()).tools as ListedTool[];
  const resource = await conn.client.readResource({ uri: 'stagewright://tools' });
  const text = (resource.contents[0] as { text: string }).text;
  return { listed, documented: new Map((JSON.parse(text).tools as ResourceTool[]).map((tool) => [tool.name, tool])) };
}

describe('every tool of the shipped server', () => {
  let conn: InMemoryConnection;
  let listed: ListedTool[];
  let documented: Map<string, ResourceTool>;

  beforeAll(async () => {
    conn = await connectInMemory({ allowEval: true });
    ({ listed, documented } = await surfaceOf(conn));
  });
  afterAll(() => conn?.close());

  it('is exactly the TOOLS.md catalogue plus the two eval tools', () => {
    expect(entries.length).toBe(55);
    expect(listed.map((t) => t.name).sort()).toEqual([...entries.map(([name]) => name), ...Object.keys(EVAL_GATES)].sort());
  });

  it('has profile lists equal to the E, T and D columns', () => {
    expect([...PROFILE_LISTS.essential].sort()).toEqual(column('E', 0));
    expect([...PROFILE_LISTS.testing].sort()).toEqual(column('T', 1));
    expect([...PROFILE_LISTS.debug].sort()).toEqual(column('D', 2));
  });

  it('is well formed: core names, kinds with derived annotations, eval gates, described parameters', () => {
    expect(wellFormednessProblems(listed, documented, /^electron_[a-z][a-z0-9_]*$/)).toEqual([]);
  });

  it('carries a gate only on the eval tools, each its own', () => {
    const gated = Object.fromEntries([...documented.values()].filter((t) => t.gate).map((t) => [t.name, t.gate]));
    expect(gated).toEqual(EVAL_GATES);
  });
});

describe('every plugin tool of the shipped server', () => {
  const sample = join(import.meta.dirname, 'test-fixtures/sample-plugin.mjs');

  it('meets the same rules, for a sample plugin and every built workspace plugin', { timeout: 120_000 }, async () => {
    // mcp-server:test builds every type:plugin project first (project.json dependsOn).
    const workspace = await discoverWorkspacePlugins(REPO_ROOT);
    assertPluginsBuilt(workspace);
    const conn = await connectInMemory({ allowEval: true, plugins: [sample, ...workspace.map((plugin) => plugin.entry)] });
    try {
      const { listed, documented } = await surfaceOf(conn);
      const pluginTools = listed.filter((tool) => !tool.name.startsWith('electron_'));
      expect(pluginTools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['sample_note', 'sample_peek']));
      const namespaces = ['sample', ...workspace.map((plugin) => plugin.name)].join('|');
      expect(wellFormednessProblems(pluginTools, documented, new RegExp(`^(?:${namespaces})_[a-z][a-z0-9_]*$`))).toEqual([]);
      expect(documented.get('sample_peek')?.gate).toBe('eval:main');
    } finally {
      await conn.close();
    }
  });

  it('reports a plugin tool that breaks them (the check is real)', () => {
    const listed: ListedTool[] = [{ name: 'sample_Bad', inputSchema: { properties: { key: {} } }, annotations: { readOnlyHint: false } }];
    const documented = new Map<string, ResourceTool>([['sample_Bad', { name: 'sample_Bad', kind: 'read', gate: 'eval:network' }]]);
    expect(wellFormednessProblems(listed, documented, /^sample_[a-z][a-z0-9_]*$/)).toEqual([
      'sample_Bad: name does not match /^sample_[a-z][a-z0-9_]*$/',
      'sample_Bad: annotations are not the ones derived from kind read',
      'sample_Bad: unknown gate eval:network',
      'sample_Bad.key: not described',
    ]);
  });
});
