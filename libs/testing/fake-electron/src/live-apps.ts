// The apps AppScope has open, for failure-artifacts.ts (a vitest setup file) to photograph.

/** Apps AppScope launched and has not closed, shared through globalThis (no module identity needed). */
export const LIVE_APPS = Symbol.for('stagewright.test.liveApps');

interface WindowLike {
  screenshot(options: { path: string }): Promise<unknown>;
}
interface AppLike {
  windows(): WindowLike[];
}

export function liveApps(): Set<AppLike> {
  const holder = globalThis as { [LIVE_APPS]?: Set<AppLike> };
  holder[LIVE_APPS] ??= new Set();
  return holder[LIVE_APPS];
}
