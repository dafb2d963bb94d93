import type { Frame, Page } from 'playwright-core';

export type DocumentChange = 'navigated' | 'reloaded';

interface FrameState {
  seq: number;
  reason?: DocumentChange;
  url: string;
  urlChangedSinceLoad: boolean;
  /** Navigation requests the frame started, and documents it loaded (main frames; an action's watch compares them). */
  requests: number;
  loads: number;
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
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) this.stateOf(request.frame()).requests++;
    });
  }

  /** How many navigations the frame has started and how many documents it has loaded (ADR-0044). */
  loads(frame: Frame): { requests: number; loads: number } {
    const { requests, loads } = this.stateOf(frame);
    return { requests, loads };
  }

  /** A token for the current document of the frame, and why it last changed. */
  current(frame: Frame): { seq: number; reason?: DocumentChange } {
    const state = this.stateOf(frame);
    return { seq: state.seq, reason: state.reason };
  }

  private stateOf(frame: Frame): FrameState {
    let state = this.frames.get(frame);
    if (!state) {
      state = { seq: 0, url: frame.url(), urlChangedSinceLoad: false, requests: 0, loads: 0 };
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
    state.loads++;
    state.reason = state.urlChangedSinceLoad ? 'navigated' : 'reloaded';
    state.urlChangedSinceLoad = false;
  }
}

function stripHash(url: string): string {
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}
