// A plugin's status() and documents are read by the agent through core surfaces (electron_plugins,
// electron_status, resources/read): a hook that throws or answers too much must cost that plugin
// its own line, never the listing, and a document is served only under its plugin's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plugin } from '@stagewright/sdk';
import { connectExample, type InMemoryConnection } from '../test-fixtures/connect.js';

const plugin = (name: string, extra: Partial<Plugin>): Plugin => ({ name, version: '1.0.0', sdkRange: '^1.4.0', tools: [], ...extra });

let connection: InMemoryConnection;
beforeAll(async () => {
  connection = await connectExample({
    plugins: [
      plugin('calm', {
        status: () => ({ watching: 2 }),
        resources: [
          { name: 'guide', title: 'Guide', description: 'How calm works.', text: '# Calm' },
          { name: 'live', title: 'Live', description: 'Written at read time.', mimeType: 'application/json', text: () => '{"n":1}' },
          {
            name: 'broken',
            title: 'Broken',
            description: 'Fails to write.',
            text: () => {
              throw new Error('disk gone');
            },
          },
        ],
      }),
      plugin('loud', { status: () => ({ blob: 'x'.repeat(5_000) }) }),
      plugin('crashy', {
        status: () => {
          throw new Error('status bug');
        },
      }),
      plugin('quiet', {}),
    ],
  });
});
afterAll(() => connection.close());

describe('plugin status()', () => {
  it('shows each plugin its own line, and a note for one that throws or answers too much', async () => {
    const listed = (await connection.call('electron_plugins')).plugins as { name: string; status?: unknown; resources?: string[] }[];
    const byName = Object.fromEntries(listed.map((entry) => [entry.name, entry]));
    expect(byName.calm).toMatchObject({ status: { watching: 2 }, resources: expect.arrayContaining(['stagewright://plugins/calm/guide']) });
    expect(byName.loud.status).toEqual({ unavailable: expect.stringMatching(/over the 2000 allowed/) });
    expect(byName.crashy.status).toEqual({ unavailable: 'status() failed: status bug' });
    expect(byName.quiet).not.toHaveProperty('status');
  });
});

describe('plugin resources', () => {
  it('are listed beside the core documents and read as written, static or at read time', async () => {
    const uris = (await connection.client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toEqual([
      'stagewright://tools',
      'stagewright://errors',
      'stagewright://plugins/calm/guide',
      'stagewright://plugins/calm/live',
      'stagewright://plugins/calm/broken',
    ]);
    expect((await connection.client.readResource({ uri: 'stagewright://plugins/calm/guide' })).contents[0]).toMatchObject({
      mimeType: 'text/markdown',
      text: '# Calm',
    });
    expect((await connection.client.readResource({ uri: 'stagewright://plugins/calm/live' })).contents[0]).toMatchObject({
      mimeType: 'application/json',
      text: '{"n":1}',
    });
  });

  it('that fail to write are an error naming the plugin, and an unknown one lists what exists', async () => {
    await expect(connection.client.readResource({ uri: 'stagewright://plugins/calm/broken' })).rejects.toThrow(
      'plugin "calm" failed to write broken: disk gone',
    );
    await expect(connection.client.readResource({ uri: 'stagewright://plugins/loud/guide' })).rejects.toThrow(
      /Unknown resource .*stagewright:\/\/plugins\/calm\/guide/,
    );
  });
});
