/**
 * What the agent may not see but could have: the tools of plugins that are not loaded (from the
 * first-party index the composition root passes in, generated from the plugins' own definitions)
 * and core tools outside the profile. The kernel never imports a plugin: the index is data.
 */

/** One tool of a plugin the server knows by name, loaded or not. */
export interface IndexedTool {
  /** The listed name, `<plugin>_<tool>`. */
  readonly name: string;
  /** Its title and description, the words a keyword is matched against. */
  readonly about: string;
  /** The eval gate it needs (`eval:main`), when it has one. */
  readonly gate?: string;
  /** What it impersonates (`ipc`), when it does. */
  readonly impersonates?: string;
}

export interface IndexedPlugin {
  readonly plugin: string;
  readonly tools: readonly IndexedTool[];
}

/** First-party plugins by name: generated (tools/reference), never hand-written. */
export type PluginIndex = readonly IndexedPlugin[];

/** A place a capability can be had, as an unknown-tool answer names it. */
export interface CapabilityMatch {
  tool: string;
  /** The plugin that has it, when it is a plugin tool. */
  plugin?: string;
  /** How the agent gets it: listed already, `electron_enable` (offered), or only the operator. */
  via: 'listed' | 'enable' | 'operator';
}

const STOP = new Set(['electron', 'the', 'a', 'an', 'of', 'to', 'and', 'or', 'get', 'set', 'list', 'show', 'read']);

/** Lower-case words of a name or a query, singular, without the server's own prefix. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP.has(word))
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

/**
 * Tools whose name or description holds the query's words: a word in the tool's name counts
 * twice, so `electron_menu` finds `native_menu` before a tool that only mentions menus. Only
 * tools matching every query word are kept when any does; else those matching most.
 */
export function findByKeyword(query: string, tools: readonly { name: string; about: string }[], limit = 5): string[] {
  const wanted = [...new Set(wordsOf(query))];
  if (wanted.length === 0) return [];
  const scored = tools
    .map(({ name, about }) => {
      const nameWords = new Set(wordsOf(name));
      const aboutWords = new Set(wordsOf(about));
      let hits = 0;
      let score = 0;
      for (const word of wanted) {
        const inName = nameWords.has(word);
        const inAbout = aboutWords.has(word);
        if (inName || inAbout) hits++;
        score += (inName ? 2 : 0) + (inAbout ? 1 : 0);
      }
      return { name, hits, score };
    })
    .filter(({ hits }) => hits > 0);
  const best = Math.max(0, ...scored.map(({ hits }) => hits));
  return scored
    .filter(({ hits }) => hits === best)
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
    .slice(0, limit)
    .map(({ name }) => name);
}
