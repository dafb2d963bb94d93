import { Problems } from './spec-problems.js';
import type { LoadedSpec } from './load-spec.js';
import type { ParameterDecl } from './spec-schema.js';

/** A supplied value: text from `--param k=v` (converted to the declared type) or typed JSON from a params file. */
export type SuppliedParams = Record<string, { value: unknown; text: boolean }>;

export interface ResolvedParams {
  values: Record<string, string | number | boolean>;
  /** Values never to print: every secret parameter's value. */
  secrets: string[];
}

function convert(decl: ParameterDecl, supplied: { value: unknown; text: boolean }): { value?: string | number | boolean; error?: string } {
  const { value, text } = supplied;
  if (text && typeof value === 'string') {
    if (decl.type === 'string') return { value };
    if (decl.type === 'boolean')
      return value === 'true' || value === 'false' ? { value: value === 'true' } : { error: 'expected true or false' };
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) return { error: `expected a ${decl.type}` };
    return decl.type === 'integer' && !Number.isInteger(n) ? { error: 'expected an integer' } : { value: n };
  }
  return typeMatches(decl.type, value)
    ? { value: value as string | number | boolean }
    : { error: `expected a ${decl.type}, got ${JSON.stringify(value)}` };
}

export function typeMatches(type: ParameterDecl['type'], value: unknown): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === type;
}

/**
 * ADR-0036's parameter rules, all checked before anything is dispatched: a declared parameter is
 * used somewhere, a used one is declared, every supplied one is declared, each has a value of its
 * type, and a secret has no default in the (reviewed, committed) file. Throws SpecInvalid.
 */
export function resolveParameters(loaded: LoadedSpec, supplied: SuppliedParams): ResolvedParams {
  const declared = loaded.spec.parameters ?? {};
  // Own names only: `constructor` or `toString` are not declared just because every object has them.
  const isDeclared = (name: string) => Object.hasOwn(declared, name);
  const problems = new Problems();
  for (const [name, path] of loaded.references)
    if (!isDeclared(name)) problems.add(`${path}: parameter "${name}" is not declared in "parameters"`);
  for (const name of Object.keys(declared))
    if (!loaded.references.has(name))
      problems.add(`parameters/${name}: declared but never used; remove it or reference it with {"$param": "${name}"}`);
  for (const name of Object.keys(supplied))
    if (!isDeclared(name))
      problems.add(
        `parameter "${name}" was supplied but the spec does not declare it (declared: ${Object.keys(declared).join(', ') || 'none'})`,
      );
  const values: ResolvedParams['values'] = Object.create(null);
  const secrets: string[] = [];
  for (const [name, decl] of Object.entries(declared)) {
    if (decl.secret && decl.default !== undefined)
      problems.add(`parameters/${name}: a secret parameter has no default; supply it at run time`);
    if (decl.default !== undefined && !typeMatches(decl.type, decl.default))
      problems.add(`parameters/${name}/default: expected a ${decl.type}`);
    const given = Object.hasOwn(supplied, name) ? supplied[name] : undefined;
    if (given) {
      const converted = convert(decl, given);
      if (converted.error !== undefined) problems.add(`parameter "${name}": ${converted.error}`);
      else values[name] = converted.value!;
    } else if (decl.default !== undefined && !decl.secret) values[name] = decl.default;
    else problems.add(`parameter "${name}" is required (${decl.description}): pass --param ${name}=<${decl.type}>`);
    if (decl.secret && Object.hasOwn(values, name)) secrets.push(String(values[name]));
  }
  problems.throwIfAny();
  return { values, secrets: secrets.filter((s) => s.length > 0) };
}
