import type { Locator } from 'playwright-core';
import { ToolError } from './errors.js';

/**
 * What an element tool's action needs of its element beyond being there, visible and not covered
 * (Playwright's actionability checks): the translator names a failed need with its own code.
 */
export interface ElementNeeds {
  /** Clicks, typing, checks, focus: ELEMENT_DISABLED when the element is disabled. */
  enabled?: boolean;
  /** Writing text (fill, clear): ELEMENT_NOT_EDITABLE when it takes none. */
  editable?: boolean;
}

/** The element a failed call was working on, as the definer resolved it. */
export interface FailedElement {
  readonly locator: Locator;
  /** It was a ref: it resolved once, so no match afterwards means it detached. */
  readonly byRef: boolean;
  readonly needs?: ElementNeeds;
}

/** Several matches where the action needs one (AMBIGUOUS_SELECTOR), with the count. */
export function ambiguous(count: number): ToolError {
  return new ToolError('AMBIGUOUS_SELECTOR', `${count} elements match; the action needs exactly one.`, { details: { count } });
}
