// Invariants over every tool the shipped server registers: the catalogue of design/TOOLS.md is
// complete and nothing else appears, profiles match its E / T / D columns, every tool has a kind,
// only eval tools carry a gate, and every parameter is described where a model can read it.
import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_KINDS } from '@stagewright/sdk';
import { PROFILE_LISTS, annotationsFor } from '@stagewright/kernel';
import { connectInMemory, type InMemoryConnection } from '@stagewright/harness';

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

interface ListedTool {
  name: string;
  inputSchema: { properties?: Record<string, { description?: string }> };
  annotations?: Record<string, unknown>;
}
interface ResourceTool {
  name: string;
  kind: string;
  gate?: string;
  notes?: string;
  values?: Record<string, unknown>;
  shapes?: Record<string, unknown>;
  /** Declared argument rules, in words ("exactly one of equals, contains or matches"). */
  rules?: string[];
}

describe('every tool of the shipped server', () => {
  let conn: InMemoryConnection;
  let listed: ListedTool[];
  let documented: Map<string, ResourceTool>;

  beforeAll(async () => {
    conn = await connectInMemory({ allowEval: true });
    listed = (await conn.client.listTools()).tools as ListedTool[];
    const resource = await conn.client.readResource({ uri: 'stagewright://tools' });
    const text = (resource.contents[0] as { text: string }).text;
    documented = new Map((JSON.parse(text).tools as ResourceTool[]).map((tool) => [tool.name, tool]));
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

  it('has a name of the core form, a kind and annotations derived from it', () => {
    for (const tool of listed) {
      expect(tool.name, tool.name).toMatch(/^electron_[a-z][a-z0-9_]*$/);
      const kind = documented.get(tool.name)?.kind as (typeof TOOL_KINDS)[number];
      expect(TOOL_KINDS, tool.name).toContain(kind);
      expect(tool.annotations, tool.name).toEqual(annotationsFor(kind));
    }
  });

  it('carries a gate only on the eval tools, each its own', () => {
    const gated = Object.fromEntries([...documented.values()].filter((t) => t.gate).map((t) => [t.name, t.gate]));
    expect(gated).toEqual(EVAL_GATES);
  });

  it('describes every parameter, in its schema or in its stagewright://tools entry', () => {
    const undescribed: string[] = [];
    for (const tool of listed) {
      const doc = documented.get(tool.name);
      const prose = `${doc?.notes ?? ''} ${JSON.stringify(doc?.values ?? {})} ${JSON.stringify(doc?.shapes ?? {})} ${(doc?.rules ?? []).join(' ')}`;
      for (const [param, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        const described = Boolean(schema.description?.trim()) || new RegExp(`\\b${param}\\b`).test(prose);
        if (!described) undescribed.push(`${tool.name}.${param}`);
      }
    }
    expect(undescribed).toEqual([]);
  });
});
