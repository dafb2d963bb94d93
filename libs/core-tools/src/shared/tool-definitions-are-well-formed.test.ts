// Every lifecycle, snapshot and interaction tool is a contract hosts and profile lists rely on:
// stable names, a kind, closed schemas, one short sentence, and errors that exist in the registry.
import { describe, expect, it } from 'vitest';
import { CORE_ERROR_CODES, TOOL_KINDS } from '@stagewright/sdk';
import { LIFECYCLE_TOOLS } from '../lifecycle/index.js';
import { SNAPSHOT_TOOLS } from '../snapshot/index.js';
import { INTERACTION_TOOLS } from '../interaction/index.js';

const TOOLS = [...LIFECYCLE_TOOLS, ...SNAPSHOT_TOOLS, ...INTERACTION_TOOLS];

/** The three TOOLS.md tables these modules implement, exactly. */
const EXPECTED = [
  'electron_launch', 'electron_attach', 'electron_inject', 'electron_detach', 'electron_stop', 'electron_force_kill', 'electron_status',
  'electron_info', 'electron_doctor', 'electron_discover_running', 'electron_windows_list', 'electron_switch_window', 'electron_surfaces_list',
  'electron_switch_surface', 'electron_snapshot', 'electron_find', 'electron_click', 'electron_type', 'electron_key', 'electron_clear_input',
  'electron_select_option', 'electron_check', 'electron_uncheck', 'electron_scroll', 'electron_scroll_into_view', 'electron_hover',
  'electron_drag', 'electron_keyboard_type', 'electron_type_into_editor', 'electron_press_sequence', 'electron_set_files', 'electron_drop_file',
];

describe('lifecycle, snapshot and interaction definitions', () => {
  it('cover the TOOLS.md tables exactly', () => {
    expect(TOOLS.map((t) => t.name).sort()).toEqual([...EXPECTED].sort());
  });

  it.each(TOOLS.map((t) => [t.name, t] as const))('%s is well formed', (_name, tool) => {
    expect(tool.name).toMatch(/^electron_[a-z][a-z0-9_]*$/);
    expect(TOOL_KINDS).toContain(tool.kind);
    expect(tool.gate).toBeUndefined();
    expect(tool.input.type).toBe('object');
    expect((tool.input as { additionalProperties?: unknown }).additionalProperties).toBe(false);
    expect(tool.description.length).toBeLessThanOrEqual(100);
    expect(tool.description).toMatch(/^[^.]+\.$/);
    expect(tool.detail?.errors).toBeDefined();
    for (const code of tool.detail!.errors!) expect(Object.keys(CORE_ERROR_CODES), `${tool.name}: ${code}`).toContain(code);
  });
});
