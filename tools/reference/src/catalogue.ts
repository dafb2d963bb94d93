import type { ReferenceEntry } from './render.js';
import { toJsonSchema } from './schema-text.js';

/**
 * Where the generated catalogue is written, relative to the workspace root. It is a build output,
 * not a committed file (a new tool would otherwise touch one more file): `reference:catalogue`
 * (and `reference:docs`) write it, and every test that reads it depends on that target.
 */
export const CATALOGUE_FILE = 'dist/docs/tool-catalogue.json';

/**
 * The tool catalogue: per tool its name, module, kind, profiles, gate and input schema as a host
 * receives it. Contract changes still show up in review through TOOL-REFERENCE.md and
 * manifest-baseline.json (CONTRIBUTING.md, "Generated files").
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
      ...(tool.impersonates ? { impersonates: tool.impersonates } : {}),
      input: toJsonSchema(tool.input),
    }));
  return `${JSON.stringify({ generatedBy: 'npx nx run reference:catalogue', toolCount: tools.length, tools }, null, 2)}\n`;
}
