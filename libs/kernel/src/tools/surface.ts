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
import { PROFILE_LISTS, profilesContaining, resolveProfile, type ProfileName } from './profiles.js';
import { findByKeyword, type CapabilityMatch, type PluginIndex } from './capability-index.js';
import { similarNames } from './similar-names.js';

export interface SurfaceOptions {
  /** A named profile, or `custom` when the caller supplied the core tools (`tools` option). */
  profile: ProfileName | 'custom';
  grants: readonly EvalTarget[];
  /** What the operator let the agent impersonate (ADR-0034). */
  impersonation?: readonly ImpersonationGrant[];
  /** Never list more tools than this (ADR-0045); undefined: no cap. */
  maxTools?: number;
  /** First-party plugins by name, loaded or not: an unknown name that is theirs says so. */
  index?: PluginIndex;
  /** What the operator offered the agent to enable mid-session (ADR-0045). */
  offered?: { plugins: readonly string[]; profiles: readonly ProfileName[] };
}

/** The core tools a named profile lists; a tool in more of them is dropped later when a cap bites. */
function namedProfileCount(name: string): number {
  return Object.values(PROFILE_LISTS).filter((names) => names.includes(name)).length;
}

/**
 * What one server exposes out of its registry. Core tools follow the profile (and the profiles the
 * agent enabled from the operator's offer); plugin and kernel tools are visible whatever the
 * profile; eval-gated tools need their grant and compose with every profile. Recomputed by
 * refresh() after a plugin loads or a profile is enabled; `version` counts the changes.
 */
