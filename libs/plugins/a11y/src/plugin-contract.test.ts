// The server refuses a plugin that breaks the contract at load, and each server must get its own
// engine (its private global name): both are checked here without a server (end-to-end: src/e2e).
import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { PluginContract } from '@stagewright/sdk';
import { AxeEngine } from './engine.js';
import createA11yPlugin from './index.js';

describe('a11y plugin contract', () => {
  it('satisfies the contract the loader checks, with one ungated read tool', () => {
    const plugin = createA11yPlugin();
    expect(Compile(PluginContract).Check(plugin)).toBe(true);
    expect(plugin.tools.map((tool) => [tool.name, tool.kind, tool.gate ?? 'none'])).toEqual([['audit', 'read', 'none']]);
  });

  it('builds a fresh plugin for each server, whose engine hides under a global of its own', () => {
    expect(createA11yPlugin()).not.toBe(createA11yPlugin());
    const [a, b] = [new AxeEngine(), new AxeEngine()];
    expect(a.key).toMatch(/^__stagewrightA11y_[0-9a-f]{12}$/);
    expect(a.key).not.toBe(b.key);
  });
});
