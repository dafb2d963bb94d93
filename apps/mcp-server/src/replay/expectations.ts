import { isDeepStrictEqual } from 'node:util';
import { parseUserRegex } from '@stagewright/core-tools';
import type { Matcher, StepExpect } from './spec-schema.js';
import { substitute } from './spec-walk.js';

const MISSING = Symbol('missing');

/** The value at a JSON Pointer (RFC 6901) into the answer, or MISSING. */
function atPointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return MISSING;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Objects: each expected key matches recursively; arrays: each expected item, at its index; else equal. */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected))
    return Array.isArray(actual) && expected.length <= actual.length && expected.every((item, i) => isSubset(item, actual[i]));
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expected).every(
      ([key, value]) => Object.hasOwn(actual, key) && isSubset(value, (actual as Record<string, unknown>)[key]),
    );
  }
  return isDeepStrictEqual(expected, actual);
}

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

async function checkField(
  pointer: string,
  matcher: Matcher,
  actual: unknown,
  values: Readonly<Record<string, unknown>>,
): Promise<string | undefined> {
  if ('ignore' in matcher) return undefined;
  if (actual === MISSING) return `result ${pointer} is missing`;
  if ('exact' in matcher) {
    const expected = substitute(matcher.exact, values);
    return isDeepStrictEqual(expected, actual) ? undefined : `result ${pointer}: expected ${show(expected)}, got ${show(actual)}`;
  }
  if ('subset' in matcher) {
    const expected = substitute(matcher.subset, values);
    return isSubset(expected, actual) ? undefined : `result ${pointer}: expected to contain ${show(expected)}, got ${show(actual)}`;
  }
  const subject = typeof actual === 'string' ? actual : JSON.stringify(actual);
  // Same vetting and off-thread time budget as the server's own pattern parameters.
  const matched = await parseUserRegex(matcher.regex, pointer).test(subject);
  return matched ? undefined : `result ${pointer}: ${show(actual)} does not match ${matcher.regex}`;
}

/**
 * Compare one answer with a step's checkpoint: envelope `ok` (default true) and `code`, then each
 * result field. Returns the mismatches (empty when the step passed).
 */
export async function mismatches(
  expect: StepExpect | undefined,
  envelope: Record<string, unknown>,
  values: Readonly<Record<string, unknown>>,
): Promise<string[]> {
  const wantOk = expect?.code ? false : (expect?.ok ?? true);
  if (envelope.ok !== wantOk) {
    return [
      envelope.ok === true
        ? `expected an error${expect?.code ? ` ${expect.code}` : ''}, the call succeeded`
        : `expected ok, got ${String(envelope.code)}: ${String(envelope.error)}`,
    ];
  }
  if (expect?.code && envelope.code !== expect.code)
    return [`expected code ${expect.code}, got ${String(envelope.code)}: ${String(envelope.error)}`];
  const found: string[] = [];
  for (const [pointer, matcher] of Object.entries(expect?.result ?? {})) {
    const problem = await checkField(pointer, matcher, atPointer(envelope, pointer), values);
    if (problem) found.push(problem);
  }
  return found;
}
