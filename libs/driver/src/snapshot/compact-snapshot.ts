import { INTERACTIVE_ROLES } from './interactive-roles.js';

/**
 * What a snapshot leaves out by default (ADR-0017), applied to Playwright's AI-mode text before
 * it is kept, diffed, searched or cut:
 * - `/url` lines of same-document links (`#…`): the link's role and name say what it is, and
 *   `electron_get_attribute {name: "href"}` reads it on request; other urls stay;
 * - `[cursor=pointer]` on INTERACTIVE_ROLES, clickable by definition (links, buttons, tree items...);
 *   on other roles (a clickable generic or listitem) it says something and stays;
 * - `[aria-hidden]` decoration with everything inside it, unless it is itself clickable.
 * Roles, accessible names, states and refs are never changed, so stable locators (role + name)
 * read from a snapshot stay the same.
 */

const SAME_DOCUMENT_URL = /^\s*- \/url: "?#/;
const ROLE = /^\s*- '?([a-z]+)/;
const CURSOR = ' [cursor=pointer]';
/** A line that only opens children (`- role "name" [attrs]:`), with no inline text. */
const OPENS_CHILDREN = /^\s*- [a-z]+(?: "(?:[^"\\]|\\.)*")?(?: \[[^\]]*\])*:$/;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

export function compactSnapshot(text: string): string {
  const kept: string[] = [];
  let skipDeeperThan = -1;
  for (const line of text.split('\n')) {
    const indent = indentOf(line);
    if (skipDeeperThan >= 0 && indent > skipDeeperThan) continue;
    skipDeeperThan = -1;
    if (SAME_DOCUMENT_URL.test(line)) continue;
    if (line.includes(' [aria-hidden]') && !line.includes(CURSOR)) {
      skipDeeperThan = indent;
      continue;
    }
    const role = ROLE.exec(line)?.[1];
    kept.push(role && INTERACTIVE_ROLES.has(role) ? line.replace(CURSOR, '') : line);
  }
  return closeEmptyParents(kept);
}

/**
 * The interactive view (`interactive: true`, issue 42): each element one can act on (a clickable
 * role, or a line Playwright marked `[cursor=pointer]`) with its own subtree (a combobox's
 * options, a button's icon and label), moved to the top level; everything around them is left
 * out. Applied to the compacted text.
 */
export function interactiveView(text: string): string {
  const kept: string[] = [];
  let inside = -1;
  for (const line of text.split('\n')) {
    const indent = indentOf(line);
    if (inside >= 0 && indent > inside) {
      kept.push(line.slice(inside));
      continue;
    }
    inside = -1;
    const role = ROLE.exec(line)?.[1];
    if (!line.includes('[ref=') || !((role && INTERACTIVE_ROLES.has(role)) || line.includes(CURSOR))) continue;
    kept.push(line.slice(indent));
    inside = indent;
  }
  return kept.join('\n');
}

/** A line whose children were all left out no longer ends with the colon that opened them. */
function closeEmptyParents(lines: string[]): string {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.endsWith(':') || !OPENS_CHILDREN.test(line)) continue;
    const next = lines[i + 1];
    if (next === undefined || indentOf(next) <= indentOf(line)) lines[i] = line.slice(0, -1);
  }
  return lines.join('\n');
}
