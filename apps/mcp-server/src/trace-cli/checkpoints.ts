import type { TraceCallLine } from './read-trace.js';

/** Read tools whose recorded scalar answers become checkpoints. */
const READ_TOOL = /^electron_(get_[a-z_]+|exists|focused_element)$/;
/** Assert tools check for themselves: replaying them with ok expected is the checkpoint. */
export const isAssertTool = (tool: string) => /^electron_(expect_[a-z_]+|assert_[a-z_]+)$/.test(tool);
/** Answer fields that differ from run to run, never compared. */
const VOLATILE = new Set(['ref', 'refs', 'sessionId', 'path', 'ms', 'elapsed_ms', 'time', 'pid', 'bytes']);
const MAX_CHECKED_CHARS = 200;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A string check for a recorded value. When it contains a parameter's recorded value (the greeting
 * that shows the typed name), the parameter's part becomes `.+`: the check holds for every value,
 * without string interpolation in the format.
 */
function stringMatcher(value: string, paramValues: readonly string[]): Record<string, unknown> | undefined {
  const inside = paramValues.filter((p) => p.length > 0 && value.includes(p) && value !== p);
  if (!inside.length) return { exact: value };
  let parts = [value];
  for (const p of inside) parts = parts.flatMap((part) => part.split(p));
  const regex = `^${parts.map(escapeRegex).join('.+')}$`;
  return regex.length <= MAX_CHECKED_CHARS && parts.length <= 10 ? { regex } : undefined;
}

/**
 * Checkpoints of one recorded call, never a whole payload: the envelope's code for a kept failure;
 * for read tools, each top-level scalar field (short strings, numbers, booleans) that is not volatile.
 */
export function checkpointOf(call: TraceCallLine, paramValues: Map<string, unknown>): Record<string, unknown> | undefined {
  if (!call.ok) return { code: call.code };
  if (!READ_TOOL.test(call.tool)) return undefined;
  const strings = [...paramValues.values()].filter((v): v is string => typeof v === 'string');
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(call.envelope)) {
    if (key === 'ok' || key.startsWith('_') || VOLATILE.has(key)) continue;
    const pointer = `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const param = [...paramValues.entries()].find(([, v]) => typeof v === 'string' && v === value)?.[0];
    if (param) result[pointer] = { exact: { $param: param } };
    else if (typeof value === 'number' || typeof value === 'boolean') result[pointer] = { exact: value };
    else if (typeof value === 'string' && value.length <= MAX_CHECKED_CHARS) {
      const matcher = stringMatcher(value, strings);
      if (matcher) result[pointer] = matcher;
    }
  }
  return Object.keys(result).length ? { result } : undefined;
}
