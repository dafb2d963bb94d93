import type { Frame, Locator, Page } from 'playwright-core';
import {
  CoreTools,
  ToolError,
  isToolError,
  parseAriaSnapshot,
  ruleViolation,
  unresponsiveAfter,
  within,
  type AriaSnapshotNode,
  type ElementTarget,
} from '@stagewright/sdk';
import { INTERACTIVE_ROLES } from '../snapshot/interactive-roles.js';

const REF_SHAPE = /^(f\d+)?e\d+$/;
const SIMILAR_LIMIT = 5;
/** How long resolving a target may wait for the page; a hung renderer must not hang the call. */
export const LOCATE_TIMEOUT_MS = 5_000;

/** count() with a deadline: RENDERER_UNRESPONSIVE when the page does not answer. */
function countOrUnresponsive(locator: Locator): Promise<number> {
  return within(locator.count(), LOCATE_TIMEOUT_MS, unresponsiveAfter(LOCATE_TIMEOUT_MS));
}

export interface LocateDeps {
  page: Page;
  surface: Page | Frame;
  /** Last full snapshot of the surface, to learn what a stale ref pointed at. */
  lastSnapshot(): string | undefined;
  /** A fresh snapshot of the surface, for `similar`. */
  freshSnapshot(): Promise<string>;
}

/**
 * Resolve `ref | selector` on the active surface. Refs resolve through Playwright
 * (`page.getByRef`), server-side: the app's DOM is never written to.
 */
export async function locate(target: ElementTarget, deps: LocateDeps): Promise<Locator> {
  // Tools declare this rule and the kernel enforces it; plugins calling locate directly get the same words.
  const misuse = ruleViolation({ exactlyOne: ['ref', 'selector'] }, { ...target });
  if (misuse) throw new ToolError('BAD_ARGUMENT', misuse, { details: { param: 'ref', accepted: ['ref', 'selector'] } });
  if (target.ref !== undefined) return locateRef(target.ref, deps);
  const locator = deps.surface.locator(target.selector!);
  try {
    await countOrUnresponsive(locator);
  } catch (error) {
    if (isToolError(error)) throw error;
    throw new ToolError(
      'BAD_ARGUMENT',
      `selector: ${firstLine(error)} (use a Playwright selector: css, text=, role=, xpath=, or a ref from ${CoreTools.snapshot})`,
      { details: { path: '/selector' } },
    );
  }
  return locator;
}

async function locateRef(ref: string, deps: LocateDeps): Promise<Locator> {
  const locator = deps.page.getByRef(ref);
  if (REF_SHAPE.test(ref)) {
    const count = await countOrUnresponsive(locator).catch((error: unknown) => {
      if (isToolError(error)) throw error;
      return 0;
    });
    if (count === 1) return locator;
  }
  const last = deps.lastSnapshot();
  const wanted = last ? parseAriaSnapshot(last).find((n) => n.ref === ref) : undefined;
  const fresh = await deps.freshSnapshot().catch(() => '');
  const similar = rankSimilar(parseAriaSnapshot(fresh), wanted).map((n) => ({ ref: n.ref, role: n.role, name: n.name }));
  const what = wanted ? ` (was ${wanted.role}${wanted.name ? ` "${wanted.name}"` : ''})` : '';
  throw new ToolError('REF_NOT_FOUND', `Ref ${ref}${what} is not in the current page.`, { details: { similar } });
}

/** Same role and name first, then same role, then nodes whose name shares words; interactive roles preferred. */
export function rankSimilar(nodes: AriaSnapshotNode[], wanted: AriaSnapshotNode | undefined): AriaSnapshotNode[] {
  const named = nodes.filter((n) => n.name);
  if (!wanted) return named.filter((n) => INTERACTIVE_ROLES.has(n.role)).slice(0, SIMILAR_LIMIT);
  const words = new Set(wanted.name.toLowerCase().split(/\W+/).filter(Boolean));
  const score = (n: AriaSnapshotNode): number => {
    let s = 0;
    if (n.role === wanted.role) s += 4;
    if (n.name === wanted.name) s += 8;
    else if (
      n.name
        .toLowerCase()
        .split(/\W+/)
        .some((w) => words.has(w))
    )
      s += 2;
    if (INTERACTIVE_ROLES.has(n.role)) s += 1;
    return s;
  };
  return named
    .map((n) => ({ n, s: score(n) }))
    .filter((x) => x.s > 1)
    .sort((a, b) => b.s - a.s)
    .slice(0, SIMILAR_LIMIT)
    .map((x) => x.n);
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/^[a-zA-Z.]+: /, '')
    .split('\n')[0]
    .slice(0, 300);
}