export class ToolSurface {
  private profileTools: ReadonlySet<string> | undefined;
  private listedTools: RegisteredTool[] = [];
  private capped: RegisteredTool[] = [];
  private readonly enabledProfiles: ProfileName[] = [];
  private readonly offeredPlugins: Set<string>;
  version = 0;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly options: SurfaceOptions,
  ) {
    this.offeredPlugins = new Set(options.offered?.plugins ?? []);
    this.refresh();
  }

  /** Recompute the listing after the registry or the enabled profiles changed. */
  refresh(): void {
    const coreNonEval = this.registry
      .list()
      .filter((t) => t.origin.type === 'core' && !t.def.gate)
      .map((t) => t.name);
    if (this.options.profile === 'custom') this.profileTools = undefined;
    else {
      const names = new Set(resolveProfile(this.options.profile, coreNonEval));
      for (const profile of this.enabledProfiles) for (const name of resolveProfile(profile, coreNonEval)) names.add(name);
      this.profileTools = names;
    }
    const visible = this.registry.list().filter((tool) => this.isVisible(tool));
    const cap = this.options.maxTools;
    if (cap === undefined || visible.length <= cap) {
      this.listedTools = visible;
      this.capped = [];
    } else {
      const dropped = new Set(dropOrder(visible).slice(0, visible.length - cap));
      this.listedTools = visible.filter((tool) => !dropped.has(tool));
      this.capped = visible.filter((tool) => dropped.has(tool));
    }
    this.version++;
  }

  private inProfile(tool: RegisteredTool): boolean {
    if (tool.origin.type !== 'core' || tool.def.gate || !this.profileTools) return true;
    return this.profileTools.has(tool.name);
  }

  /** Granted and in the profile: listed, unless the operator's cap left it out (it stays callable). */
  private isVisible(tool: RegisteredTool): boolean {
    return missingGrant(tool.def, this.options.grants, this.options.impersonation ?? []) === undefined && this.inProfile(tool);
  }

  isListed(tool: RegisteredTool): boolean {
    return this.isVisible(tool);
  }

  /** Where a registered tool this server hides can be had (see fitText); undefined when it is callable or unknown. */
  readonly noteFor = (name: string): string | undefined => {
    const tool = this.registry.get(name);
    if (tool === undefined || this.isVisible(tool)) return undefined;
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

  /** Tools callable but left out of tools/list by the operator's cap (--max-tools), in canonical order. */
  unlisted(): readonly RegisteredTool[] {
    return this.capped;
  }

  /** Registered plugin tools a missing grant switches off, by plugin and flag (electron_status, electron_enable). */
  switchedOff(): { plugin: string; needs: string; tools: string[] }[] {
    const groups = new Map<string, { plugin: string; needs: string; tools: string[] }>();
    for (const tool of this.registry.list()) {
      if (tool.origin.type !== 'plugin') continue;
      const needs = missingGrant(tool.def, this.options.grants, this.options.impersonation ?? []);
      if (!needs) continue;
      const key = `${tool.origin.plugin} ${needs}`;
      const group = groups.get(key) ?? { plugin: tool.origin.plugin, needs, tools: [] };
      group.tools.push(tool.name);
      groups.set(key, group);
    }
    return [...groups.values()];
  }

  /** Profiles and plugins the operator offered that the agent has not enabled yet. */
  offers(): { plugins: string[]; profiles: ProfileName[] } {
    return {
      plugins: [...this.offeredPlugins],
      profiles: (this.options.offered?.profiles ?? []).filter((profile) => !this.enabledProfiles.includes(profile)),
    };
  }

  isOfferedProfile(name: string): name is ProfileName {
    return (this.options.offered?.profiles ?? []).some((profile) => profile === name);
  }

  isOfferedPlugin(name: string): boolean {
    return (this.options.offered?.plugins ?? []).includes(name);
  }

  /** Lists an offered profile's tools on top of the current ones (a profile never removes a tool). */
  enableProfile(profile: ProfileName): void {
    if (!this.enabledProfiles.includes(profile)) this.enabledProfiles.push(profile);
    this.refresh();
  }

  /** An offered plugin was loaded: it is no longer on offer. */
  pluginEnabled(plugin: string): void {
    this.offeredPlugins.delete(plugin);
    this.refresh();
  }

  /** A first-party plugin tool that is not loaded, with its plugin, from the index. */
  private indexed(name: string): { plugin: string } | undefined {
    const entry = this.options.index?.find(({ tools }) => tools.some((tool) => tool.name === name));
    return entry && { plugin: entry.plugin };
  }

  /**
   * Where the agent could get what a guessed name asks for: tools whose name or description hold
   * its words, among every registered tool and every first-party plugin's (loaded or not).
   */
  capabilitiesFor(query: string): CapabilityMatch[] {
    const loaded = this.registry.list().map((tool) => ({ name: tool.name, about: `${tool.def.title ?? ''} ${tool.def.description}` }));
    const known = new Set(loaded.map((tool) => tool.name));
    const unloaded = (this.options.index ?? []).flatMap(({ tools }) => tools.filter((tool) => !known.has(tool.name)));
    return findByKeyword(query, [...loaded, ...unloaded]).map((tool) => this.whereIs(tool));
  }

  private whereIs(name: string): CapabilityMatch {
    const tool = this.registry.get(name);
    if (tool) {
      const plugin = tool.origin.type === 'plugin' ? { plugin: tool.origin.plugin } : {};
      if (this.isVisible(tool)) return { tool: name, ...plugin, via: 'listed' };
      const missing = missingGrant(tool.def, this.options.grants, this.options.impersonation ?? []);
      const profile = profilesContaining(name).find((p) => this.isOfferedProfile(p) && !this.enabledProfiles.includes(p));
      return { tool: name, ...plugin, via: !missing && profile ? 'enable' : 'operator' };
    }
    const plugin = this.indexed(name)?.plugin;
    return { tool: name, ...(plugin ? { plugin } : {}), via: plugin && this.offeredPlugins.has(plugin) ? 'enable' : 'operator' };
  }

  /**
   * The tool a call may run, or the actionable reason it may not: a first-party plugin tool whose
   * plugin is not loaded (offered or not), unknown (with similar names and where the words of the
   * name are found), eval not granted (with the flag), or excluded by the profile (with a profile
   * that has it, and whether the agent may enable it).
   */
  admit(name: string): RegisteredTool {
    const tool = this.registry.get(name);
    if (!tool) {
      const indexed = this.indexed(name);
      if (indexed) {
        if (this.offeredPlugins.has(indexed.plugin))
          throw new ToolError(
            'TOOL_NOT_ENABLED',
            `${name} belongs to the "${indexed.plugin}" plugin, which the operator offers but is not enabled.`,
            {
              details: { plugin: indexed.plugin, enable: { name: indexed.plugin } },
            },
          );
        throw new ToolError('PLUGIN_NOT_LOADED', `${name} belongs to the "${indexed.plugin}" plugin, which this server has not loaded.`, {
          details: { plugin: indexed.plugin, flag: `--plugin ${indexed.plugin}` },
        });
      }
      const similar = similarNames(
        name,
        [...this.listedTools, ...this.capped].map((t) => t.name),
      );
      const capabilities = this.capabilitiesFor(name).filter((match) => !similar.includes(match.tool));
      throw new ToolError('UNKNOWN_TOOL', `Unknown tool "${name.slice(0, 64)}".`, {
        details: {
          ...(similar.length ? { similar } : {}),
          ...(capabilities.length ? { capabilities } : {}),
        },
      });
    }
    if (tool.def.gate && !isGranted(tool.def.gate, this.options.grants)) {
      const flag = flagForGate(tool.def.gate);
      const plugin = tool.origin.type === 'plugin' ? tool.origin.plugin : undefined;
      throw new ToolError(
        'EVAL_NOT_ALLOWED',
        plugin
          ? `${name} is switched off: the "${plugin}" plugin is loaded, but this tool needs ${flag} (or --allow-eval for both targets), which only the operator grants.`
          : `${name} needs ${flag} (or --allow-eval for both targets).`,
        { details: { flag, ...(plugin ? { plugin } : {}) } },
      );
    }
    if (tool.def.impersonates && !(this.options.impersonation ?? []).includes(tool.def.impersonates)) {
      throw impersonationRefusal(tool.def.impersonates, name);
    }
    if (!this.inProfile(tool)) {
      const [profile] = profilesContaining(name);
      const offered = profilesContaining(name).find((p) => this.isOfferedProfile(p));
      if (offered)
        throw new ToolError(
          'TOOL_NOT_ENABLED',
          `${name} is not in the active "${this.options.profile}" profile; the "${offered}" profile has it, and the operator offers it.`,
          {
            details: { profile: offered, enable: { name: offered } },
          },
        );
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

/**
 * The order the cap drops listed tools in (ADR-0045), first dropped first: core tools the named
 * profiles list least (only `full` has them, then one profile, ...), each group from the end of
 * the alphabet; then eval-gated core tools; then plugin tools, from the last loaded plugin. Kernel
 * tools (electron_plugins, electron_enable) are never dropped: they are how the rest is found.
 */
export function dropOrder(tools: readonly RegisteredTool[]): RegisteredTool[] {
  const pluginOrder: string[] = [];
  for (const tool of tools)
    if (tool.origin.type === 'plugin' && !pluginOrder.includes(tool.origin.plugin)) pluginOrder.push(tool.origin.plugin);
  const rank = (tool: RegisteredTool): number => {
    if (tool.origin.type === 'kernel') return Number.POSITIVE_INFINITY;
    if (tool.origin.type === 'plugin') return 100 + (pluginOrder.length - pluginOrder.indexOf(tool.origin.plugin));
    if (tool.def.gate) return 10;
    return namedProfileCount(tool.name);
  };
  return tools
    .filter((tool) => tool.origin.type !== 'kernel')
    .slice()
    .sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
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
