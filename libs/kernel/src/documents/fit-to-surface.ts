/**
 * The one rule for every text an agent reads (instructions, descriptions, resources, prompts,
 * error hints): it names only tools this server lists, or says where the tool is. Texts are
 * written once for the whole catalogue and fitted here to the surface that serves them.
 */

/** A tool name as texts write them (`electron_doctor`, `ipc_read`). */
const TOOL_NAME = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g;

/**
 * For a tool this server hides, where the agent could get it (`in profile debug`, `needs
 * --allow-eval=main`); undefined for a listed tool and for any word that is not a tool.
 */
export type HiddenNote = (name: string) => string | undefined;

/**
 * `text` fitted to the surface, line by line: a parenthesis naming a hidden tool is dropped, then
 * a sentence (or `;` clause) naming one. A line that would be left empty keeps its words and
 * says, after each hidden name, where that tool is. `subject` (the tool being described or
 * called) may always be named.
 */
export function fitText(text: string, noteFor: HiddenNote, subject?: string): string {
  const hidden = (part: string) => (part.match(TOOL_NAME) ?? []).filter((name) => name !== subject && noteFor(name) !== undefined);
  if (hidden(text).length === 0) return text;
  return text
    .split('\n')
    .map((line) => {
      if (hidden(line).length === 0) return line;
      const unbracketed = line.replace(/\s*\([^()]*\)/g, (group) => (hidden(group).length ? '' : group));
      const kept = unbracketed
        .split(/(?<=[.;])\s+/)
        .filter((sentence) => hidden(sentence).length === 0)
        .join(' ')
        .trim()
        .replace(/[;,:]$/, '.');
      if (kept && /\p{L}/u.test(kept)) return kept;
      return unbracketed.replace(TOOL_NAME, (name) => (hidden(name).length ? `${name} (${noteFor(name)})` : name));
    })
    .join('\n');
}

/** Every string inside a JSON value fitted (keys untouched); the value itself is not changed. */
export function fitStrings<T>(value: T, noteFor: HiddenNote): T {
  if (typeof value === 'string') return fitText(value, noteFor) as T;
  if (Array.isArray(value)) return value.map((item) => fitStrings(item, noteFor)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, fitStrings(child, noteFor)])) as T;
  }
  return value;
}
