import safeRegex from 'safe-regex2';
import { ToolError, Type } from '@stagewright/sdk';
import { matchInWorker, matchManyInWorker } from './regex-worker.js';

/** Longest pattern accepted, slashes and flags included. */
export const REGEX_MAX_LENGTH = 200;
/** The only flags a user pattern may carry. `g` and `y` make `test` stateful; `d` and `v` add nothing here. */
export const REGEX_FLAGS = ['i', 'm', 's', 'u'] as const;
/** Quantifiers allowed in one pattern (safe-regex2's repetition limit). */
const MAX_QUANTIFIERS = 10;

/** A user pattern that passed the checks; `test` runs it off the main thread with a time budget. */
export interface UserRegex {
  readonly source: string;
  readonly flags: string;
  test(subject: string): Promise<boolean>;
  /** One verdict per subject, in one bounded round trip. */
  testMany(subjects: readonly string[]): Promise<boolean[]>;
}

/** Schema of a pattern parameter: `/source/flags` or a bare source. */
export const regexParam = () => Type.Optional(Type.String({ maxLength: REGEX_MAX_LENGTH }));

/** What the detail resource says about every pattern parameter. */
export const REGEX_NOTE =
  `Patterns: "/source/flags" (flags among ${REGEX_FLAGS.join(' ')}) or a bare source, at most ${REGEX_MAX_LENGTH} characters; ` +
  'nested or stacked quantifiers, repeated alternations like (a|aa)* and backreferences are refused with UNSAFE_REGEX.';

/**
 * Parse and vet a user-supplied regular expression. BAD_ARGUMENT for a malformed pattern or a
 * flag outside `i m s u`; UNSAFE_REGEX when its shape can backtrack catastrophically (nested
 * quantifiers, too many quantifiers — checked with safe-regex2 — or backreferences).
 */
export function parseUserRegex(input: string, param: string): UserRegex {
  if (input.length === 0 || input.length > REGEX_MAX_LENGTH) {
    throw new ToolError('BAD_ARGUMENT', `${param}: a pattern has 1 to ${REGEX_MAX_LENGTH} characters.`, { details: { param } });
  }
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(input);
  const source = literal ? literal[1] : input;
  const flags = literal ? literal[2] : '';
  const badFlag = [...flags].find((f, i) => !(REGEX_FLAGS as readonly string[]).includes(f) || flags.indexOf(f) !== i);
  if (badFlag !== undefined) {
    throw new ToolError('BAD_ARGUMENT', `${param}: flag "${badFlag}" is not allowed (or repeated); use ${REGEX_FLAGS.join(', ')}.`, {
      details: { param, accepted: REGEX_FLAGS },
    });
  }
  try {
    new RegExp(source, flags);
  } catch (error) {
    throw new ToolError('BAD_ARGUMENT', `${param}: ${(error as Error).message}`, { details: { param } });
  }
  if (hasBackreference(source)) {
    throw new ToolError('UNSAFE_REGEX', `${param}: backreferences are not allowed.`, { details: { param } });
  }
  if (hasRepeatedAlternation(source)) {
    throw new ToolError(
      'UNSAFE_REGEX',
      `${param}: a repeated group with alternatives, like (a|aa)*, can backtrack catastrophically; use a character class ([ab]*) or repeat each alternative on its own.`,
      { details: { param } },
    );
  }
  if (!safeRegex(source, { limit: MAX_QUANTIFIERS })) {
    throw new ToolError(
      'UNSAFE_REGEX',
      `${param}: the pattern can backtrack catastrophically (nested quantifiers or more than ${MAX_QUANTIFIERS} of them).`,
      {
        details: { param },
      },
    );
  }
  return {
    source,
    flags,
    test: (subject) => matchInWorker(source, flags, subject, param),
    testMany: (subjects) => matchManyInWorker(source, flags, subjects, param),
  };
}

/**
 * A group holding a `|` (also in a group inside it) and followed by an unbounded quantifier (`*`, `+`, `{n,}`) or one above 1:
 * overlapping alternatives then match one text in exponentially many ways, which safe-regex2
 * (star height only) lets through. Refused whether or not the alternatives overlap: the same rule
 * for every pattern parameter, with a rewrite that always exists.
 */
function hasRepeatedAlternation(source: string): boolean {
  const groups: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') groups.push(false);
    else if (c === '|' && groups.length) groups[groups.length - 1] = true;
    else if (c === ')' && groups.length) {
      const alternates = groups.pop();
      if (alternates && isRepeat(source.slice(i + 1))) return true;
      if (alternates && groups.length) groups[groups.length - 1] = true;
    }
  }
  return false;
}

/** Whether the text starts with a quantifier that can repeat more than once. */
function isRepeat(rest: string): boolean {
  if (rest[0] === '*' || rest[0] === '+') return true;
  const bounds = /^\{(\d+)(,(\d*))?\}/.exec(rest);
  if (!bounds) return false;
  return bounds[2] !== undefined && (bounds[3] === '' || Number(bounds[3]) > 1) ? true : Number(bounds[1]) > 1;
}

/** `\1`..`\9` or `\k<name>` outside a character class. */
function hasBackreference(source: string): boolean {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && source[i + 2] === '<'))) return true;
      i++;
    } else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
  }
  return false;
}
