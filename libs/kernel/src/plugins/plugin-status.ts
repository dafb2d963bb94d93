import type { Plugin } from '@stagewright/sdk';

/** Largest status() answer shown, in characters of its JSON: it is read on every electron_status. */
export const MAX_STATUS_CHARS = 2_000;

/**
 * A plugin's status() (PLUGIN_API 1.4), as electron_plugins and electron_status show it: a plain
 * object of at most MAX_STATUS_CHARS, or a note saying why not. A status() that throws, answers
 * something else or too much costs that plugin its line, never the call.
 */
export function pluginStatusOf(plugin: Plugin): Record<string, unknown> | undefined {
  if (typeof plugin.status !== 'function') return undefined;
  try {
    const status = plugin.status();
    if (typeof status !== 'object' || status === null || Array.isArray(status)) return { unavailable: 'status() did not return an object' };
    const chars = JSON.stringify(status).length;
    if (chars > MAX_STATUS_CHARS) return { unavailable: `status() answered ${chars} characters, over the ${MAX_STATUS_CHARS} allowed` };
    return status;
  } catch (error) {
    return { unavailable: `status() failed: ${String((error as Error)?.message ?? error).slice(0, 200)}` };
  }
}

/** Every loaded plugin's status, by name; undefined when none has a status() hook. */
export function pluginStatuses(plugins: readonly { plugin: Plugin }[]): Record<string, unknown> | undefined {
  const entries = plugins.flatMap(({ plugin }) => {
    const status = pluginStatusOf(plugin);
    return status ? [[plugin.name, status] as const] : [];
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * electron_status's `plugins`: each plugin's own status, plus what the server knows about it:
 * the tools a missing grant switches off (`switched_off: { "--allow-eval=main": [...] }`: only
 * the operator grants), and the plugins offered for electron_enable (not loaded yet).
 */
export function discoveryStatus(
  statuses: Record<string, unknown> | undefined,
  surface: {
    switchedOff(): { plugin: string; needs: string; tools: string[] }[];
    offers(): { plugins: string[]; profiles: string[] };
  },
): Record<string, unknown> | undefined {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, status] of Object.entries(statuses ?? {})) out[name] = { ...(status as Record<string, unknown>) };
  for (const { plugin, needs, tools } of surface.switchedOff()) {
    const entry = out[plugin] ?? {};
    entry.switched_off = { ...(entry.switched_off as Record<string, string[]> | undefined), [needs]: tools };
    out[plugin] = entry;
  }
  for (const plugin of surface.offers().plugins) out[plugin] = { ...out[plugin], offered: true };
  return Object.keys(out).length ? out : undefined;
}
