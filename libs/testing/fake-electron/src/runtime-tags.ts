import type {} from 'vitest';
import { testElectron } from './runtime-switch.js';

/**
 * Tags for tests that hold on one runtime only (ADR-0023). Each is declared once in
 * vitest.shared.ts (unknown tags are an error there) and carries its reason in the test's meta,
 * which the JSON report keeps, so `npm run test:electron` can list what it skipped and why.
 */
export const RUNTIME_TAGS = {
  'stand-in-only': 'holds only on the fake-electron stand-in (its CHROMIUM_PATH, its process layout, its known differences)',
  'real-electron-only': 'holds only on a real Electron (behaviour the stand-in does not model); skipped on the stand-in',
} as const;

export type RuntimeTag = keyof typeof RUNTIME_TAGS;

/** Test options (vitest's `it(name, options, fn)` / `describe(name, options, fn)`) for a runtime-bound test. */
export interface RuntimeTagOptions {
  tags: RuntimeTag[];
  skip: boolean;
  meta: { runtimeTag: RuntimeTag; runtimeReason: string };
}

function tagged(tag: RuntimeTag, reason: string, holds: boolean): RuntimeTagOptions {
  if (!reason.trim()) throw new Error(`${tag}: a reason is required`);
  return { tags: [tag], skip: !holds, meta: { runtimeTag: tag, runtimeReason: reason } };
}

/** For a test that holds only on the stand-in: skipped, with `reason`, under a real Electron. */
export function onlyOnStandIn(reason: string, env: NodeJS.ProcessEnv = process.env): RuntimeTagOptions {
  return tagged('stand-in-only', reason, testElectron(env).kind === 'stand-in');
}

/** For a test that holds only on a real Electron: skipped, with `reason`, on the stand-in. */
export function onlyOnRealElectron(reason: string, env: NodeJS.ProcessEnv = process.env): RuntimeTagOptions {
  return tagged('real-electron-only', reason, testElectron(env).kind === 'real');
}

declare module 'vitest' {
  /** What a runtime tag leaves in a test's meta (and so in the JSON report). */
  interface TaskMeta {
    runtimeTag?: RuntimeTag;
    runtimeReason?: string;
  }
}
