// instrumentMain hands plugin code to the session manager, which writes it into every app it
// launches: a body that cannot be written (empty, oversized, an argument JSON cannot carry) must
// fail the plugin's setup, and a plugin that is torn down must stop instrumenting new apps.
import { describe, expect, it, vi } from 'vitest';
import type { Logger, MainInstrumentation, SessionManager } from '@stagewright/sdk';
import { MAX_INSTRUMENTATION_CHARS, PluginSeams } from './plugin-seams.js';

const log: Logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function managerRecording() {
  const live = new Set<MainInstrumentation>();
  const manager = {
    addMainInstrumentation: (script: MainInstrumentation) => {
      live.add(script);
      return () => void live.delete(script);
    },
  } as unknown as SessionManager;
  return { live, manager };
}

describe('the instrumentMain seam', () => {
  it('passes the script to the session manager and takes it back when the plugin is removed', () => {
    const { live, manager } = managerRecording();
    const seams = new PluginSeams(log);
    seams.registrarFor('native', manager).instrumentMain({ body: 'return 1;', arg: { key: 'k' } });
    seams.registrarFor('other', manager).instrumentMain({ body: 'return 2;' });
    expect([...live]).toEqual([{ body: 'return 1;', arg: { key: 'k' } }, { body: 'return 2;' }]);
    seams.remove('native');
    expect([...live]).toEqual([{ body: 'return 2;' }]);
  });

  it('refuses a body it could not write into an app, naming the plugin', () => {
    const registrar = new PluginSeams(log).registrarFor('bad', managerRecording().manager);
    expect(() => registrar.instrumentMain({ body: '' })).toThrow(/plugin "bad": instrumentMain\(\) takes \{ body \}/);
    expect(() => registrar.instrumentMain({ body: 'x'.repeat(MAX_INSTRUMENTATION_CHARS + 1) })).toThrow(/plugin "bad"/);
    expect(() => registrar.instrumentMain({ body: 'return 1;', arg: [] as never })).toThrow(/object arg/);
  });

  it('is a no-op with a session manager that cannot instrument: nothing kept, nothing to undo, bad bodies still refused', () => {
    const seams = new PluginSeams(log);
    const bare = {} as SessionManager;
    const registrar = seams.registrarFor('native', bare);
    expect(registrar.instrumentMain({ body: 'return 1;' })).toBeUndefined();
    expect(bare).toEqual({});
    expect(() => registrar.instrumentMain({ body: '' })).toThrow(/plugin "native": instrumentMain\(\) takes \{ body \}/);
    // Nothing was registered for "native": removing it leaves another plugin's instrumentation alone.
    const { live, manager } = managerRecording();
    seams.registrarFor('other', manager).instrumentMain({ body: 'return 2;' });
    seams.remove('native');
    expect([...live]).toEqual([{ body: 'return 2;' }]);
  });
});
