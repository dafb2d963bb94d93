import { cell, describeType, toJsonSchema } from './schema-text.js';

/** What the reference needs of a registered tool definition (see ToolDefinition in @stagewright/sdk). */
export interface ReferenceTool {
  name: string;
  title: string;
  description: string;
  kind: string;
  gate?: string;
  input: unknown;
  detail?: {
    notes?: string;
    values?: Record<string, readonly (string | number)[]>;
    shapes?: Record<string, string>;
    errors?: readonly string[];
    example?: Record<string, unknown>;
  };
}

export interface ReferenceEntry {
  /** The ToolModule (or plugin) that provides the tool. */
  module: string;
  /** Named profiles that list the tool, or the eval flag that enables it. */
  profiles: string[];
  tool: ReferenceTool;
}

const code = (s: string | number) => `\`${s}\``;

function parameterTable(tool: ReferenceTool): string[] {
  const schema = toJsonSchema(tool.input);
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return ['No parameters.'];
  const required = new Set(schema.required ?? []);
  return [
    '| parameter | type | required | description |',
    '|---|---|---|---|',
    ...props.map(([name, p]) => `| ${code(name)} | ${describeType(p)} | ${required.has(name) ? 'yes' : 'no'} | ${cell(p.description)} |`),
  ];
}

function detailLines(detail: ReferenceTool['detail']): string[] {
  if (!detail) return [];
  const lines: string[] = [];
  if (detail.notes) lines.push('', `**Notes.** ${detail.notes}`);
  const values = Object.entries(detail.values ?? {});
  if (values.length > 0) {
    lines.push('', '**Valid values.**', ...values.map(([param, vs]) => `- ${code(param)}: ${vs.map(code).join(', ')}`));
  }
  const shapes = Object.entries(detail.shapes ?? {});
  if (shapes.length > 0) lines.push('', '**Shapes.**', ...shapes.map(([name, shape]) => `- ${code(name)}: ${shape}`));
  if (detail.errors && detail.errors.length > 0) lines.push('', `**Errors.** ${detail.errors.map(code).join(', ')}`);
  if (detail.example) lines.push('', '**Example.**', '', '```json', JSON.stringify(detail.example), '```');
  return lines;
}

function toolSection(entry: ReferenceEntry): string[] {
  const { tool } = entry;
  const facts = [`kind: ${tool.kind}`, `profiles: ${entry.profiles.join(', ')}`];
  if (tool.gate) facts.push(`gate: ${tool.gate}`);
  return [
    '',
    `### ${tool.name}`,
    '',
    `**${tool.title}** · ${facts.join(' · ')}`,
    '',
    tool.description,
    '',
    ...parameterTable(tool),
    ...detailLines(tool.detail),
  ];
}

function byModule(entries: readonly ReferenceEntry[]): Map<string, ReferenceEntry[]> {
  const groups = new Map<string, ReferenceEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.module) ?? [];
    group.push(entry);
    groups.set(entry.module, group);
  }
  for (const group of groups.values()) group.sort((a, b) => a.tool.name.localeCompare(b.tool.name));
  return groups;
}

/** The generated body of TOOL-REFERENCE.md (what goes between its markers). */
export function renderToolReference(entries: readonly ReferenceEntry[]): string {
  const groups = byModule(entries);
  const lines = [`${entries.length} tools in ${groups.size} modules.`, '', '| module | tools |', '|---|---|'];
  for (const [module, group] of groups) lines.push(`| ${module} | ${group.map((e) => `[${e.tool.name}](#${e.tool.name})`).join(', ')} |`);
  for (const [module, group] of groups) lines.push('', `## ${module}`, ...group.flatMap(toolSection));
  return lines.join('\n');
}

/** The README's compact tool table (what goes between `<!-- tools:start -->` and `<!-- tools:end -->`). */
export function renderReadmeTable(entries: readonly ReferenceEntry[]): string {
  const lines = ['| module | tool | profiles | what it does |', '|---|---|---|---|'];
  for (const [module, group] of byModule(entries)) {
    for (const e of group) lines.push(`| ${module} | ${code(e.tool.name)} | ${e.profiles.join(', ')} | ${cell(e.tool.description)} |`);
  }
  return lines.join('\n');
}
