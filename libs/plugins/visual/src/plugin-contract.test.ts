// The server refuses a plugin that breaks the contract at load, and each server must keep its own
// folders and captures awaiting approval: both are checked here without a server (end-to-end: src/e2e).
import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { PluginContract } from '@stagewright/sdk';
import createVisualPlugin from './index.js';

describe('visual plugin contract', () => {
  it('satisfies the contract the loader checks, with four ungated tools', () => {
    const plugin = createVisualPlugin();
    expect(Compile(PluginContract).Check(plugin)).toBe(true);
    expect(plugin.tools.map((tool) => [tool.name, tool.kind, tool.gate ?? 'none'])).toEqual([
      ['check', 'assert', 'none'],
      ['approve', 'destructive', 'none'],
      ['capture', 'action', 'none'],
      ['mouse', 'action', 'none'],
    ]);
  });

  it('builds a fresh plugin for each server', () => {
    const a = createVisualPlugin();
    const b = createVisualPlugin();
    expect(a).not.toBe(b);
    expect(a.tools[0]).not.toBe(b.tools[0]);
  });
});
