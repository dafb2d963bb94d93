/**
 * Settle with `fallback()` when `promise` has not settled within `ms`. Calls into a renderer
 * (count, evaluate, title) have no timeout of their own and never return while the page is
 * stuck in a busy loop; the driver and tools both bound them with this.
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
