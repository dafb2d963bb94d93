import type { Locator, Page, Frame } from 'playwright-core';
import { Type, defineSessionTool, unresponsiveAfter, within, type AnyToolDefinition, type Session } from '@stagewright/sdk';
import { probe, PROBE_TIMEOUT_MS } from '../shared/probe.js';
import { nameOf, nodesWithInlineText } from '../snapshot/match-nodes.js';

/** Codes of reading the active surface, beyond resolving the session. */
const SURFACE_ERRORS = ['WINDOW_NOT_FOUND', 'RENDERER_UNRESPONSIVE'];

export interface DescribedElement {
  ref: string | null;
  role?: string;
  name?: string;
  tag: string;
  /** For an element without a ref of its own: a CSS selector that matches it alone. */
  selector?: string;
  id?: string;
  class?: string;
  /** The start of its text content. */
  text?: string;
  /** It is not rendered (display: none, hidden, zero size...), which is why it has no ref. */
  hidden?: boolean;
}

type Identity = Omit<DescribedElement, 'ref' | 'role' | 'name' | 'tag'>;

/**
 * Ref, role and name of one element, from Playwright's AI-mode snapshot of it. The first node of
 * that snapshot is not always the element's own: a wrapper div around one heading is unwrapped,
 * so its snapshot starts with the heading. A node counts only if its ref resolves to the element
 * itself; otherwise, and for elements outside the accessibility tree (hidden, aria-hidden), the
 * row says how to tell the element apart instead: a unique selector, id, class, text.
 */
async function describe(session: Session, locator: Locator, tag: string): Promise<DescribedElement> {
  const text = await within(
    locator.ariaSnapshot({ mode: 'ai', timeout: PROBE_TIMEOUT_MS }),
    PROBE_TIMEOUT_MS,
    unresponsiveAfter(PROBE_TIMEOUT_MS),
  );
  const first = nodesWithInlineText(text)[0];
  if (first && (await owns(session, locator, first.ref))) {
    const name = nameOf(first);
    return { ref: first.ref, role: first.role, ...(name ? { name: name.slice(0, 200) } : {}), tag };
  }
  return { ref: null, tag, ...(await identify(locator)) };
}

/** Whether `ref` (of the snapshot just taken of `locator`) resolves to that same element. */
async function owns(session: Session, locator: Locator, ref: string): Promise<boolean> {
  const both = locator.and(session.surfaceOrThrow().locator(`aria-ref=${ref}`)).count();
  return (await within(both, PROBE_TIMEOUT_MS, unresponsiveAfter(PROBE_TIMEOUT_MS))) > 0;
}

/** A selector that matches the element alone, with its id, class and the start of its text. */
async function identify(locator: Locator): Promise<Identity> {
  const read = locator.evaluate((element: Element): Identity => {
    const root = element.getRootNode() as Document | ShadowRoot;
    const unique = (selector: string) => {
      try {
        return root.querySelectorAll(selector).length === 1;
      } catch {
        return false;
      }
    };
    // Shortest chain of steps from the element up that matches it alone; a step is `#id`, or
    // the tag with up to two classes and, among same-looking siblings, :nth-of-type.
    const steps: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (node.id && unique(`#${CSS.escape(node.id)}`)) {
        steps.unshift(`#${CSS.escape(node.id)}`);
        break;
      }
      let step =
        node.localName +
        Array.from(node.classList)
          .slice(0, 2)
          .map((c) => `.${CSS.escape(c)}`)
          .join('');
      const siblings = node.parentElement ? Array.from(node.parentElement.children) : [];
      if (siblings.filter((s) => s.matches(step)).length > 1) {
        step += `:nth-of-type(${siblings.filter((s) => s.localName === node!.localName).indexOf(node) + 1})`;
      }
      steps.unshift(step);
      if (unique(steps.join(' > '))) break;
    }
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const className = (element.getAttribute('class') ?? '').trim();
    const rendered = (element as HTMLElement).checkVisibility?.() ?? true;
    return {
      selector: steps.join(' > '),
      ...(element.id ? { id: element.id } : {}),
      ...(className ? { class: className.slice(0, 80) } : {}),
      ...(text ? { text: text.length > 60 ? `${text.slice(0, 59)}…` : text } : {}),
      ...(rendered ? {} : { hidden: true }),
    };
  });
  return within(read, PROBE_TIMEOUT_MS, unresponsiveAfter(PROBE_TIMEOUT_MS));
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
    for (const [i, locator] of locators.entries()) out.push(await describe(session, locator, tags[i]));
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

const elementsTool = defineSessionTool({
  name: 'electron_elements',
  formerNames: ['electron_elements_list'],
  title: 'List elements',
  description: 'Every element a selector matches, one row each (ref, role, name); by role or text: electron_find.',
  kind: 'read',
  input: {
    selector: Type.String({ maxLength: 1000 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  detail: {
    notes:
      'selector is a Playwright selector. Returns { elements: [{ ref, role, name, tag }], count } in document order. Without its own ref (hidden, wrapper): ref null, unique selector, id, class, text. limit defaults to 20; truncated: true when more matched.',
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
export const REF_READ_TOOLS: readonly AnyToolDefinition[] = [focusedElement, elementsTool];
