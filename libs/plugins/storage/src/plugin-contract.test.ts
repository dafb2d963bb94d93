// The server refuses a plugin that breaks the contract at load, and each server must get its own
// plugin object: both are checked here without a server (end-to-end tests: src/e2e).
import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { PluginContract } from '@stagewright/sdk';
import createStoragePlugin from './index.js';

describe('storage plugin contract', () => {
  it('satisfies the contract the loader checks', () => {
    expect(Compile(PluginContract).Check(createStoragePlugin())).toBe(true);
  });

  it('builds a fresh plugin for each server and gates exactly the tools that run in the page world (writes run isolated, ungated)', () => {
    const plugin = createStoragePlugin();
    expect(createStoragePlugin()).not.toBe(plugin);
    const gates = Object.fromEntries(plugin.tools.map((tool) => [tool.name, tool.gate ?? 'none']));
    expect(gates).toEqual({
      cookies: 'none',
      cookie_set: 'none',
      cookies_clear: 'none',
      snapshot: 'none',
      site_clear: 'none',
      web: 'eval:renderer',
      idb: 'eval:renderer',
      idb_put: 'none',
      idb_delete: 'none',
      idb_clear: 'none',
    });
  });
});
