import type { Locator } from 'playwright-core';
import { ToolError, type Session } from '@stagewright/sdk';

/**
 * For tools whose element is optional (key, scroll, keyboard_type, press_sequence): the locator
 * when ref or selector is given, undefined for "the page / focused element".
 */
export async function optionalTarget(session: Session, args: { ref?: string; selector?: string }): Promise<Locator | undefined> {
  if (args.ref !== undefined && args.selector !== undefined) {
    throw new ToolError('BAD_ARGUMENT', 'Pass ref or selector, not both.', { details: { accepted: ['ref', 'selector'] } });
  }
  if (args.ref === undefined && args.selector === undefined) return undefined;
  return session.locate({ ref: args.ref, selector: args.selector });
}
