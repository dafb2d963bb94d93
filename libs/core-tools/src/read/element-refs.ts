import type { Locator, Page, Frame } from 'playwright-core';
import {
  Type,
  defineSessionTool,
  parseAriaSnapshotLine,
  unresponsiveAfter,
  within,
  type AnyToolDefinition,
  type Session,
} from '@stagewright/sdk';
import { probe, PROBE_TIMEOUT_MS } from '../shared/probe.js';

/** Codes of reading the active surface, beyond resolving the session. */
const SURFACE_ERRORS = ['WINDOW_NOT_FOUND', 'RENDERER_UNRESPONSIVE'];

export interface DescribedElement {
  ref: string | null;
  role?: string;
  name?: string;
  tag: string;
}

/**
 * Ref, role and name of one element, from Playwright's AI-mode snapshot of it. An element
 * outside the accessibility tree (hidden, aria-hidden) has no ref.
 */
async function describe(locator: Locator): Promise<Omit<DescribedElement, 'tag'>> {
  const text = await within(
    locator.ariaSnapshot({ mode: 'ai', timeout: PROBE_TIMEOUT_MS }),
    PROBE_TIMEOUT_MS,
    unresponsiveAfter(PROBE_TIMEOUT_MS),
  );
  const first = text
    .split('\n')
    .map(parseAriaSnapshotLine)
    .find((node) => node !== undefined);
  if (!first) return { ref: null };
  return { ref: first.ref, role: first.role, ...(first.name ? { name: first.name } : {}) };
}

/**
 * Playwright resolves refs against the most recent snapshot of a document, and snapshotting one
 * element narrows that set to it. A snapshot of the whole surface afterwards widens it again, so
 * every ref the agent holds keeps resolving (refs are stable per element).
 */
async function restoreRefs(session: Session): Promise<void> {
  const page: Page = session.pageOrThrow();
  const surface: Page | Frame = session.surfaceOrThrow();
  const whole = surface === page ? page.ariaSnapshot({ mode: 'ai' }) : (surface as Frame).locator(':root').ariaSnapshot({ mode: 'ai' });
  await within(whole, PROBE_TIMEOUT_MS, () => '').catch(() => undefined);
}

async function describeAll(session: Session, locators: Locator[], tags: string[]): Promise<DescribedElement[]> {
  try {
    const out: DescribedElement[] = [];
    for (const [i, locator] of locators.entries()) out.push({ ...(await describe(locator)), tag: tags[i] });
    return out;
  } finally {
    await restoreRefs(session);
  }
}

const focusedElement = defineSessionTool({
  name: 'electron_focused_element',
  title: 'Focused element',
  description: 'The element that has keyboard focus, as ref, role and name.',
  kind: 'read',
  input: {},
  detail: {
    notes:
      'Returns { focused: { ref, role, name, tag } } or { focused: null } when nothing but the document has focus. Inside a frame, the frame element is reported.',
    errors: SURFACE_ERRORS,
  },
  async handle(_args, { session }) {
    const locator = session.surfaceOrThrow().locator('*:focus').last();
    const found = await probe({ session, locator, byRef: false }, { limit: 1 });
    if (found.count === 0 || ['body', 'html'].includes(found.items[0].tag)) return { focused: null };
    const [focused] = await describeAll(session, [locator], [found.items[0].tag]);
    return { focused };
  },
});

const elementsList = defineSessionTool({
  name: 'electron_elements_list',
  title: 'List elements',
  description: 'Every element a selector matches, one row each (ref, role, name); by role or text: electron_find.',
  kind: 'read',
  input: {
    selector: Type.String({ maxLength: 1000 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  detail: {
    notes:
      'selector is a Playwright selector. Returns { elements: [{ ref, role, name, tag }], count } in document order; ref is null for elements outside the accessibility tree. limit defaults to 20; truncated: true when more matched.',
    errors: SURFACE_ERRORS,
    example: { selector: 'li.todo', limit: 10 },
  },
  async handle(args, { session }) {
    const locator = await session.locate({ selector: args.selector });
    const limit = args.limit ?? 20;
    const found = await probe({ session, locator, byRef: false }, { limit });
    const shown = found.items.length;
    const locators = Array.from({ length: shown }, (_, i) => locator.nth(i));
    const elements = shown
      ? await describeAll(
          session,
          locators,
          found.items.map((item) => item.tag),
        )
      : [];
    return { elements, count: found.count, ...(found.count > shown ? { truncated: true } : {}) };
  },
});

/** Which elements are where: the focused one, and every match of a selector, as refs. */
export const REF_READ_TOOLS: readonly AnyToolDefinition[] = [focusedElement, elementsList];
