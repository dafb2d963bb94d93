// The registry is the single source of tool names: duplicates or odd names would make hosts
// mis-route calls, and a registration-dependent order would make tools/list unstable (ADR-0035).
import { describe, expect, it } from 'vitest';
import { Type, defineTool } from '@stagewright/sdk';
import { ToolRegistrationError, ToolRegistry } from './registry.js';

const tool = (name: string, input = Type.Object({}, { additionalProperties: false })) => ({
  ...defineTool({ name, title: name, description: 'd', kind: 'read', input: {}, handle: () => ({}) }),
  input,
});

describe('ToolRegistry', () => {
  it('lists tools in lexicographic order whatever the registration order', () => {
    const registry = new ToolRegistry();
    for (const name of ['electron_type', 'electron_click', 'a_b', 'electron_click_x', 'electron_check']) registry.register(tool(name));
    expect(registry.names()).toEqual(['a_b', 'electron_check', 'electron_click', 'electron_click_x', 'electron_type']);
  });

  it('rejects a duplicate name and says who registered it first', () => {
    const registry = new ToolRegistry();
    registry.register(tool('electron_click'));
    expect(() => registry.register(tool('electron_click'), { type: 'plugin', plugin: 'x' })).toThrow(
      /"electron_click" from plugin "x" is already registered by core/,
    );
  });

  it('resolves a former name to the current one without listing it, and refuses one already taken (ADR-0041)', () => {
    const registry = new ToolRegistry();
    registry.register({ ...tool('electron_windows'), formerNames: ['electron_windows_list'] });
    expect(registry.names()).toEqual(['electron_windows']);
    expect(registry.currentName('electron_windows_list')).toBe('electron_windows');
    expect(registry.currentName('electron_other')).toBe('electron_other');
    expect(() => registry.register(tool('electron_windows_list'))).toThrow(/already registered/);
    expect(() => registry.register({ ...tool('electron_frames'), formerNames: ['electron_windows'] })).toThrow(
      /former name "electron_windows" is already taken/,
    );
  });

  it.each(['Electron_click', 'electron-click', '1tool', '', 'electron click', `e_${'x'.repeat(70)}`])('rejects the bad name %j', (name) => {
    expect(() => new ToolRegistry().register(tool(name))).toThrow(ToolRegistrationError);
  });

  it('rejects an input schema that would let unknown properties through', () => {
    expect(() => new ToolRegistry().register(tool('electron_open', Type.Object({})))).toThrow(/additionalProperties: false/);
  });

  it('compiles a plugin tool at registration, so a bad schema fails the load', () => {
    const bad = tool('x_y', Type.Object({ n: Type.String({ pattern: '(' }) }, { additionalProperties: false }));
    expect(() => new ToolRegistry().register(bad, { type: 'plugin', plugin: 'x' })).toThrow(/input schema does not compile/);
    expect(() => new ToolRegistry().register(bad)).not.toThrow();
  });

  it('compiles the schema once', () => {
    const entry = new ToolRegistry().register(tool('electron_x', Type.Object({ n: Type.Integer() }, { additionalProperties: false })));
    expect(entry.validator.Check({ n: 1 })).toBe(true);
    expect(entry.validator.Check({ n: 'one' })).toBe(false);
  });
});
