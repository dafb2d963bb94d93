import { parseUserRegex } from '@stagewright/core-tools';
import { paramRefName } from '../spec-walk.js';

/** Where a text lands in the generated file. */
export type CodeSpot = 'string' | 'comment' | 'regex' | 'pattern';

/** JavaScript's line terminators: any of them ends a `//` comment or breaks a literal. */
const LINE_TERMINATORS = /\r\n|[\n\r\u2028\u2029]/g;
const ESCAPED_TERMINATOR: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * The one way any text from a spec, a trace or a file name enters the generated code (issue 38,
 * item 2): as a single-quoted string literal, inside a comment, or as a regex literal matching
 * the text literally, or (`pattern`, with `flags`) as a regex literal of a pattern the server's
 * regex policy accepted. A comment gets every line terminator as a space and `*\/` broken up, so
 * it ends where the exporter ends it; a literal gets quotes, backslashes, slashes and line
 * terminators escaped (a pattern through the engine's own `RegExp.prototype.source`, which writes
 * `/` and line terminators escaped). No other function writes spec text into code.
 */
export function embed(text: string, into: CodeSpot, flags = ''): string {
  switch (into) {
    case 'comment':
      return text.replace(LINE_TERMINATORS, ' ').replace(/\*\//g, '* /');
    case 'string':
      return `'${text
        .replace(/\\/g, '\\\\')
        .replace(/'/g, "\\'")
        .replace(/[\n\r\u2028\u2029]/g, (c) => ESCAPED_TERMINATOR[c])}'`;
    case 'regex':
      return `/${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/[\n\r\u2028\u2029]/g, (c) => ESCAPED_TERMINATOR[c])}/`;
    case 'pattern': {
      const regex = new RegExp(text, flags);
      return `/${regex.source.replace(/[\n\r\u2028\u2029]/g, (c) => ESCAPED_TERMINATOR[c])}/${regex.flags}`;
    }
  }
}

/** A TypeScript string literal, single-quoted as Playwright's codegen writes them. */
export const str = (text: string): string => embed(text, 'string');

/** Text for a `//` or `/** *\/` comment: one line, never closing the comment early. */
export const comment = (text: string): string => embed(text, 'comment');

/** Names a parameter cannot take as a constant: keywords and the exported file's own names. */
const TAKEN = new Set(
  'app page test expect electron path os here fromEnv userDataDir launchApp running ipcInvoke mkdtemp rm actionTimeout await break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof let new null return static super switch this throw true try typeof var void while with yield'.split(
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
  return embed(regex.source, 'pattern', regex.flags);
}

/** A literal text as a whole-text pattern (for "contains" checks that Playwright states as a regex). */
export const containsRegex = (text: string) => embed(text, 'regex');

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
