import { isAbsolute, resolve } from 'node:path';

/** JSON Schema of one parameter, as tools/list gives it (from the typebox definitions). */
export interface ParamSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: ParamSchema[];
  items?: ParamSchema;
  description?: string;
  const?: unknown;
}

/** One tool as tools/list lists it, with the group (core module, or `plugins`) it belongs to. */
export interface CatalogueTool {
  name: string;
  description?: string;
  group: string;
  inputSchema: { properties?: Record<string, ParamSchema>; required?: string[] };
}

/** What the stagewright://tools resource adds to a tool's listing: its parameter rules and notes. */
export interface ToolDetail {
  rules?: string[];
  notes?: string;
}

/** A command line misuse: printed on one line, exit 2. */
export class CommandUsageError extends Error {
  override name = 'CommandUsageError';
}

/**
 * The command of a tool: its name without the `electron_` prefix, underscores as dashes
 * (`electron_expect_text` -> `expect-text`, a plugin's `ipc_stub` -> `ipc-stub`).
 */
export function commandName(tool: string): string {
  return tool.replace(/^electron_/, '').replaceAll('_', '-');
}

/** `timeoutMs` -> `--timeout-ms`. */
export function flagName(param: string): string {
  return `--${param.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Parameters whose values are paths: a relative one is taken from the caller's folder, not the server's. */
const PATH_PARAMS = new Set(['main', 'cwd', 'path', 'paths', 'executablePath']);

/** An element tool takes `ref` or `selector`; its first positional is the one its form says. */
const isElementTool = (tool: CatalogueTool) => Boolean(tool.inputSchema.properties?.ref && tool.inputSchema.properties?.selector);

/** A ref from a snapshot (`e5`, `f1e12`), as opposed to a selector (`#status`, `role=button`). */
export const REF_FORM = /^(?:[a-z]\d+)*e\d+$/;

/**
 * The positional parameters of a tool: for an element tool its target first (`ref` or `selector`,
 * by its form), then each required parameter in schema order; a tool with neither takes its first
 * parameter positionally when that is a string or a number (`launch ./app`, `find textbox`).
 */
export function positionals(tool: CatalogueTool): string[] {
  const props = tool.inputSchema.properties ?? {};
  const required = (tool.inputSchema.required ?? []).filter((name) => name in props);
  const names = [...(isElementTool(tool) ? ['<target>'] : []), ...required];
  if (names.length > 0) return names;
  const first = Object.keys(props).find((name) => name !== 'sessionId');
  return first && typeOf(props[first]!) === 'string' ? [first] : [];
}

function typeOf(schema: ParamSchema): string {
  if (schema.enum) return 'enum';
  if (schema.anyOf) return 'any';
  return Array.isArray(schema.type) ? 'any' : (schema.type ?? 'any');
}

/** A value of the command line as the parameter's type wants it. */
function convert(param: string, schema: ParamSchema, raw: string, cwd: string): unknown {
  const type = typeOf(schema);
  const fail = (what: string) => new CommandUsageError(`${flagName(param)}: expected ${what}, got "${raw}".`);
  const path = (value: string) => (PATH_PARAMS.has(param) && !isAbsolute(value) ? resolve(cwd, value) : value);
  switch (type) {
    case 'integer':
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n)))
        throw fail(`a${type === 'integer' ? 'n integer' : ' number'}`);
      return n;
    }
    case 'boolean':
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      throw fail('true or false');
    case 'enum':
      if (!schema.enum!.includes(raw)) throw fail(`one of ${schema.enum!.join(', ')}`);
      return raw;
    case 'array':
      if (raw.startsWith('[')) return parseJson(param, raw);
      return [convert(param, schema.items ?? {}, raw, cwd)];
    case 'object':
      if (raw.startsWith('{')) return parseJson(param, raw);
      if (raw.includes('=')) return { [raw.slice(0, raw.indexOf('='))]: raw.slice(raw.indexOf('=') + 1) };
      throw fail('JSON or KEY=VALUE');
    case 'string':
      return path(raw);
    default:
      // A union (`since`, `arg`): JSON when it parses, else the text.
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
  }
}

function parseJson(param: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new CommandUsageError(`${flagName(param)}: not valid JSON (${(error as Error).message}).`);
  }
}

/** Merge a repeated value: arrays and objects add up, anything else may be given once. */
function put(args: Record<string, unknown>, param: string, schema: ParamSchema, value: unknown): void {
  if (!(param in args)) {
    args[param] = value;
    return;
  }
  const type = typeOf(schema);
  if (type === 'array') args[param] = [...(args[param] as unknown[]), ...(value as unknown[])];
  else if (type === 'object') args[param] = { ...(args[param] as object), ...(value as object) };
  else throw new CommandUsageError(`${flagName(param)} is given twice.`);
}

/** What a command line asks of one tool: its arguments, and whether the answer is wanted as JSON. */
export interface ParsedCommand {
  tool: CatalogueTool;
  args: Record<string, unknown>;
  json: boolean;
}

/**
 * Parse `<command> [positionals] [--flag value | --flag=value | --switch]...` against the tool's
 * schema. Only the tool's own parameters (and `--json`) are accepted: an operator flag such as
 * `--allow-eval` is an unknown flag here, like any other name the schema lacks.
 */
