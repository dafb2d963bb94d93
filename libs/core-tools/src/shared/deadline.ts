import { ToolError } from '@stagewright/sdk';

/**
 * Settle with `fallback()` when `promise` has not settled within `ms`. Playwright calls such as
 * count() and evaluate() never return while a renderer is stuck in a busy loop.
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

export function unresponsive(): never {
  throw new ToolError('RENDERER_UNRESPONSIVE', 'The page stopped answering; it is busy or hung.', { next: ['electron_stop'] });
}
