// The reviewed profile lists (ADR-0035) name the whole tool catalogue; a list naming a tool the
// SHIPPED server does not register would silently shrink that profile. This runs on
// createStagewrightServer (driver + every core module), never on a test-only surface.
import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_LISTS, unregisteredProfileEntries, type StagewrightServer } from '@stagewright/kernel';
import { createStagewrightServer } from './compose.js';

let server: StagewrightServer;
beforeAll(async () => {
  server = await createStagewrightServer({ allowEval: true });
});
afterAll(() => server?.close());

describe('profile lists against the shipped server', () => {
  it('name only tools the shipped server registers', () => {
    expect(unregisteredProfileEntries(server.toolNames())).toEqual({});
  });

  it('are each served exactly by --tool-profile', async () => {
    for (const [profile, names] of Object.entries(PROFILE_LISTS)) {
      const scoped = await createStagewrightServer({ toolProfile: profile as keyof typeof PROFILE_LISTS });
      try {
        expect(scoped.toolNames()).toEqual([...names].sort());
      } finally {
        await scoped.close();
      }
    }
  });
});
