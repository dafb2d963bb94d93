import type { Frame, Page } from 'playwright-core';
import { ToolError, type SurfaceInfo } from '@stagewright/sdk';
import type { Notices } from './window-tracker.js';

/**
 * Surfaces of a window: `main` (its top document) and its frames (`f1`, `f2`... stable per
 * session). Each window remembers its own active surface; a detached frame falls back to `main`
 * with a notice.
 */
export class SurfaceTracker {
  private readonly frameIds = new WeakMap<Frame, string>();
  private readonly active = new WeakMap<Page, Frame>();
  private nextId = 1;

  constructor(private readonly notices: Notices) {}

  surfaceOf(page: Page): Page | Frame {
    const frame = this.active.get(page);
    if (!frame) return page;
    if (frame.isDetached()) {
      this.active.delete(page);
      this.notices.push(`Active surface ${this.idOf(frame)} was detached; now main.`);
      return page;
    }
    return frame;
  }

  list(page: Page): SurfaceInfo[] {
    const current = this.surfaceOf(page);
    return page.frames().map((frame) => {
      const isMain = frame === page.mainFrame();
      const info: SurfaceInfo = {
        id: isMain ? 'main' : this.idOf(frame),
        kind: isMain ? 'page' : 'frame',
        url: frame.url(),
        active: isMain ? current === page : current === frame,
      };
      if (!isMain && frame.name()) info.name = frame.name();
      return info;
    });
  }

  switchTo(page: Page, surfaceId: string): SurfaceInfo {
    if (surfaceId === 'main') {
      this.active.delete(page);
    } else {
      const frame = page.frames().find((f) => f !== page.mainFrame() && this.idOf(f) === surfaceId);
      if (!frame) {
        const ids = this.list(page).map((s) => s.id);
        throw new ToolError('SURFACE_NOT_FOUND', `No surface ${surfaceId} in the active window; surfaces: ${ids.join(', ')}.`);
      }
      this.active.set(page, frame);
    }
    return this.list(page).find((s) => s.active)!;
  }

  private idOf(frame: Frame): string {
    let id = this.frameIds.get(frame);
    if (!id) {
      id = `f${this.nextId++}`;
      this.frameIds.set(frame, id);
    }
    return id;
  }
}
