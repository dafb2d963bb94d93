import {
  IMPERSONATION_GRANTS,
  ToolError,
  impersonationFlag,
  impersonationRefusal,
  type AnyToolDefinition,
  type EvalGate,
  type EvalTarget,
  type ImpersonationGrant,
} from '@stagewright/sdk';
import type { RegisteredTool, ToolRegistry } from './registry.js';
import { profilesContaining, resolveProfile, type ProfileName } from './profiles.js';
import { similarNames } from './similar-names.js';

export interface SurfaceOptions {
  /** A named profile, or `custom` when the caller supplied the core tools (`tools` option). */
  profile: ProfileName | 'custom';
  grants: readonly EvalTarget[];
  /** What the operator let the agent impersonate (ADR-0034). */
  impersonation?: readonly ImpersonationGrant[];
}

/**
 * What one server exposes out of its registry. Core tools follow the profile; plugin and kernel
 * tools are visible whatever the profile; eval-gated tools need their grant and compose with every
 * profile. Computed once, after every registration.
 */
export class ToolSurface {
  private readonly profileTools: ReadonlySet<string> | undefined;
  private readonly listedTools: RegisteredTool[];

  constructor(
    private readonly registry: ToolRegistry,
    private readonly options: SurfaceOptions,
  ) {
    const coreNonEval = registry
      .list()
      .filter((t) => t.origin.type === 'core' && !t.def.gate)
      .map((t) => t.name);
    this.profileTools = options.profile === 'custom' ? undefined : resolveProfile(options.profile, coreNonEval);
    this.listedTools = registry.list().filter((tool) => this.isListed(tool));
  }

  private inProfile(tool: RegisteredTool): boolean {
    if (tool.origin.type !== 'core' || tool.def.gate || !this.profileTools) return true;
    return this.profileTools.has(tool.name);
  }

  isListed(tool: RegisteredTool): boolean {
    return missingGrant(tool.def, this.options.grants, this.options.impersonation ?? []) === undefined && this.inProfile(tool);
  }

  /** Where a registered tool this server hides can be had (see fitText); undefined when it is listed or unknown. */
  readonly noteFor = (name: string): string | undefined => {
    const tool = this.registry.get(name);
    if (tool === undefined || this.isListed(tool)) return undefined;
    const missing = missingGrant(tool.def, this.options.grants, this.options.impersonation ?? []);
    if (missing) return `needs ${missing}`;
    return `in profile ${profilesContaining(name)[0]}`;
  };

  /** The name a tool has now, for a call that used a former one (ADR-0041). */
  currentName(name: string): string {
    return this.registry.currentName(name);
  }

  /** Listed tools in canonical order. */
  listed(): readonly RegisteredTool[] {
    return this.listedTools;
  }

  /**
   * The tool a call may run, or the actionable reason it may not: unknown (with similar names),
   * eval not granted (with the flag), or excluded by the profile (with a profile that has it).
   */
  admit(name: string): RegisteredTool {
    const tool = this.registry.get(name);
    if (!tool) {
      const similar = similarNames(
        name,
        this.listedTools.map((t) => t.name),
      );
      throw new ToolError('UNKNOWN_TOOL', `Unknown tool "${name.slice(0, 64)}".`, { details: similar.length ? { similar } : undefined });
    }
    if (tool.def.gate && !isGranted(tool.def.gate, this.options.grants)) {
      const flag = flagForGate(tool.def.gate);
      throw new ToolError('EVAL_NOT_ALLOWED', `${name} needs ${flag} (or --allow-eval for both targets).`, { details: { flag } });
    }
    if (tool.def.impersonates && !(this.options.impersonation ?? []).includes(tool.def.impersonates)) {
      throw impersonationRefusal(tool.def.impersonates, name);
    }
    if (!this.inProfile(tool)) {
      const [profile] = profilesContaining(name);
      const flag = `--tool-profile ${profile}`;
      throw new ToolError(
        'TOOL_NOT_IN_PROFILE',
        `${name} is not in the active "${this.options.profile}" profile; the "${profile}" profile has it.`,
        { details: { profile, flag } },
      );
    }
    return tool;
  }
}

export const EVAL_TARGETS: readonly EvalTarget[] = ['main', 'renderer'];

/** `true` grants both targets, `false`/undefined none, a list exactly those (deduplicated, ordered). */
export function normalizeAllowEval(value: boolean | readonly EvalTarget[] | undefined): EvalTarget[] {
  if (value === undefined || value === false) return [];
  if (value === true) return [...EVAL_TARGETS];
  if (!Array.isArray(value)) throw new TypeError('allowEval must be a boolean or a list of "main" | "renderer".');
  for (const target of value) {
    if (!EVAL_TARGETS.includes(target))
      throw new TypeError(`allowEval: unknown eval target "${String(target)}"; accepted: main, renderer.`);
  }
  return EVAL_TARGETS.filter((target) => value.includes(target));
}

export function gateTarget(gate: EvalGate): EvalTarget {
  return gate === 'eval:main' ? 'main' : 'renderer';
}

/** Ungated tools are always granted; gated ones need their target. */
export function isGranted(gate: EvalGate | undefined, grants: readonly EvalTarget[]): boolean {
  return gate === undefined || grants.includes(gateTarget(gate));
}

/** The narrowest flag that makes a gated tool visible and callable. */
export function flagForGate(gate: EvalGate): string {
  return `--allow-eval=${gateTarget(gate)}`;
}

/** `true` grants all three, `false`/undefined none, a list exactly those (deduplicated, ordered). */
export function normalizeImpersonation(value: boolean | readonly ImpersonationGrant[] | undefined): ImpersonationGrant[] {
  if (value === undefined || value === false) return [];
  if (value === true) return [...IMPERSONATION_GRANTS];
  if (!Array.isArray(value)) throw new TypeError('allowImpersonation must be a boolean or a list of "network" | "storage" | "ipc".');
  for (const grant of value) {
    if (!IMPERSONATION_GRANTS.includes(grant))
      throw new TypeError(`allowImpersonation: unknown grant "${String(grant)}"; accepted: ${IMPERSONATION_GRANTS.join(', ')}.`);
  }
  return IMPERSONATION_GRANTS.filter((grant) => value.includes(grant));
}

/**
 * The flag a tool still needs on this server (its eval gate first, then what it impersonates), or
 * undefined when it is granted. One rule for listing, refusing, the notes and electron_plugins.
 */
export function missingGrant(
  def: Pick<AnyToolDefinition, 'gate' | 'impersonates'>,
  grants: readonly EvalTarget[],
  impersonation: readonly ImpersonationGrant[],
): string | undefined {
  if (def.gate && !isGranted(def.gate, grants)) return flagForGate(def.gate);
  if (def.impersonates && !impersonation.includes(def.impersonates)) return impersonationFlag(def.impersonates);
  return undefined;
}
