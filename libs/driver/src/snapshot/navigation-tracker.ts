import type { Frame, Page } from 'playwright-core';

export type DocumentChange = 'navigated' | 'reloaded';

interface FrameState {
  seq: number;
  reason?: DocumentChange;
  url: string;
  urlChangedSinceLoad: boolean;
}

/**
 * Counts document changes per frame so `since: "last"` knows when a diff would be meaningless.
 * Same-document navigations (hash) are ignored; a reload is a new document at the same URL,
 * seen through `domcontentloaded` (main frame) or a same-URL `framenavigated` (child frames).
 */
export class NavigationTracker {
  private readonly frames = new WeakMap<Frame, FrameState>();

  watch(page: Page): void {
    page.on('framenavigated', (frame) => this.onNavigated(page, frame));
    page.on('domcontentloaded', () => this.onDocumentLoaded(page.mainFrame()));
  }

  /** A token for the current document of the frame, and why it last changed. */
  current(frame: Frame): { seq: number; reason?: DocumentChange } {
    const state = this.stateOf(frame);
    return { seq: state.seq, reason: state.reason };
  }

  private stateOf(frame: Frame): FrameState {
    let state = this.frames.get(frame);
    if (!state) {
      state = { seq: 0, url: frame.url(), urlChangedSinceLoad: false };
      this.frames.set(frame, state);
    }
    return state;
  }

  private onNavigated(page: Page, frame: Frame): void {
    const state = this.stateOf(frame);
    const url = frame.url();
    const isMain = frame === page.mainFrame();
    if (stripHash(url) !== stripHash(state.url)) {
      state.seq++;
      state.reason = 'navigated';
      state.urlChangedSinceLoad = true;
    } else if (!isMain && url === state.url) {
      state.seq++;
      state.reason = 'reloaded';
    }
    state.url = url;
  }

  private onDocumentLoaded(frame: Frame): void {
    const state = this.stateOf(frame);
    state.seq++;
    state.reason = state.urlChangedSinceLoad ? 'navigated' : 'reloaded';
    state.urlChangedSinceLoad = false;
  }
}

function stripHash(url: string): string {
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}
