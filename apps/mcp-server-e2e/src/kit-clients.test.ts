// The test kit's stdio client and withApp, as an author's test uses them against a built plugin:
// the bundled server over stdio, a fixture app on the stand-in, the app stopped afterwards.
import { describe, expect, it } from 'vitest';
import { benchApp } from '@stagewright/fixtures/bench';
import { SERVER_BUNDLE, assertBundleBuilt } from '@stagewright/harness';
import { connectStdio, fixtures, withApp } from '@stagewright/testing';

describe('@stagewright/testing clients', () => {
  it('drives a fixture app on the stand-in through connectStdio and withApp', { timeout: 120_000 }, async () => {
    assertBundleBuilt();
    expect(fixtures.bench.dir).toBe(benchApp.dir);
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
