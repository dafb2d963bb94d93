import { TOOL_KINDS } from '@stagewright/sdk';
import { annotationsFor } from '@stagewright/kernel';

/** A tool as tools/list gives it. */
export interface ListedTool {
  name: string;
  inputSchema: { properties?: Record<string, { description?: string }> };
  annotations?: Record<string, unknown>;
}

/** A tool's entry in the stagewright://tools resource. */
export interface ResourceTool {
  name: string;
  kind: string;
  gate?: string;
  notes?: string;
  values?: Record<string, unknown>;
  shapes?: Record<string, unknown>;
  /** Declared argument rules, in words ("exactly one of equals, contains or matches"). */
  rules?: string[];
}

/**
 * Every rule a registered tool must meet, core or plugin, as a list of problems (empty: well
 * formed): a name of its namespace's form, a kind with the annotations derived from it, only an
 * eval gate, and every parameter described in its schema, in its resource entry, or (a shared
 * parameter: ref, selector, sessionId...) once in the resource's `parameters` section.
 */
export function wellFormednessProblems(
  listed: readonly ListedTool[],
  documented: ReadonlyMap<string, ResourceTool>,
  namePattern: RegExp,
  shared: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = [];
  for (const tool of listed) {
    if (!namePattern.test(tool.name)) problems.push(`${tool.name}: name does not match ${namePattern}`);
    const doc = documented.get(tool.name);
    if (!doc) {
      problems.push(`${tool.name}: missing from stagewright://tools`);
      continue;
    }
    if (!(TOOL_KINDS as readonly string[]).includes(doc.kind))
      problems.push(`${tool.name}: kind ${doc.kind} is not one of ${TOOL_KINDS.join(', ')}`);
    else if (JSON.stringify(tool.annotations) !== JSON.stringify(annotationsFor(doc.kind as (typeof TOOL_KINDS)[number]))) {
      problems.push(`${tool.name}: annotations are not the ones derived from kind ${doc.kind}`);
    }
    if (doc.gate !== undefined && !['eval:main', 'eval:renderer'].includes(doc.gate))
      problems.push(`${tool.name}: unknown gate ${doc.gate}`);
    const prose = `${doc.notes ?? ''} ${JSON.stringify(doc.values ?? {})} ${JSON.stringify(doc.shapes ?? {})} ${(doc.rules ?? []).join(' ')}`;
    for (const [param, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
      if (!schema.description?.trim() && !shared.has(param) && !new RegExp(`\\b${param}\\b`).test(prose))
        problems.push(`${tool.name}.${param}: not described`);
    }
  }
  return problems;
}
