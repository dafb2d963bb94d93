import type { ReferenceEntry } from './render.js';
import { toJsonSchema } from './schema-text.js';

/** Where the committed catalogue snapshot lives, relative to the workspace root. */
export const CATALOGUE_FILE = 'docs/tool-catalogue.json';

/**
 * The tool catalogue snapshot: per tool its name, module, kind, profiles, gate and input schema
 * as a host receives it. Committed and checked like the reference, so any change to a tool's
 * contract shows up as a diff in review (STYLE.md 12).
 */
export function renderCatalogue(entries: readonly ReferenceEntry[]): string {
  const tools = [...entries]
    .sort((a, b) => (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0))
    .map(({ module, profiles, tool }) => ({
      name: tool.name,
      module,
      kind: tool.kind,
      profiles,
      ...(tool.gate ? { gate: tool.gate } : {}),
      input: toJsonSchema(tool.input),
    }));
  return `${JSON.stringify({ generatedBy: 'npx nx run reference:docs', toolCount: tools.length, tools }, null, 2)}\n`;
}
