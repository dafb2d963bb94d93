import { CORE_ERROR_CODES, CoreTools, isToolError, ToolError } from '@stagewright/sdk';
import type { ErrorCatalog } from '../errors/error-catalog.js';

/**
 * Where a plugin's fault stops (ADR-0019): plugins run in the server's process with its trust,
 * so the kernel cannot contain what their code does, but it decides what of it reaches the agent.
 * A plugin's failure names the plugin, its error codes are its own, and its answers are bounded.
 */

/**
 * The tools a guard's own failure never blocks: the agent must always be able to look
 * (electron_status, electron_plugins) and to end an app (electron_stop, electron_force_kill),
 * whatever a broken plugin does. Every other tool fails closed: a guard that cannot decide
 * refuses. A guard's deliberate refusal (a ToolError with one of its declared codes) is honoured
 * everywhere: that is the operator's policy, not a fault.
 */
export const ESCAPE_HATCHES: ReadonlySet<string> = new Set([CoreTools.stop, CoreTools.forceKill, CoreTools.status, CoreTools.plugins]);

/**
 * Largest success envelope of a plugin tool, in characters of its JSON text. Core tools bound
 * their own answers (electron_snapshot: 30 000 by default, 200 000 on request); a plugin answer
 * over this is cut by the kernel, flagged `truncated` with what was cut. 100 000 characters is
 * about 25 000 tokens: a big answer, an eighth of a 200k context, yet far from one that floods it.
 */
export const MAX_PLUGIN_RESULT_CHARS = 100_000;

/** A plugin's fault, as the agent sees it: INTERNAL_ERROR, naming the plugin, with its name in details. */
export function pluginFault(plugin: string, message: string): ToolError {
  return new ToolError('INTERNAL_ERROR', message, { details: { plugin } });
}

/** Whether `code` is one the plugin declared in `errorCodes`, bare (`NOT_RECORDING`) or qualified (`trace.NOT_RECORDING`). */
export function isOwnCode(code: string, plugin: string, catalog: ErrorCatalog): boolean {
  const qualified = code.startsWith(`${plugin}.`) ? code : `${plugin}.${code}`;
  return catalog.spec(qualified) !== undefined && !(qualified in CORE_ERROR_CODES);
}

/**
 * What of a plugin tool's throw may reach the agent. A ToolError keeps its code when it is a
 * core code (the sdk's definers translate Playwright failures to those) or one the plugin
 * declared; anything else, an undeclared code or one in another plugin's namespace, is replaced
 * by a fault naming the plugin and the code, so no plugin can speak with another's voice or send
 * codes no catalogue explains. A throw that is not a ToolError becomes a fault naming the plugin.
 */
export function fromPluginTool(thrown: unknown, plugin: string, tool: string, catalog: ErrorCatalog): unknown {
  if (isToolError(thrown)) {
    if (thrown.code in CORE_ERROR_CODES || isOwnCode(thrown.code, plugin, catalog)) return thrown;
    return pluginFault(
      plugin,
      `plugin "${plugin}" answered ${tool} with error code "${thrown.code}", which it did not declare in its errorCodes; the answer was refused. Its message: ${clip(thrown.message)}`,
    );
  }
  if (thrown instanceof Error || typeof thrown !== 'object') {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    return pluginFault(plugin, `plugin "${plugin}" failed in ${tool}: ${message || 'unknown error'}`);
  }
  return pluginFault(plugin, `plugin "${plugin}" failed in ${tool}: it threw a value that is not an Error.`);
}

/** A guard that failed (not a refusal with its own code): the fault, or nothing when the call is an escape hatch. */
export function guardFault(plugin: string, tool: string, thrown: unknown): ToolError {
  const message = isToolError(thrown)
    ? `threw error code "${thrown.code}", which is not one of its declared codes`
    : `failed: ${clip(thrown instanceof Error ? thrown.message : String(thrown))}`;
  return pluginFault(plugin, `plugin "${plugin}" guard ${message}; ${tool} was refused (a broken guard fails closed).`);
}

function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
