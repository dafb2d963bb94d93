// The reference must document exactly the tools the shipped server can list, each with the
// profiles that really contain it; otherwise readers are told about tools they cannot call.
import { describe, expect, it } from 'vitest';
import { createStagewrightServer } from '@stagewright/mcp-server';
import { collectCoreEntries, profilesOf } from './collect.js';

describe('reference entries', () => {
  it('name the profiles that list a tool, and the flag for a gated one', () => {
    expect(profilesOf({ name: 'electron_launch' })).toEqual(['essential', 'testing', 'debug', 'full']);
    expect(profilesOf({ name: 'electron_drag' })).toEqual(['testing', 'full']);
    expect(profilesOf({ name: 'electron_eval_renderer', gate: 'eval:renderer' })).toEqual(['eval (--allow-eval=renderer)']);
  });

  it('cover every core tool the shipped server lists with eval granted, once each, with its module', async () => {
    const server = await createStagewrightServer({ toolProfile: 'full', allowEval: true });
    const listed = server.toolNames();
    await server.close();
    const entries = collectCoreEntries();
    expect(entries.map((e) => e.tool.name).sort()).toEqual([...listed].sort());
    expect(entries.filter((e) => !e.module)).toEqual([]);
  });
});
