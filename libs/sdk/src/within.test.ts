// Hung renderers never answer; without this bound a tool call would hang until the server-wide
// operation timeout. It must settle with the fallback, or its throw, and not mask real results.
import { describe, expect, it } from 'vitest';
import { within } from './within.js';

describe('within', () => {
  it('passes a prompt result through', async () => {
    await expect(within(Promise.resolve(7), 50, () => 0)).resolves.toBe(7);
  });

  it('settles with the fallback when the promise never does', async () => {
    await expect(within(new Promise<number>(() => undefined), 10, () => -1)).resolves.toBe(-1);
  });

  it('rejects with what the fallback throws', async () => {
    await expect(
      within(new Promise<number>(() => undefined), 10, () => {
        throw new Error('hung');
      }),
    ).rejects.toThrow('hung');
  });
});
