import { setTimeout as sleep } from 'node:timers/promises';
import type { Frame, JSHandle, Page } from 'playwright-core';
import { within } from '@stagewright/sdk';

/** The page-side half: a change counter and the one waiter the server may have outstanding. */
interface PageState {
  count: number;
  wake: (() => void) | null;
  stop: () => void;
}

/** How long installing the observer may take before the wait falls back to plain polling. */
const INSTALL_MS = 1_000;

/**
 * Tells a poll loop that the page changed, so a wait or expect re-checks at once instead of at
 * its next backoff tick. The page side is a MutationObserver plus capturing listeners for
 * changes that are not mutations (input values, focus, transitions): no timers and no animation
 * frames, so an app that freezes those cannot stall it. At most one page evaluation is
 * outstanding per signal, and dispose() disconnects everything.
 */
export class ChangeSignal {
  private pending: Promise<void> | undefined;
  private seen = 0;
  private broken = false;

  private constructor(private readonly handle: JSHandle<PageState>) {}

  /** Undefined when the surface cannot take the observer (closed, navigating, hung): poll without it. */
  static async install(surface: Page | Frame): Promise<ChangeSignal | undefined> {
    const handle = await within(
      surface
        .evaluateHandle(() => {
          const state: PageState = { count: 0, wake: null, stop: () => undefined };
          const bump = () => {
            state.count++;
            const wake = state.wake;
            state.wake = null;
            wake?.();
          };
          const observer = new MutationObserver(bump);
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          const events = ['input', 'change', 'focusin', 'focusout', 'transitionend', 'animationend', 'load'];
          for (const name of events) document.addEventListener(name, bump, true);
          // URL changes without a new document (expect_url) are window events.
          for (const name of ['hashchange', 'popstate']) window.addEventListener(name, bump);
          state.stop = () => {
            observer.disconnect();
            for (const name of events) document.removeEventListener(name, bump, true);
            for (const name of ['hashchange', 'popstate']) window.removeEventListener(name, bump);
            bump();
          };
          return state;
        })
        .catch(() => undefined),
      INSTALL_MS,
      () => undefined,
    );
    return handle ? new ChangeSignal(handle) : undefined;
  }

  /** Resolves when the page changed since the previous wake, or after `ms`, or on abort. */
  async wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (!this.broken) {
      this.pending ??= this.handle
        .evaluate(
          (state, seen) => (state.count > seen ? state.count : new Promise<number>((resolve) => (state.wake = () => resolve(state.count)))),
          this.seen,
        )
        .then(
          (count) => {
            this.seen = count;
          },
          () => {
            // The document went away (navigation, close): that is a change too; poll plainly from now on.
            this.broken = true;
          },
        )
        .finally(() => {
          this.pending = undefined;
        });
    }
    const timer = sleep(ms, undefined, { signal }).catch(() => undefined);
    await (this.pending ? Promise.race([this.pending, timer]) : timer);
  }

  dispose(): void {
    void this.handle
      .evaluate((state) => state.stop())
      .catch(() => undefined)
      .finally(() => void this.handle.dispose().catch(() => undefined));
  }
}