export function parseCommand(
  tools: readonly CatalogueTool[],
  argv: readonly string[],
  cwd: string,
  details: ReadonlyMap<string, ToolDetail> = new Map(),
): ParsedCommand {
  const [name, ...rest] = argv;
  const tool = tools.find((t) => commandName(t.name) === name || t.name === name);
  if (!tool) {
    throw new CommandUsageError(`unknown command "${name}"; see \`stagewright help\` for the commands this server lists.`);
  }
  const props = tool.inputSchema.properties ?? {};
  const byFlag = new Map(Object.keys(props).map((param) => [flagName(param), param]));
  for (const param of Object.keys(props)) byFlag.set(`--${param}`, param);
  let slots = positionals(tool);
  const args: Record<string, unknown> = {};
  const given: string[] = [];
  let json = false;
  let slot = 0;
  const positional = (raw: string) => {
    const param = slots[slot];
    if (param === undefined) throw new CommandUsageError(`${name}: unexpected argument "${raw}"; see \`stagewright ${name} --help\`.`);
    if (param === '<target>') {
      args[REF_FORM.test(raw) ? 'ref' : 'selector'] = raw;
      slot++;
      return;
    }
    const schema = props[param]!;
    put(args, param, schema, convert(param, schema, raw, cwd));
    // The last positional, when it is a list, takes every remaining argument (`drop-file a.txt b.txt`).
    if (!(slot === slots.length - 1 && typeOf(schema) === 'array')) slot++;
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--') {
      given.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      given.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (flag === '--json' && eq < 0) {
      json = true;
      continue;
    }
    const param = byFlag.get(flag);
    if (!param) {
      const known = [...new Set(Object.keys(props).map(flagName))].join(' ');
      throw new CommandUsageError(`${name}: unknown flag ${flag}; it takes ${known || 'no flags'} (and --json).`);
    }
    const schema = props[param]!;
    let raw = eq > 0 ? arg.slice(eq + 1) : undefined;
    if (raw === undefined && typeOf(schema) === 'boolean') raw = 'true';
    raw ??= rest[++i];
    if (raw === undefined) throw new CommandUsageError(`${flag} needs a value.`);
    put(args, param, schema, convert(param, schema, raw, cwd));
  }
  // One positional short of the slots still open, the target is the one left out (`key Enter`,
  // `type "Ada"`: the focused element), unless a list takes the rest or the value is a ref.
  slots = slots.filter((p) => (p === '<target>' ? !('ref' in args || 'selector' in args) : !(p in args)));
  const last = slots.at(-1);
  const listLast = last !== undefined && last !== '<target>' && typeOf(props[last]!) === 'array';
  const targetRequired = details.get(tool.name)?.rules?.includes(TARGET_RULE) ?? false;
  if (slots[0] === '<target>' && !targetRequired && given.length === slots.length - 1 && !listLast && !REF_FORM.test(given[0] ?? ''))
    slots = slots.slice(1);
  for (const raw of given) positional(raw);
  const missing = slots
    .slice(slot)
    .filter((param) => param !== '<target>' && (tool.inputSchema.required ?? []).includes(param) && !(param in args));
  if (missing.length)
    throw new CommandUsageError(`${name}: missing ${missing.map((p) => `<${p}>`).join(' ')}; see \`stagewright ${name} --help\`.`);
  return { tool, args, json };
}

/** A parameter's value placeholder in usage text: `<int>`, `left|right|middle`, `<text>...`. */
function placeholder(param: string, schema: ParamSchema): string {
  const type = typeOf(schema);
  if (type === 'enum') return schema.enum!.join('|');
  if (type === 'boolean') return '';
  if (type === 'array') return `${placeholder(param, schema.items ?? {}) || '<value>'}...`;
  if (type === 'object') return '<KEY=VALUE|json>';
  if (type === 'integer' || type === 'number') return '<n>';
  return `<${param}>`;
}

export const TARGET_RULE = 'exactly one of ref or selector';

/** MCP tool names in a text (notes, hints) as the commands that call them. */
export function asCommands(text: string): string {
  return text.replace(/\belectron_([a-z_]+)/g, (_, name: string) => name.replaceAll('_', '-'));
}

/** The usage line of a command: positionals, then each flag with its placeholder. */
export function usageLine(tool: CatalogueTool, detail: ToolDetail = {}): string {
  const props = tool.inputSchema.properties ?? {};
  const slots = positionals(tool);
  const required = new Set(tool.inputSchema.required ?? []);
  // The target is required when the rules say exactly one of the two (an optional one: a whole-window screenshot).
  const target = detail.rules?.includes(TARGET_RULE) ? '<ref|selector>' : '[<ref|selector>]';
  const parts = slots.map((p) =>
    p === '<target>' ? target : required.has(p) ? placeholder(p, props[p]!) : `[${placeholder(p, props[p]!)}]`,
  );
  for (const [param, schema] of Object.entries(props)) {
    if (slots.includes(param) || param === 'ref' || param === 'selector' || param === 'sessionId') continue;
    const value = placeholder(param, schema);
    parts.push(`[${flagName(param)}${value ? ` ${value}` : ''}]`);
  }
  return `stagewright ${commandName(tool.name)}${parts.length ? ` ${parts.join(' ')}` : ''}`;
}

/** `stagewright <command> --help`: usage, what the tool does, and its parameters. */
export function commandHelp(tool: CatalogueTool, detail: ToolDetail = {}): string {
  const lines = [`Usage: ${usageLine(tool, detail)} [--json]`, '', asCommands((tool.description ?? '').trim())];
  if (detail.rules?.length) lines.push(`Rules: ${detail.rules.join('; ')}.`);
  if (detail.notes) lines.push(asCommands(detail.notes));
  lines.push('', `Same tool as MCP ${tool.name}; --session-id picks a session when several are live.`);
  return `${lines.join('\n')}\n`;
}
