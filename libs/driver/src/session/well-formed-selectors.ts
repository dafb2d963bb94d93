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
