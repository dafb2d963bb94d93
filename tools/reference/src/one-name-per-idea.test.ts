// One name per idea (ADR-0041, the glossary in CONTRIBUTING.md): each idea the tools share has one
// name, so a model learns it once. A listed tool, core or plugin, that brings back a second name
// for an idea already named fails here. Reads the catalogue the definitions generate.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from './catalogue.js';

interface CatalogueTool {
  name: string;
  input: { properties?: Record<string, unknown> };
}

/** A parameter name that is a second name for an idea, and the one name to use instead. */
const SECOND_NAMES: Record<string, string> = {
  id: 'window (a window), surfaceId (a frame), sessionId (an app): name what it is',
  windowId: 'window',
  after: 'cursor',
  next: 'cursor',
  since: 'cursor (electron_snapshot alone keeps since: the baseline of a diff, not a position)',
  match: 'matches',
  pattern: 'matches',
  regex: 'matches',
  top: 'limit',
  max_results: 'limit',
  redactKeys: 'redact',
  redactHeaders: 'redact',
  bufferSize: 'maxEvents',
};
/** Where a listed name means something else, by tool and parameter. */
const OTHER_IDEA = new Set(['electron_snapshot.since']);

/** What breaks the rule in these tools: a second parameter name, or a listing tool named `*_list`. */
function secondNames(tools: readonly CatalogueTool[]): string[] {
  const found: string[] = [];
  for (const tool of tools) {
    if (tool.name.endsWith('_list')) found.push(`${tool.name}: a listing tool is named by what it lists (plain plural)`);
    for (const param of Object.keys(tool.input.properties ?? {})) {
      const use = Object.hasOwn(SECOND_NAMES, param) ? SECOND_NAMES[param] : undefined;
      if (use !== undefined && !OTHER_IDEA.has(`${tool.name}.${param}`)) found.push(`${tool.name}.${param}: use ${use}`);
    }
  }
  return found;
}

function catalogue(): CatalogueTool[] {
  const file = resolve(import.meta.dirname, '../../..', CATALOGUE_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npx nx run reference:catalogue (reference:test depends on it)`);
  const tools = (JSON.parse(readFileSync(file, 'utf8')) as { tools?: CatalogueTool[] }).tools ?? [];
  if (tools.length < 100) throw new Error(`${file} lists ${tools.length} tools; expected every core and plugin tool`);
  return tools;
}

describe('one name per idea', () => {
  it('finds a second name when a tool brings one back', () => {
    const tools: CatalogueTool[] = [
      { name: 'electron_frames_list', input: {} },
      { name: 'electron_close_window', input: { properties: { id: {} } } },
      { name: 'demo_read', input: { properties: { since: {}, top: {} } } },
      { name: 'electron_snapshot', input: { properties: { since: {} } } },
    ];
    expect(secondNames(tools)).toEqual([
      'electron_frames_list: a listing tool is named by what it lists (plain plural)',
      expect.stringMatching(/^electron_close_window\.id: use window/),
      expect.stringMatching(/^demo_read\.since: use cursor/),
      'demo_read.top: use limit',
    ]);
  });

  it('holds for every core and plugin tool', () => {
    const tools = catalogue();
    expect(secondNames(tools)).toEqual([]);
    // The names chosen are the ones in use (a rename elsewhere would make this check vacuous).
    const params = new Set(tools.flatMap((tool) => Object.keys(tool.input.properties ?? {}).map((p) => `${tool.name}.${p}`)));
    for (const used of ['electron_switch_window.window', 'network_capture.window', 'electron_console_logs.cursor', 'ipc_read.cursor']) {
      expect(params, used).toContain(used);
    }
    for (const used of ['electron_console_logs.matches', 'electron_expect_text.matches', 'trace_tokens.limit', 'trace_start.redact']) {
      expect(params, used).toContain(used);
    }
  });
});
