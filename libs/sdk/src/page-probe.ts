import type { Locator } from 'playwright-core';
import { secretFieldValues } from './secret-fields.js';

/**
 * The in-page half of every read, wait and expect, and of the failure translator's look at an
 * element (the one way element state is read): one synchronous pass over the matched
 * elements that collects only what was asked. It uses no timers, animation frames or Date, so an
 * app that freezes them cannot stall it. Playwright serialises this function into the page:
 * it must stay self-contained (no imports, no helpers from outside its body).
 */
export interface ProbeWant {
  /** How many matches to describe (the count is always exact). */
  limit: number;
  text?: boolean;
  maxText?: number;
  value?: boolean;
  state?: boolean;
  attribute?: string;
  styles?: string[];
  /** What receives a pointer event at the element's centre, when that is another element (`coveredBy`). */
  hit?: boolean;
}

export interface ElementState {
  visible: boolean;
  enabled: boolean;
  editable: boolean;
  focused: boolean;
  checked?: boolean | 'mixed';
  expanded?: boolean;
  selected?: boolean;
  /** Visible, but wholly outside the window (its box does not meet the viewport): a user cannot see it now. */
  offscreen?: true;
}

export interface ElementFacts {
  tag: string;
  /** The element is a secret field (sdk secretFieldValues): its value and text are never echoed. Set with text, value or attribute. */
  secret?: boolean;
  text?: string;
  textTruncated?: boolean;
  /** Value of a form control (a contenteditable's text); null when the element is neither. */
  value?: string | string[] | null;
  state?: ElementState;
  attribute?: string | null;
  styles?: Record<string, string>;
  /** The element at the centre point when it is neither this element nor inside or around it: `tag#id.class "label"`. */
  coveredBy?: string;
  /**
   * Wholly outside the window inside a fixed-position element (a drawer parked below the bottom
   * edge): scrolling cannot bring it in. Read with `hit`.
   */
  parked?: true;
}

export interface ProbeResult {
  count: number;
  items: ElementFacts[];
}

/**
 * `secretOf` is the sdk's secretFieldValues, put in scope by the server (see probe.ts) so the rule
 * of what is secret has one source; without it nothing counts as secret.
 */
