// The loader refuses a plugin that breaks the contract; the network tools run nothing in the app,
// so they are listed without any eval grant; and redaction is the operator's to widen or narrow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { CREDENTIAL_FIELDS, PluginContract } from '@stagewright/sdk';
import { networkApp } from '@stagewright/fixtures/network';
import { withApp } from '@stagewright/harness';
import { connect } from './test-support/connect.js';
import networkPlugin from './index.js';

type Connection = Awaited<ReturnType<ReturnType<typeof connect>>>;

const TOOLS = [
  'network_capture',
  'network_main_capture',
  'network_main_read',
  'network_main_stub',
  'network_read',
  'network_stop',
  'network_stub',
  'network_unstub',
];

describe('network plugin', () => {
  // The listing and the refusals read or change nothing in the app: they share one launch with
  // the default config (the redaction test needs its own config, so its own server and app).
  let app: Connection;
  beforeAll(async () => {
    app = await connect()();
    expect(await app.call('electron_launch', { main: networkApp.dir })).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await app?.call('electron_stop', {}).catch(() => undefined);
    await app?.close();
  });

  it('satisfies the plugin contract the loader checks', () => {
    expect(Compile(PluginContract).Check(networkPlugin())).toBe(true);
  });

  it('lists its eight tools without --allow-eval and reports its safe config', async () => {
    const listed = (await app.client.listTools()).tools.map((tool) => tool.name).filter((name) => name.startsWith('network_'));
    expect(listed).toEqual(TOOLS);
    const plugins = await app.call('electron_plugins', {});
    expect(JSON.stringify(plugins)).toContain(`"redact":${JSON.stringify([...CREDENTIAL_FIELDS])}`);
  });

  it('redacts the headers the operator configures instead of the defaults, under the former name too', async () => {
    // redactHeaders is the former name of redact (ADR-0041): an operator's old config still works.
    await withApp(connect({ network: { redactHeaders: ['cookie', 'set-cookie'] } }), networkApp, async (app) => {
      await app.call('network_capture', { url: '/api/login', headers: true });
      await app.call('electron_click', { selector: '#sign-in' });
      await app.call('electron_expect_text', { selector: '#status', equals: 'Signed in as ada' });
      const read = await app.call('network_read', { timeoutMs: 5000 });
      expect(read.events).toMatchObject([
        {
          requestHeaders: { headers: { authorization: 'Bearer fixture-token-7f3a' } },
          responseHeaders: { headers: { 'set-cookie': '[redacted]' } },
        },
      ]);
    });
  });

  it('refuses unknown arguments and bad values with BAD_ARGUMENT', async () => {
    expect(await app.call('network_capture', { window: 1 })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('network_read', { limit: 0 })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('network_stub', { status: 200 })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
  });
});
