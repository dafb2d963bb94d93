import { ToolError } from '@stagewright/sdk';

/** Deeper than any tool's schema needs; deep enough for an eval `arg` of real data. */
export const MAX_ARGUMENT_DEPTH = 32;

/** A NUL, or a UTF-16 surrogate without its pair (not text: cannot be encoded as UTF-8). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is what this pattern is for.
const NOT_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function pathOf(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const shown = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
  return parent ? `${parent}.${shown}` : shown;
}

class Refusal {
  constructor(
    readonly param: string,
    readonly message: string,
  ) {}
}

function refuse(param: string, message: string): never {
  throw new Refusal(param, message);
}

/**
 * Checks that hold for every tool, before its schema: arguments are a plain JSON object, nested
 * at most MAX_ARGUMENT_DEPTH levels, and every key and string is text (no NUL, no unpaired
 * surrogate). Such values used to reach the file system, Playwright or the inspector and come
 * back as INTERNAL_ERROR; here they are the agent's BAD_ARGUMENT, naming where they are.
 */
export function checkArgumentHygiene(tool: string, args: unknown): void {
  try {
    walk(args);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    throw new ToolError('BAD_ARGUMENT', `Invalid arguments for ${tool}: ${error.message}.`, { details: { param: error.param } });
  }
}

function walk(args: unknown): void {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    const got = args === null ? 'null' : Array.isArray(args) ? 'an array' : typeof args;
    refuse('arguments', `arguments must be an object of named parameters, got ${got}`);
  }
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: args, path: '', depth: 1 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (NOT_TEXT.test(value)) refuse(path, `${path} contains a NUL character or an unpaired surrogate; send plain text`);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_ARGUMENT_DEPTH) refuse(path, `${path} is nested deeper than ${MAX_ARGUMENT_DEPTH} levels`);
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
    for (const [key, item] of entries) {
      const itemPath = pathOf(path, key);
      if (typeof key === 'string' && NOT_TEXT.test(key))
        refuse(path || 'arguments', `a parameter name in ${path || 'arguments'} contains a NUL character or an unpaired surrogate`);
      stack.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
}
