import { ToolError, Type, defineTool, type AnyToolDefinition } from '@stagewright/sdk';
import type { ProfileName } from '../tools/profiles.js';
import type { RegisteredTool } from '../tools/registry.js';
import type { ToolSurface } from '../tools/surface.js';

export interface EnableDeps {
  surface: ToolSurface;
  /** Loads an offered plugin by name; resolves to the names of the tools it registered. */
  loadPlugin(name: string): Promise<readonly string[]>;
  /** Called after the listing changed: resources are rebuilt and notifications/tools/list_changed sent. */
  changed(): void;
}

/** A tool's parameters in one line, `name: type` with `?` for optional ones: enough to call it by name. */
export function compactParams(def: AnyToolDefinition): string {
  const input = def.input as { properties?: Record<string, { type?: unknown; enum?: unknown[] }>; required?: string[] };
  const required = new Set(input.required ?? []);
  return Object.entries(input.properties ?? {})
    .map(([name, schema]) => {
      const type = Array.isArray(schema.enum) ? schema.enum.map((v) => JSON.stringify(v)).join('|') : String(schema.type ?? 'any');
      return `${name}${required.has(name) ? '' : '?'}: ${type}`;
    })
    .join(', ');
}

function compact(tool: RegisteredTool): { name: string; description: string; params: string } {
  return { name: tool.name, description: tool.def.description, params: compactParams(tool.def) };
}

/**
 * `electron_enable`, registered when the operator offered something (`--offer`, ADR-0045): lists an
 * offered plugin's or profile's tools mid-session. The answer carries each new tool's description
 * and parameters, and they are callable at once, so a host that does not refresh its list after
 * notifications/tools/list_changed still works. Grants (eval, impersonation) are never offered:
 * an offered plugin's gated tools stay switched off, and the answer says which flag they need.
 */
export function createEnableTool(deps: EnableDeps): AnyToolDefinition {
  return defineTool({
    name: 'electron_enable',
    title: 'Enable offered tools',
    description: 'Enable a plugin or profile the operator offers (see electron_status); answers its tools.',
    kind: 'action',
    input: { name: Type.String({ maxLength: 64, description: 'Offered plugin or profile name.' }) },
    detail: {
      notes:
        'Offers come from the operator (--offer); grants never do. The new tools are callable at once, even where the host does not refresh its list; each comes with its parameters (full detail: stagewright://tools/{name}).',
      errors: ['NOT_OFFERED'],
    },
    async handle({ name }) {
      const { surface } = deps;
      const before = new Set([...surface.listed(), ...surface.unlisted()].map((tool) => tool.name));
      let kind: 'plugin' | 'profile';
      if (surface.isOfferedProfile(name)) {
        kind = 'profile';
        surface.enableProfile(name as ProfileName);
      } else if (surface.offers().plugins.includes(name)) {
        kind = 'plugin';
        await deps.loadPlugin(name);
        surface.pluginEnabled(name);
      } else if (surface.isOfferedPlugin(name)) {
        kind = 'plugin';
      } else {
        const offered = surface.offers();
        throw new ToolError('NOT_OFFERED', `"${name.slice(0, 64)}" is not offered on this server.`, {
          details: { offered: [...offered.plugins, ...offered.profiles] },
        });
      }
      const added = surface.listed().filter((tool) => !before.has(tool.name));
      const unlisted = surface.unlisted().filter((tool) => !before.has(tool.name));
      const switchedOff = surface.switchedOff().filter(({ plugin }) => plugin === name);
      if (added.length || unlisted.length) deps.changed();
      return {
        enabled: name,
        kind,
        tools: added.map(compact),
        ...(unlisted.length ? { unlisted: unlisted.map(compact) } : {}),
        ...(switchedOff.length ? { switchedOff } : {}),
      };
    },
  });
}