export function pageProbe(
  target: Element | Element[],
  want: ProbeWant,
  secretOf?: (scope: Element, itself: boolean) => string[],
): ProbeResult {
  const elements = Array.isArray(target) ? target : [target];
  const deepActive = (): Element | null => {
    let active = document.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
    return active;
  };
  const isVisible = (el: Element): boolean => {
    const style = getComputedStyle(el);
    if (style.display === 'contents') {
      for (const child of Array.from(el.children)) if (isVisible(child)) return true;
      return false;
    }
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility()) return false;
    if (style.visibility !== 'visible') return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };
  const stateOf = (el: Element): ElementState => {
    const disabled = el.matches(':disabled') || el.closest('[aria-disabled="true"]') !== null;
    const state: ElementState = {
      visible: isVisible(el),
      enabled: !disabled,
      editable: !disabled && el.matches(':read-write') && el.getAttribute('aria-readonly') !== 'true',
      focused: el === deepActive(),
    };
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      state.checked = el.indeterminate ? 'mixed' : el.checked;
    } else if (el.hasAttribute('aria-checked')) {
      const v = el.getAttribute('aria-checked');
      state.checked = v === 'mixed' ? 'mixed' : v === 'true';
    }
    if (state.visible) {
      // The part of the window a user sees: without the scrollbars, which fixed elements sit above.
      const r = el.getBoundingClientRect();
      const view = el.ownerDocument.documentElement;
      const width = view.clientWidth || innerWidth;
      const height = view.clientHeight || innerHeight;
      if (r.bottom <= 0 || r.right <= 0 || r.top >= height || r.left >= width) state.offscreen = true;
    }
    if (el.hasAttribute('aria-expanded')) state.expanded = el.getAttribute('aria-expanded') === 'true';
    else if (el instanceof HTMLDetailsElement) state.expanded = el.open;
    if (el instanceof HTMLOptionElement) state.selected = el.selected;
    else if (el.hasAttribute('aria-selected')) state.selected = el.getAttribute('aria-selected') === 'true';
    return state;
  };
  const fieldValue = (el: Element): string | string[] | null => {
    if (el instanceof HTMLSelectElement) {
      return el.multiple ? Array.from(el.selectedOptions).map((o) => o.value) : el.value;
    }
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value;
    if (el instanceof HTMLElement && el.isContentEditable) return el.innerText;
    return null;
  };
  const coveringOf = (el: Element): string | undefined => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return undefined;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return undefined;
    const top = (el.getRootNode() as Document | ShadowRoot).elementFromPoint(x, y);
    if (!top || top === el || el.contains(top) || top.contains(el)) return undefined;
    const id = top.id ? `#${top.id}` : '';
    const cls = typeof top.className === 'string' && top.className.trim() ? `.${top.className.trim().split(/\s+/)[0]}` : '';
    const label = top.getAttribute('aria-label') ?? (top.textContent ?? '').trim().slice(0, 40);
    return `${top.tagName.toLowerCase()}${id}${cls}${label ? ` "${label}"` : ''}`;
  };
  const items: ElementFacts[] = [];
  for (const el of elements.slice(0, want.limit)) {
    const facts: ElementFacts = { tag: el.tagName.toLowerCase() };
    if ((want.text || want.value || want.attribute !== undefined) && secretOf) facts.secret = secretOf(el, true).length > 0;
    if (want.text) {
      const full = el instanceof HTMLElement ? el.innerText : el.textContent || '';
      const max = want.maxText || 4000;
      facts.text = full.length > max ? full.slice(0, max) : full;
      if (full.length > max) facts.textTruncated = true;
    }
    if (want.value) facts.value = fieldValue(el);
    if (want.state) facts.state = stateOf(el);
    if (want.attribute !== undefined) facts.attribute = el.getAttribute(want.attribute);
    if (want.styles) {
      const style = getComputedStyle(el);
      const styles: Record<string, string> = {};
      for (const name of want.styles) styles[name] = style.getPropertyValue(name);
      facts.styles = styles;
    }
    if (want.hit && isVisible(el)) {
      const covering = coveringOf(el);
      if (covering) facts.coveredBy = covering;
      if (stateOf(el).offscreen) {
        for (let up: Element | null = el; up; up = up.parentElement) {
          if (getComputedStyle(up).position === 'fixed') {
            facts.parked = true;
            break;
          }
        }
      }
    }
    items.push(facts);
  }
  return { count: elements.length, items };
}

/**
 * pageProbe with the secret-field rule as its third argument: Playwright serialises a function
 * alone, so a helper must travel inside it.
 */
const probeInPage = new Function(
  `return (target, want) => (${pageProbe.toString()})(target, want, ${secretFieldValues.toString()});`,
)() as typeof pageProbe;

/**
 * One round trip that counts what `locator` matches and describes the first `want.limit`. Never
 * waits in the page and has no deadline of its own: callers bound it (a hung page never answers).
 * Refs resolve in Playwright's utility world, so they are read through element handles.
 */
export async function readElements(locator: Locator, byRef: boolean, want: ProbeWant): Promise<ProbeResult> {
  if (!byRef) return locator.evaluateAll(probeInPage as (elements: HTMLElement[], want: ProbeWant) => ProbeResult, want);
  const handles = await locator.elementHandles();
  try {
    if (handles.length === 0) return { count: 0, items: [] };
    const first = await handles[0].evaluate(probeInPage as (element: Node, want: ProbeWant) => ProbeResult, want);
    return { ...first, count: handles.length };
  } finally {
    for (const handle of handles) void handle.dispose().catch(() => undefined);
  }
}
