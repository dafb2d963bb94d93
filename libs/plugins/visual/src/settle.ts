import { ToolError, Type } from '@stagewright/sdk';

/** Pause between two stability reads: long enough for a timer-driven layout step to show. */
export const STABLE_INTERVAL_MS = 100;

/** The capture options visual_check and visual_capture share. */
/** Longest settleMs and stableMs: larger values are clamped to it (the listing carries no bounds, to stay lean). */
export const MAX_SETTLE_MS = 10_000;

/**
 * The capture options visual_check and visual_capture share. The waits are bounded by clamping
 * (settling()), not in the schema: every byte of the listing is paid by every conversation.
 */
export const CAPTURE_OPTIONS = {
  mask: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 20 })),
  fullPage: Type.Optional(Type.Boolean()),
  settleMs: Type.Optional(Type.Integer()),
  stableMs: Type.Optional(Type.Integer()),
};

const clampMs = (ms: number | undefined) => Math.min(Math.max(ms ?? 0, 0), MAX_SETTLE_MS);

/** The waits of a call, each clamped to 0-MAX_SETTLE_MS. */
export const settling = (args: Settling): Settling => ({ settleMs: clampMs(args.settleMs), stableMs: clampMs(args.stableMs) });

export const CAPTURE_NOTES =
  'fullPage: true captures the whole scrollable page of the window (not with ref/selector). settleMs: wait this long before capturing. ' +
  `stableMs: then take captures ${STABLE_INTERVAL_MS} ms apart until two in a row are identical and use that one; if none are within stableMs, visual.UNSTABLE, nothing is written or compared (mask what moves, or wait for it to stop). ` +
  `Both are clamped to 0-${MAX_SETTLE_MS} ms. An empty mask selector is BAD_ARGUMENT. `;

/** fullPage is the window's whole page: an element capture is already the whole element. */
export function fullPageTargetOrThrow(args: { fullPage?: boolean; ref?: string; selector?: string }): void {
  if (args.fullPage && (args.ref !== undefined || args.selector !== undefined))
    throw new ToolError(
      'BAD_ARGUMENT',
      'fullPage captures the whole window page; drop it to capture the ref/selector element, or drop the target.',
      {
        details: { param: 'fullPage' },
      },
    );
}

export interface Settling {
  settleMs?: number;
  stableMs?: number;
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((done) => {
    if (ms <= 0 || signal?.aborted) return done();
    const timer = setTimeout(done, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        done();
      },
      { once: true },
    );
  });

/**
 * One capture taken once the screen has settled: after `settleMs`, and with `stableMs`, the
 * first of two consecutive captures that are byte-identical (the layout and every pixel held
 * still for one interval). A screen that keeps changing for all of `stableMs` is an error, not a
 * capture: comparing or keeping a frame of a moving screen gives results that differ run to run.
 */
export async function settledCaptureOrThrow(take: () => Promise<Buffer>, settling: Settling, signal?: AbortSignal): Promise<Buffer> {
  await pause(settling.settleMs ?? 0, signal);
  if (!settling.stableMs) return take();
  const started = Date.now();
  let previous = await take();
  let captures = 1;
  while (Date.now() - started < settling.stableMs && !signal?.aborted) {
    await pause(STABLE_INTERVAL_MS, signal);
    const next = await take();
    captures++;
    if (next.equals(previous)) return next;
    previous = next;
  }
  const waitedMs = Date.now() - started;
  throw new ToolError(
    'visual.UNSTABLE',
    `The screen kept changing for ${waitedMs} ms (${captures} captures, no two in a row alike); nothing was captured.`,
    {
      details: { waitedMs, captures, stableMs: settling.stableMs },
    },
  );
}
