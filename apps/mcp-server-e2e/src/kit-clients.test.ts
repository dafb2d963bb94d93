// The test kit's stdio client and withApp, as an author's test uses them against a built plugin:
// the bundled server over stdio, a fixture app on the stand-in, the app stopped afterwards.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchApp } from '@stagewright/fixtures/bench';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { notesApp } from '@stagewright/fixtures/notes';
import { SERVER_BUNDLE, assertBundleBuilt } from '@stagewright/harness';
import { connectStdio, fixtures, withApp } from '@stagewright/testing';

describe('@stagewright/testing clients', () => {
  it('names the fixture apps of this workspace (kit.test.ts reads none of them)', () => {
    // The imports are the graph edges: a change to one of these apps affects this project, not the kit.
    expect(Object.keys(fixtures).sort()).toEqual(['bench', 'ipc', 'notes']);
    for (const app of [benchApp, ipcApp, notesApp]) {
      expect(fixtures[app.name].dir, app.name).toBe(app.dir);
      expect(existsSync(join(app.dir, 'main.js')), app.name).toBe(true);
    }
  });

  it('drives a fixture app on the stand-in through connectStdio and withApp', { timeout: 120_000 }, async () => {
    assertBundleBuilt();
    await withApp(
      () => connectStdio({ bin: SERVER_BUNDLE }),
      fixtures.bench,
      async (app) => {
        expect(app.sessionId).toEqual(expect.any(String));
        expect(await app.call('electron_get_text', { selector: 'h1' })).toMatchObject({ ok: true, text: 'Bench' });
      },
    );
  });
});
