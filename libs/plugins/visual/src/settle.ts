import { ToolError, Type } from '@stagewright/sdk';

/** Pause between two stability reads: long enough for a timer-driven layout step to show. */
export const STABLE_INTERVAL_MS = 100;

/** The capture options visual_check and visual_capture share. */
export const CAPTURE_OPTIONS = {
  mask: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), { maxItems: 20 })),
  fullPage: Type.Optional(Type.Boolean()),
  settleMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  stableMs: Type.Optional(Type.Integer({ minimum: 200, maximum: 10_000 })),
};

export const CAPTURE_NOTES =
  'fullPage: true captures the whole scrollable page of the window (not with ref/selector). settleMs: wait this long before capturing. ' +
  `stableMs: then take captures ${STABLE_INTERVAL_MS} ms apart until two in a row are identical and use that one; if none are within stableMs, visual.UNSTABLE, nothing is written or compared (mask what moves, or wait for it to stop). `;

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
    signal?.addEventListener('abort', () => (clearTimeout(timer), done()), { once: true });
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
