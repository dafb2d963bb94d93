import { parseUserRegex } from '@stagewright/core-tools';
import { paramRefName } from '../spec-walk.js';

/** A TypeScript string literal, single-quoted as Playwright's codegen writes them. */
export function str(text: string): string {
  return `'${text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028|\u2029/g, ' ')}'`;
}

/** Names a parameter cannot take as a constant: keywords and the exported file's own names. */
const TAKEN = new Set(
  'app page test expect electron path here fromEnv await break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof let new null return static super switch this throw true try typeof var void while with yield'.split(
    ' ',
  ),
);

/** The constant that holds parameter `name` in the exported file. */
export const constantOf = (name: string) => (TAKEN.has(name) ? `${name}Param` : name);

/** The environment variable that sets parameter `name` (camelCase → STAGEWRIGHT_PARAM_CAMEL_CASE). */
export const envOf = (name: string) => `STAGEWRIGHT_PARAM_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;

/** A JSON value as TypeScript, with each `{"$param"}` as its constant. */
export function valueCode(value: unknown): string {
  const param = paramRefName(value);
  if (param !== undefined) return constantOf(param);
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return `[${value.map(valueCode).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : str(k)}: ${valueCode(v)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** A spec pattern (`/source/flags` or a bare source) as a regex literal; the server's safety rules apply. */
export function regexCode(pattern: string, where: string): string {
  const regex = parseUserRegex(pattern, where);
  return `/${regex.source}/${regex.flags}`;
}

/** A literal text as a whole-text pattern (for "contains" checks that Playwright states as a regex). */
export const containsRegex = (text: string) => `/${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/`;

const NTH = /^(.*?)(?: >> nth=(\d+))?$/s;
const ROLE = /^role=([a-z]+)\[name="((?:[^"\\]|\\.)*)"\]$/;
const TEXT = /^text="((?:[^"\\]|\\.)*)"$/;
const TEST_ID = /^data-testid=([A-Za-z0-9_.:-]+)$/;
const unquote = (inner: string) => JSON.parse(`"${inner}"`) as string;

/**
 * The Playwright locator for a selector argument: the forms trace promotion writes become
 * `getByRole` (exact name), `getByText` (exact), `getByTestId`, with `.nth(i)`; any other
 * selector is passed to `page.locator` as written (the tools and Playwright read it the same way).
 */
export function locatorCode(selector: unknown): string {
  if (typeof selector !== 'string') return `page.locator(${valueCode(selector)})`;
  const [, base, nth] = NTH.exec(selector) ?? [];
  const role = ROLE.exec(base);
  const text = TEXT.exec(base);
  const testId = TEST_ID.exec(base);
  const found = role
    ? `page.getByRole(${str(role[1])}, { name: ${str(unquote(role[2]))}, exact: true })`
    : text
      ? `page.getByText(${str(unquote(text[1]))}, { exact: true })`
      : testId
        ? `page.getByTestId(${str(testId[1])})`
        : undefined;
  if (!found) return `page.locator(${str(selector)})`;
  return nth === undefined ? found : `${found}.nth(${nth})`;
}
