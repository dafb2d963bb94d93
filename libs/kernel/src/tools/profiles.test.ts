// Profiles are reviewed lists (ADR-0035): the restart hint must name a profile that really has the
// tool, and `full` must follow the registry rather than a hand-kept list.
import { describe, expect, it } from 'vitest';
import { PROFILE_LISTS, profilesContaining, resolveProfile, unregisteredProfileEntries } from './profiles.js';

describe('profiles', () => {
  it('makes full every registered non-eval core tool, and named lists their registered members', () => {
    const core = ['electron_launch', 'electron_hover', 'electron_custom'];
    expect([...resolveProfile('full', core)]).toEqual(core);
    expect([...resolveProfile('essential', core)]).toEqual(['electron_launch']);
    expect([...resolveProfile('testing', core)].sort()).toEqual(['electron_hover', 'electron_launch']);
  });

  it('suggests the smallest profile that lists a tool, with full last', () => {
    expect(profilesContaining('electron_click')).toEqual(['essential', 'testing', 'debug', 'full']);
    expect(profilesContaining('electron_drag')).toEqual(['testing', 'full']);
    expect(profilesContaining('electron_console_logs')).toEqual(['debug', 'full']);
    expect(profilesContaining('electron_demo_echo')).toEqual(['full']);
  });

  it('keeps essential inside testing and debug, without eval tools or duplicates', () => {
    for (const list of Object.values(PROFILE_LISTS)) {
      expect(new Set(list).size).toBe(list.length);
      expect(list.some((name) => name.startsWith('electron_eval'))).toBe(false);
    }
    for (const name of PROFILE_LISTS.essential) {
      expect(PROFILE_LISTS.testing).toContain(name);
      expect(PROFILE_LISTS.debug).toContain(name);
    }
  });

  it('reports list entries that no registered tool backs', () => {
    const all = [...new Set(Object.values(PROFILE_LISTS).flat())];
    expect(unregisteredProfileEntries(all)).toEqual({});
    expect(unregisteredProfileEntries(all.filter((name) => name !== 'electron_drag'))).toEqual({ testing: ['electron_drag'] });
  });
});
