import type { Locator } from 'playwright-core';
import { CoreTools, ToolError, isToolError, rendererUnresponsive, within, type Session } from '@stagewright/sdk';

/** How long the failure analysis waits for the page to count matches. */
const COUNT_MS = 2_000;

export interface ClassifyOptions {
  /** The target was a ref (it resolved once, so disappearing means detached). */
  byRef: boolean;
  /** Matches seen before the action started. */
  countBefore: number;
  /** The action needs an enabled element (clicks, typing, checks). */
  needsEnabled?: boolean;
  /** The action writes text (fill, clear). */
  needsEditable?: boolean;
}

/**
 * Why an element action failed, from structured checks (count, visibility, enabled, editable,
 * a hit test, the session state) rather than from Playwright's English error text.
 */
export async function classifyFailure(error: unknown, locator: Locator, session: Session, options: ClassifyOptions): Promise<unknown> {
  if (isToolError(error)) return error;
  const exited = appExited(session);
  if (exited) return exited;
  let hung = false;
  const count = await within(
    locator.count().catch(() => -1),
    COUNT_MS,
    () => {
      hung = true;
      return -1;
    },
  );
  if (hung) return appExited(session) ?? rendererUnresponsive(COUNT_MS);
  if (count === -1) return appExited(session) ?? error;
  if (count === 0) {
    if (options.byRef || options.countBefore > 0) {
      return new ToolError('ELEMENT_DETACHED', 'The element left the DOM before the action could finish.', { next: [CoreTools.snapshot] });
    }
    return new ToolError('ELEMENT_NOT_FOUND', 'No element matches the selector.', { next: [CoreTools.snapshot, CoreTools.find] });
  }
  if (count > 1) return ambiguous(count);
  const state = await within(elementState(locator), 4_000, () => undefined);
  if (!state) return error;
  if (!state.visible)
    return new ToolError('ELEMENT_NOT_VISIBLE', 'The element is not visible (hidden, zero-size or display:none).', { details: { state } });
  if (options.needsEnabled && !state.enabled) return new ToolError('ELEMENT_DISABLED', 'The element is disabled.', { details: { state } });
  if (options.needsEditable && !state.editable) {
    return new ToolError(
      'ELEMENT_NOT_EDITABLE',
      'The element does not accept text (not an input, textarea or contenteditable, or read-only).',
    );
  }
  if (state.coveredBy) {
    return new ToolError('ELEMENT_COVERED', `The element is covered by ${state.coveredBy}.`, { details: { coveredBy: state.coveredBy } });
  }
  if ((error as Error)?.name === 'TimeoutError') {
    return new ToolError('ACTION_TIMEOUT', 'The element did not become actionable in time (it may be moving or animating).', {
      details: { state },
    });
  }
  return error;
}

export function ambiguous(count: number): ToolError {
  return new ToolError('AMBIGUOUS_SELECTOR', `${count} elements match; the action needs exactly one.`, {
    details: { count },
    next: [CoreTools.snapshot, CoreTools.find],
  });
}

function appExited(session: Session): ToolError | undefined {
  const summary = session.summary();
  if (summary.state !== 'exited') return undefined;
  return new ToolError('APP_EXITED', `The app of session ${session.id} exited during the action.`, {
    details: { sessionId: session.id, exitCode: summary.exit?.code ?? null, signal: summary.exit?.signal ?? null },
  });
}

interface ElementState {
  visible: boolean;
  enabled: boolean;
  editable: boolean;
  coveredBy?: string;
}

async function elementState(locator: Locator): Promise<ElementState | undefined> {
  try {
    const visible = await locator.isVisible();
    const enabled = await locator.isEnabled({ timeout: 1_000 }).catch(() => true);
    const editable = await locator.isEditable({ timeout: 1_000 }).catch(() => false);
    const coveredBy = visible ? await hitTest(locator) : undefined;
    return { visible, enabled, editable, ...(coveredBy ? { coveredBy } : {}) };
  } catch {
    return undefined;
  }
}

/** What receives a pointer event at the element's centre, if it is not the element or inside it. */
async function hitTest(locator: Locator): Promise<string | undefined> {
  const hit = await locator
    .evaluate(
      (el: Element) => {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height) return null;
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return null;
        const root = el.getRootNode() as Document | ShadowRoot;
        const top = root.elementFromPoint(x, y);
        if (!top || top === el || el.contains(top) || top.contains(el)) return null;
        const id = top.id ? `#${top.id}` : '';
        const cls = typeof top.className === 'string' && top.className.trim() ? `.${top.className.trim().split(/\s+/)[0]}` : '';
        const label = top.getAttribute('aria-label') ?? (top.textContent ?? '').trim().slice(0, 40);
        return `${top.tagName.toLowerCase()}${id}${cls}${label ? ` "${label}"` : ''}`;
      },
      undefined,
      { timeout: 1_000 },
    )
    .catch(() => null);
  return hit ?? undefined;
}
