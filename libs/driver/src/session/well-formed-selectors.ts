/** How many selectors a session remembers; the oldest is forgotten first. */
export const WELL_FORMED_SELECTOR_LIMIT = 256;

/**
 * Selectors this session has already seen Playwright parse. Whether a selector is well formed
 * depends on its text alone, so once `locate()` has proven it (one page round trip), later calls
 * with the same text skip that round trip: an agent's clicks, reads and expects repeat selectors,
 * and the element's presence is still checked by the action or read itself.
 */
export class WellFormedSelectors {
  private readonly known = new Set<string>();

  has(selector: string): boolean {
    return this.known.has(selector);
  }

  add(selector: string): void {
    this.known.delete(selector);
    this.known.add(selector);
    if (this.known.size > WELL_FORMED_SELECTOR_LIMIT) this.known.delete(this.known.values().next().value as string);
  }
}

/**
 * A tag, id and class selector (`button`, `#save`, `li.item`) whose every name starts with a
 * letter is well formed CSS by its shape alone, so its first use needs no page round trip either
 * (issue 24: that round trip was part of every element tool's first call). Anything else (engine
 * prefixes, attributes, combinators, escapes) is left to Playwright to parse once.
 */
const PLAIN_CSS = /^(?:[a-zA-Z][a-zA-Z0-9_-]*)?(?:[#.][a-zA-Z_][a-zA-Z0-9_-]*)*$/;

export function plainlyWellFormed(selector: string): boolean {
  return selector.length > 0 && PLAIN_CSS.test(selector);
}
