import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Compile } from 'typebox/compile';
import { parseUserRegex } from '@stagewright/core-tools';
import { REF_ARGUMENTS } from '@stagewright/sdk';
import { Problems, SpecInvalid } from './spec-problems.js';
import { ParamRefSchema, ReplaySpecSchema, type ReplaySpec } from './spec-schema.js';
import { paramRefName, walkValues } from './spec-walk.js';

/** Tools that start an app: a spec's app comes from `app`, launched by the runner, once. */
const STARTING_TOOLS = new Set(['electron_launch', 'electron_attach', 'electron_inject']);
// Compiled at the first replay: the server's start loads this module too and must not pay for it.
let checks:
  | { spec: ReturnType<typeof Compile<typeof ReplaySpecSchema>>; ref: ReturnType<typeof Compile<typeof ParamRefSchema>> }
  | undefined;
const compiledChecks = () => (checks ??= { spec: Compile(ReplaySpecSchema), ref: Compile(ParamRefSchema) });

export interface LoadedSpec {
  /** Absolute path of the spec file. */
  path: string;
  spec: ReplaySpec;
  /** Every parameter name referenced, with the first place it is used. */
  references: Map<string, string>;
}

/** A spec is a reviewed, hand-sized file: bigger ones are refused before they are read. */
export const MAX_SPEC_BYTES = 1024 * 1024;
/** Deepest nesting of a spec's JSON; the checks below walk it recursively. */
export const MAX_SPEC_DEPTH = 64;

function readJson(path: string): unknown {
  let text: string;
  try {
    const { size } = statSync(path);
    if (size > MAX_SPEC_BYTES)
      throw new SpecInvalid([
        `${path}: the spec file is ${size} bytes; the limit is ${MAX_SPEC_BYTES} (1 MiB). Split it into several specs.`,
      ]);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof SpecInvalid) throw error;
    throw new SpecInvalid([`${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SpecInvalid([`${path}: not valid JSON (${(error as Error).message})`]);
  }
  if (depthOf(value) > MAX_SPEC_DEPTH)
    throw new SpecInvalid([`${path}: nested deeper than ${MAX_SPEC_DEPTH} levels; a spec is never that deep.`]);
  return value;
}

/** Nesting depth of a JSON value, without recursion (so a hostile depth cannot exhaust the stack). */
function depthOf(root: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_SPEC_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Parameter references and `$` keys under `value`: a reference must be exactly `{"$param": name}`
 * (a whole value); any other `$` key would be scripting (a result fed into an argument, a loop).
 */
function checkValues(value: unknown, at: string, problems: Problems, references: Map<string, string>): void {
  walkValues(value, at, (node, path) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return true;
    const keys = Object.keys(node);
    if (keys.includes('$param')) {
      const name = paramRefName(node);
      if (!compiledChecks().ref.Check(node) || name === undefined)
        problems.add(`${path}: a parameter reference is exactly {"$param": "<name>"} and stands for the whole value`);
      else if (!references.has(name)) references.set(name, path);
      return false;
    }
    for (const key of keys.filter((k) => k.startsWith('$')))
      problems.add(`${path}/${key}: "$" keys are reserved; the format has no scripting, results cannot feed arguments (ADR-0036)`);
    return true;
  });
}

/**
 * Read and check a spec file against format v1: the JSON Schema, then what a schema cannot say
 * (parameter references, no starting tools in steps, consistent expectations, safe patterns).
 * Relative paths in `app` are resolved from the spec's folder. Throws SpecInvalid.
 */
export function loadSpec(file: string): LoadedSpec {
  const path = resolve(file);
  const raw = readJson(path);
  const specCheck = compiledChecks().spec;
  if (!specCheck.Check(raw)) {
    const errors = [...specCheck.Errors(raw)].filter((e) => e.keyword !== 'boolean' && e.keyword !== 'anyOf').slice(0, 10);
    throw new SpecInvalid(errors.map((e) => `${path}: ${e.instancePath || '/'} ${e.message}`));
  }
  const spec = raw as ReplaySpec;
  const problems = new Problems();
  const references = new Map<string, string>();
  checkValues(spec.app, 'app', problems, references);
  let stopped = false;
  spec.steps.forEach((step, i) => {
    const at = `steps/${i}`;
    // A restart (ADR-0046): electron_stop, then electron_launch without arguments starts "app" again.
    const relaunch = step.tool === 'electron_launch' && stopped && Object.keys(step.args ?? {}).length === 0;
    if (STARTING_TOOLS.has(step.tool) && !relaunch)
      problems.add(
        `${at}/tool: ${step.tool} cannot be a step; the runner starts the app from "app"${step.tool === 'electron_launch' ? ' (after an electron_stop step, electron_launch without args starts it again)' : ''}`,
      );
    if (step.tool === 'electron_stop') stopped = true;
    if (relaunch) stopped = false;
    checkValues(step.args ?? {}, `${at}/args`, problems, references);
    for (const [refKey, selectorKey] of Object.entries(REF_ARGUMENTS))
      if (step.args && Object.hasOwn(step.args, refKey))
        problems.add(
          `${at}/args/${refKey}: a ref is a number local to one snapshot; replayed later it can name another element or none. ` +
            `Use ${selectorKey} with a stable locator (role=button[name="Greet"], text="…", data-testid=…); trace promote writes them (docs/adr/0016)`,
        );
    if (step.expect?.ok === true && step.expect.code) problems.add(`${at}/expect: ok true contradicts code "${step.expect.code}"`);
    for (const [pointer, matcher] of Object.entries(step.expect?.result ?? {})) {
      const where = `${at}/expect/result/${pointer}`;
      if ('exact' in matcher) checkValues(matcher.exact, `${where}/exact`, problems, references);
      if ('subset' in matcher) checkValues(matcher.subset, `${where}/subset`, problems, references);
      if ('regex' in matcher) {
        try {
          parseUserRegex(matcher.regex, `${where}/regex`);
        } catch (error) {
          problems.add((error as Error).message);
        }
      }
    }
  });
  problems.throwIfAny();
  return { path, spec: { ...spec, app: resolveAppPaths(spec.app, dirname(path)) }, references };
}

/** `main`, `cwd` and `executablePath` relative to the spec file, as a reviewer reads them. */
function resolveAppPaths(app: Record<string, unknown>, dir: string): Record<string, unknown> {
  const out = { ...app };
  for (const key of ['main', 'cwd', 'executablePath'])
    if (typeof out[key] === 'string' && !(out[key] as string).startsWith('/')) out[key] = resolve(dir, out[key] as string);
  return out;
}
