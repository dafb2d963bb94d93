import type { TLocalizedValidationError } from 'typebox/error';
import { type ArgumentRule, ToolError, ruleParams, ruleViolation } from '@stagewright/sdk';
import { checkArgumentHygiene } from './argument-hygiene.js';
import type { RegisteredTool } from '../tools/registry.js';

type Schema = Record<string, unknown>;

/** A validation failure, phrased for a model: the parameter path and what would have been accepted. */
export interface ArgumentProblem {
  /** Dotted path (`options.items[0]`), or `arguments` for the whole object. */
  param: string;
  message: string;
  accepted?: unknown[];
}

/** `/o/z/0` -> `o.z[0]`; the root -> `arguments`. */
export function formatPath(instancePath: string): string {
  if (!instancePath) return 'arguments';
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function joinPath(parent: string, child: string): string {
  return parent === 'arguments' ? child : `${parent}.${child}`;
}

/** The sub-schema a JSON pointer such as `#/properties/b` designates. */
export function schemaAt(root: unknown, pointer: string): Schema | undefined {
  let node: unknown = root;
  for (const raw of pointer.replace(/^#/, '').split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'object' && node !== null ? (node as Schema) : undefined;
}

/** Literal alternatives of an anyOf/enum/const schema, or undefined when it is not all literals. */
export function literalValues(schema: Schema | undefined): unknown[] | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (!Array.isArray(options)) return undefined;
  const values: unknown[] = [];
  for (const option of options) {
    const inner = literalValues(option);
    if (!inner) return undefined;
    values.push(...inner);
  }
  return values;
}

function typeNames(schema: Schema | undefined): string {
  const options = (schema?.anyOf ?? schema?.oneOf) as Schema[] | undefined;
  if (!Array.isArray(options)) return 'a valid value';
  return options.map((option) => String(option.type ?? 'value')).join(' or ');
}

/** The shape of well-known parameters, so a wrong type is fixed in one turn (a ref is "e4", not 4). */
function formatOf(param: string): string {
  return param === 'ref' || param.endsWith('.ref') ? ' like "e4" (the [ref=e4] of an electron_snapshot line)' : '';
}

const show = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join(', ');

function describe(error: TLocalizedValidationError, root: Schema, noun: string): ArgumentProblem {
  const param = formatPath(error.instancePath);
  const at = schemaAt(root, error.schemaPath);
  switch (error.keyword) {
    case 'additionalProperties': {
      const unknown = error.params.additionalProperties;
      const accepted = Object.keys((at?.properties as Schema | undefined) ?? {});
      const names = unknown.map((name) => joinPath(param, name));
      return {
        param: names[0] ?? param,
        message: `unknown ${noun} ${names.join(', ')}; accepted: ${accepted.length ? accepted.join(', ') : '(none)'}`,
        accepted,
      };
    }
    case 'required': {
      const missing = error.params.requiredProperties.map((name) => joinPath(param, name));
      return { param: missing[0] ?? param, message: `missing required ${noun} ${missing.join(', ')}` };
    }
    case 'anyOf':
    case 'oneOf':
    case 'enum':
    case 'const': {
      const accepted = literalValues(at) ?? (error.keyword === 'enum' ? error.params.allowedValues : undefined);
      if (accepted) return { param, message: `${param} must be one of ${show(accepted)}`, accepted };
      return { param, message: `${param} must be ${typeNames(at)}` };
    }
    case 'type':
      return { param, message: `${param} must be ${[error.params.type].flat().join(' or ')}${formatOf(param)}` };
    default:
      return { param, message: `${param} ${error.message}` };
  }
}

/**
 * Turn typebox's error list into at most three problems, most useful first. Errors inside a
 * failed anyOf branch are dropped (the anyOf itself names the alternatives), as are the
 * `schema is false` duplicates of an additionalProperties error.
 */
export function describeErrors(errors: readonly TLocalizedValidationError[], root: Schema, noun = 'parameter'): ArgumentProblem[] {
  const unionErrors: TLocalizedValidationError[] = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const prefixOf = (e: TLocalizedValidationError) => `${e.schemaPath}/${e.keyword}/`;
  // A branch whose type matched but whose bound did not (a 41-character string where a string of
  // at most 40 is accepted) says more than "must match one of": keep that error instead.
  const SHAPE_KEYWORDS = new Set(['type', 'const', 'enum', 'anyOf', 'oneOf', 'required', 'additionalProperties', 'boolean']);
  const boundInBranch = (union: TLocalizedValidationError) =>
    errors.filter((e) => e.schemaPath.startsWith(prefixOf(union)) && !SHAPE_KEYWORDS.has(e.keyword));
  const explained = new Set<TLocalizedValidationError>(unionErrors.filter((u) => boundInBranch(u).length > 0));
  const unions = unionErrors.map(prefixOf);
  const kept = errors.filter(
    (e) =>
      e.keyword !== 'boolean' &&
      !explained.has(e) &&
      (!unions.some((prefix) => e.schemaPath.startsWith(prefix)) || [...explained].some((u) => boundInBranch(u).includes(e))),
  );
  const rank = (e: TLocalizedValidationError) =>
    e.keyword === 'type' && !e.instancePath ? 0 : e.keyword === 'additionalProperties' ? 1 : e.keyword === 'required' ? 2 : 3;
  return [...kept]
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, 3)
    .map((error) => describe(error, root, noun));
}

/**
 * The one validation boundary: returns the arguments when they match the tool's compiled schema,
 * otherwise throws BAD_ARGUMENT naming the parameter and the accepted values.
 */
export function validateArguments(tool: RegisteredTool, args: unknown): Record<string, unknown> {
  const sent = args === undefined ? {} : args;
  checkArgumentHygiene(tool.name, sent);
  const value = withCurrentParams(tool.def.formerParams, sent);
  // Before the schema, so an empty matcher is named even when other parameters are wrong too.
  checkRules(tool, value as Record<string, unknown>, (rule) => 'nonEmpty' in rule);
  if (tool.validator.Check(value)) return checkRules(tool, value as Record<string, unknown>);
  checkUnknownParameters(tool, value as Record<string, unknown>);
  const problems = describeErrors(tool.validator.Errors(value), tool.def.input as unknown as Schema);
  // Never an empty reason ("Invalid arguments for x: ."): fall back to pointing at the reference.
  if (!problems.length)
    problems.push({
      param: 'arguments',
      message: `arguments do not match the schema of ${tool.name}; see stagewright://tools/${tool.name}`,
    });
  const first = problems[0];
  throw new ToolError('BAD_ARGUMENT', `Invalid arguments for ${tool.name}: ${problems.map((p) => p.message).join('; ')}.`, {
    details: { param: first.param, ...(first.accepted ? { accepted: first.accepted } : {}) },
  });
}

/**
 * A parameter sent under its former name (ADR-0041) is read as its current one; sent under both,
 * the former stays and is refused as unknown.
 */
function withCurrentParams(former: Readonly<Record<string, string>> | undefined, value: unknown): unknown {
  if (!former || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const renamed: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [old, current] of Object.entries(former)) {
    if (Object.hasOwn(renamed, old) && !Object.hasOwn(renamed, current)) {
      renamed[current] = renamed[old];
      delete renamed[old];
    }
  }
  return renamed;
}

/** How many unknown names a message lists before "and N more". */
const NAMED_UNKNOWN = 5;

/**
 * Unknown top-level parameters, named from the arguments themselves: the validator's error list
 * is bounded, and with thousands of unknown keys it holds only per-key errors that name none.
 */
function checkUnknownParameters(tool: RegisteredTool, args: Record<string, unknown>): void {
  const schema = tool.def.input as unknown as Schema;
  if (schema.additionalProperties !== false) return;
  const accepted = Object.keys((schema.properties as Schema | undefined) ?? {});
  const unknown = Object.keys(args).filter((key) => !accepted.includes(key));
  if (unknown.length === 0) return;
  const named = unknown.slice(0, NAMED_UNKNOWN).join(', ');
  const more = unknown.length > NAMED_UNKNOWN ? ` and ${unknown.length - NAMED_UNKNOWN} more` : '';
  const noun = unknown.length === 1 ? 'parameter' : 'parameters';
  throw new ToolError(
    'BAD_ARGUMENT',
    `Invalid arguments for ${tool.name}: unknown ${noun} ${named}${more}; accepted: ${accepted.length ? accepted.join(', ') : '(none)'}.`,
    { details: { param: unknown[0], accepted } },
  );
}

/** The rules a definition declares between its parameters (exactly one of, at least one of...). */
function checkRules(tool: RegisteredTool, args: Record<string, unknown>, only: (rule: ArgumentRule) => boolean = () => true) {
  for (const rule of tool.def.rules ?? []) {
    if (!only(rule)) continue;
    const violation = ruleViolation(rule, args);
    if (violation === undefined) continue;
    const accepted = [...ruleParams(rule)];
    if ('nonEmpty' in rule) {
      const param = accepted.find((name) => args[name] === '')!;
      throw new ToolError('BAD_ARGUMENT', `Invalid arguments for ${tool.name}: ${violation}`, { details: { param } });
    }
    throw new ToolError('BAD_ARGUMENT', `Invalid arguments for ${tool.name}: ${violation}`, { details: { param: accepted[0], accepted } });
  }
  return args;
}
