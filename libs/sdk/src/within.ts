import { ToolError } from './errors.js';

/**
 * The one deadline primitive: settle with `fallback()` when `promise` has not settled within
 * `ms`. Calls into a renderer (count, evaluate, title) have no timeout of their own and never
 * return while the page is stuck in a busy loop; the driver and the tools bound them with this.
 * A fallback that throws rejects instead (see `unresponsiveAfter`).
 */
export function within<T>(promise: Promise<T>, ms: number, fallback: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  promise.catch(() => undefined);
  return Promise.race([
    promise,
    new Promise<T>((resolve, reject) => {
      timer = setTimeout(() => {
        try {
          resolve(fallback());
        } catch (error) {
          reject(error);
        }
      }, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The one RENDERER_UNRESPONSIVE: one message form and one next step, wherever a page stops
 * answering (locating, probing, acting, evaluating).
 */
export function rendererUnresponsive(ms: number, details?: Record<string, unknown>): ToolError {
  return new ToolError('RENDERER_UNRESPONSIVE', `The page did not answer within ${ms} ms; it is busy or hung.`, { details });
}

/** A `within` fallback that rejects with RENDERER_UNRESPONSIVE: `within(page.title(), ms, unresponsiveAfter(ms))`. */
export function unresponsiveAfter(ms: number): () => never {
  return () => {
    throw rendererUnresponsive(ms);
  };
}
