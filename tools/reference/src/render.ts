import { PROFILE_NAMES } from '@stagewright/kernel';
import { SHARED_PARAMETERS, type ArgumentRule } from '@stagewright/sdk';
import { cell, describeType, toJsonSchema, type JsonSchema } from './schema-text.js';
import { SHARED_GROUPS, errorGroup, linkTo, paramGroup, targetRule } from './shared-params.js';

/** What the reference needs of a registered tool definition (see ToolDefinition in @stagewright/sdk). */
export interface ReferenceTool {
  name: string;
  title: string;
  description: string;
  kind: string;
  gate?: string;
  /** What the tool answers or writes as (ADR-0034): listed only with --allow-impersonation=<it>. */
  impersonates?: string;
  input: unknown;
  rules?: readonly ArgumentRule[];
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

const PARAMETER_HEAD = ['| parameter | type | required | description |', '|---|---|---|---|'];

/** A shared parameter's listed schema has no description; its meaning is written once, in the sdk. */
const meaning = (name: string, p: JsonSchema) => p.description ?? (SHARED_PARAMETERS as Record<string, string>)[name];

function parameterRows(props: [string, JsonSchema][], required: ReadonlySet<string>): string[] {
  return props.map(
    ([name, p]) => `| ${code(name)} | ${describeType(p)} | ${required.has(name) ? 'yes' : 'no'} | ${cell(meaning(name, p))} |`,
  );
}

/** The tool's own parameters; those a shared group adds unchanged become one link to its section. */
function parameterTable(tool: ReferenceTool): string[] {
  const schema = toJsonSchema(tool.input);
  const group = paramGroup(schema);
  const own = Object.entries(schema.properties ?? {}).filter(([name]) => !group || !(name in group.params));
  const rows = own.length === 0 ? [] : [...PARAMETER_HEAD, ...parameterRows(own, new Set(schema.required ?? []))];
  if (!group) return rows.length > 0 ? rows : ['No parameters.'];
  const rule = group.params.ref ? targetRule(tool.rules) : undefined;
  const shared = `${own.length === 0 ? 'Only the' : 'Plus the'} ${linkTo(group, group.paramsLabel)} (${Object.keys(group.params).map(code).join(', ')})${rule ? `: ${rule}` : ''}.`;
  return rows.length > 0 ? [...rows, '', shared] : [shared];
}

/** `**Errors.**`: a shared group's codes as one link, then the tool's own. */
function errorLine(errors: readonly string[]): string {
  const group = errorGroup(errors);
  const own = group ? errors.filter((e) => !group.errors.includes(e)) : errors;
  return `**Errors.** ${[...(group ? [linkTo(group, group.errorsLabel)] : []), ...own.map(code)].join(', ')}`;
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
  if (detail.errors && detail.errors.length > 0) lines.push('', errorLine(detail.errors));
  if (detail.example) lines.push('', '**Example.**', '', '```json', JSON.stringify(detail.example), '```');
  return lines;
}

/** One section per shared group, which tool entries link to instead of repeating its rows. */
function sharedSection(): string[] {
  const lines = ['', '## Shared parameters and errors'];
  for (const group of SHARED_GROUPS) {
    const props = Object.entries(group.params);
    lines.push('', `### ${group.heading}`, '', group.intro, '', ...PARAMETER_HEAD, ...parameterRows(props, new Set()));
    lines.push('', `**Errors.** ${group.errors.map(code).join(', ')}`);
  }
  return lines;
}

function toolSection(entry: ReferenceEntry): string[] {
  const { tool } = entry;
  const facts = [`kind: ${tool.kind}`, `profiles: ${entry.profiles.join(', ')}`];
  if (tool.gate) facts.push(`gate: ${tool.gate}`);
  if (tool.impersonates) facts.push(`needs: --allow-impersonation=${tool.impersonates}`);
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
  lines.push(...sharedSection());
  for (const [module, group] of groups) lines.push('', `## ${module}`, ...group.flatMap(toolSection));
  return lines.join('\n');
}

/** Where the README's links point. */
const REFERENCE_LINK = 'TOOL-REFERENCE.md';

/** GitHub's anchor for a heading: `## a11y plugin` is `#a11y-plugin`. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');

/**
 * The README's tools by group (what goes between `<!-- tools:start -->` and `<!-- tools:end -->`):
 * each group links to its section of the reference, core groups, eval, then plugins. It names no
 * tool and counts none, so adding a tool to a group leaves the README as it is (issue 21).
 */
export function renderReadmeTable(entries: readonly ReferenceEntry[]): string {
  const kinds = { core: [] as string[], eval: [] as string[], plugin: [] as string[] };
  for (const [module, group] of byModule(entries)) {
    const profiles = group.flatMap((e) => e.profiles);
    const kind = profiles.every((p) => p.startsWith('any')) ? 'plugin' : profiles.every((p) => p.startsWith('eval')) ? 'eval' : 'core';
    kinds[kind].push(`[${module}](${REFERENCE_LINK}#${anchor(module)})`);
  }
  const lines = ['| tools | groups (each a section of the reference) |', '|---|---|'];
  if (kinds.core.length) lines.push(`| core | ${kinds.core.join(' · ')} |`);
  if (kinds.eval.length) lines.push(`| core, with \`--allow-eval\` | ${kinds.eval.join(' · ')} |`);
  if (kinds.plugin.length) lines.push(`| plugins, with \`--plugin <name>\` | ${kinds.plugin.join(' · ')} |`);
  lines.push(
    '',
    'Each entry names the profiles that list the tool: `full`, the default, lists every core tool; ' +
      'plugin tools are listed whatever the profile.',
  );
  return lines.join('\n');
}
