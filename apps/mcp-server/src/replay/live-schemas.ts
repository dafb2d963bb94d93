import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Compile } from 'typebox/compile';
import { Problems } from './spec-problems.js';

export interface PlannedCall {
  /** Where the call comes from in the spec (`app`, `steps/3`). */
  at: string;
  tool: string;
  args: Record<string, unknown>;
}

/**
 * Every planned call checked against the tool list the fresh server actually serves (its profile,
 * eval grant and plugins), with parameters already substituted: nothing runs unless all pass.
 * Throws SpecInvalid naming each bad call, its path and the accepted properties.
 */
export function checkAgainstLiveSchemas(tools: readonly Tool[], calls: readonly PlannedCall[]): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const compiled = new Map<string, ReturnType<typeof Compile>>();
  const problems = new Problems();
  for (const call of calls) {
    const tool = byName.get(call.tool);
    if (!tool) {
      problems.add(`${call.at}/tool: "${call.tool}" is not served by this server (check --tool-profile, --allow-eval and --plugin)`);
      continue;
    }
    let check = compiled.get(call.tool);
    if (!check) {
      check = Compile(tool.inputSchema as never);
      compiled.set(call.tool, check);
    }
    if (check.Check(call.args)) continue;
    const accepted = Object.keys(tool.inputSchema.properties ?? {}).join(', ');
    for (const error of [...check.Errors(call.args)].filter((e) => e.keyword !== 'boolean').slice(0, 3)) {
      const extra = error.keyword === 'additionalProperties' ? ` (accepted: ${accepted})` : '';
      problems.add(`${call.at}/args${error.instancePath}: ${call.tool} ${error.message}${extra}`);
    }
  }
  problems.throwIfAny();
}
