// An app another session launched is refused by pid, by any descendant pid and by any port of its tree, and still when
// the port cannot be looked up (no procfs): then the browser pid reached over CDP gives it away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import { startChromium, type ChromiumApp } from '../test-support/chromium-app.js';
import { AppOwnershipRegistry } from './app-ownership.js';
import { attachSession } from './attach.js';
import { OwnershipGuard, type ProcessLookup } from './ownership-guard.js';

const [self, other] = [Symbol('self'), Symbol('other')];
/** 100 is another session's app: 101 its child, 102 a grandchild; 200 is this session's; 300 nobody's. */
const parents: Record<number, number> = { 100: 1, 101: 100, 102: 101, 200: 1, 201: 200, 300: 1 };
const ports: Record<number, number[]> = { 100: [9222, 9229], 200: [9333] };
const lookup: ProcessLookup = { parentOf: (pid) => parents[pid], portsOf: (pid) => ports[pid] ?? [] };

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return isToolError(error) ? error.code : String(error);
  }
}

describe('OwnershipGuard', () => {
  const registry = new AppOwnershipRegistry();
  registry.claim(100, other);
  registry.claim(200, self);
  const guard = new OwnershipGuard(registry, self, lookup);

  it("refuses another session's main pid and every descendant, and nothing else", () => {
    for (const pid of [100, 101, 102])
      expect(
        codeOf(() => guard.refusePid(pid)),
        `pid ${pid}`,
      ).toBe('APP_OWNED_BY_ANOTHER_SESSION');
    for (const pid of [200, 201, 300, 999])
      expect(
        codeOf(() => guard.refusePid(pid)),
        `pid ${pid}`,
      ).toBeUndefined();
  });

  it("refuses every port of another session's app tree, and none of this session's", () => {
    for (const port of [9222, 9229])
      expect(
        codeOf(() => guard.refusePort(port)),
        `port ${port}`,
      ).toBe('APP_OWNED_BY_ANOTHER_SESSION');
    for (const port of [9333, 1234])
      expect(
        codeOf(() => guard.refusePort(port)),
        `port ${port}`,
      ).toBeUndefined();
    expect([...guard.portsOfOthers()].sort()).toEqual([9222, 9229]);
  });

  it('stops walking at a parent cycle', () => {
    const looping = new OwnershipGuard(registry, self, { parentOf: (pid) => (pid === 500 ? 501 : 500), portsOf: () => [] });
    expect(codeOf(() => looping.refusePid(500))).toBeUndefined();
  });

  it('drops a claim only when its owner releases it', () => {
    const record = new AppOwnershipRegistry();
    record.claim(100, other);
    record.release(100, self);
    expect(record.claimedByOthers(self)).toEqual([100]);
    record.release(100, other);
    expect(record.claimedByOthers(self)).toEqual([]);
  });
});

describe('attaching to a browser another session owns, where ports cannot be looked up', () => {
  let app: ChromiumApp;
  beforeAll(async () => {
    app = await startChromium('<h1>owned</h1>');
  });
  afterAll(() => app?.close());

  it('is refused after connecting, by the browser pid the endpoint reports', async () => {
    const registry = new AppOwnershipRegistry();
    registry.claim(app.pid, other);
    const blind = new OwnershipGuard(registry, self, { parentOf: lookup.parentOf, portsOf: () => [] });
    const error = await attachSession('s1', { port: app.port, timeoutMs: 10_000 }, blind).catch((e: unknown) => e);
    expect(isToolError(error) && error.code).toBe('APP_OWNED_BY_ANOTHER_SESSION');
    // Its owner may attach: the refusal is about whose app it is, not about the endpoint.
    const own = await attachSession('s2', { port: app.port, timeoutMs: 10_000 }, new OwnershipGuard(registry, other, lookup));
    await own.control.detach();
  });
});
