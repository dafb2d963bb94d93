// The first call of a tool must not pay for compiling its schema (issue 24): validators compile
// in the event-loop turns a launch spends waiting, one per turn, and a schema that does not compile
// still fails its own call, exactly as it did when every validator compiled at its first call.
import { describe, expect, it } from 'vitest';
import { Type, defineTool } from '@stagewright/sdk';
import { ToolRegistrationError, ToolRegistry, type RegisteredTool } from './registry.js';
import { compileInIdleTime } from './validator-warmup.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

function counted(name: string, fails = false): RegisteredTool & { compiles: number } {
  const tool = {
    name,
    compiles: 0,
    get validator() {
      tool.compiles++;
      if (fails) throw new ToolRegistrationError(`Tool "${name}": input schema does not compile`);
      return {} as RegisteredTool['validator'];
    },
  };
  return tool as unknown as RegisteredTool & { compiles: number };
}

describe('compileInIdleTime', () => {
  it('compiles nothing before returning, then one validator per turn, each once', async () => {
    const tools = [counted('a'), counted('b'), counted('c')];
    compileInIdleTime(tools);
    expect(tools.map((t) => t.compiles)).toEqual([0, 0, 0]);
    await turn();
    expect(tools.map((t) => t.compiles)).toEqual([1, 0, 0]);
    for (let i = 0; i < 4; i++) await turn();
    expect(tools.map((t) => t.compiles)).toEqual([1, 1, 1]);
  });

  it('goes on past a schema that does not compile', async () => {
    const tools = [counted('a', true), counted('b')];
    compileInIdleTime(tools);
    for (let i = 0; i < 4; i++) await turn();
    expect(tools.map((t) => t.compiles)).toEqual([1, 1]);
  });

  it('leaves a core tool whose schema does not compile to fail its own call', async () => {
    const registry = new ToolRegistry();
    const input = Type.Object({ n: Type.String({ pattern: '(' }) }, { additionalProperties: false });
    const bad = registry.register({
      ...defineTool({ name: 'x_y', title: 'x', description: 'd', kind: 'read', input: {}, handle: () => ({}) }),
      input,
    });
    compileInIdleTime(registry.list());
    for (let i = 0; i < 3; i++) await turn();
    expect(() => bad.validator).toThrow(/input schema does not compile/);
  });
});
