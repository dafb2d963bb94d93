// The loader refuses a plugin that breaks the contract, and every clock tool turns an agent's
// time string into epoch ms before touching the app: both are pinned here without an app (the
// end-to-end tests on a fixture app live in src/e2e).
import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { PluginContract } from '@stagewright/sdk';
import { explainClockError, parseTimeOrThrow } from './clock-state.js';
import createPlugin, { ClockRecords, createClockPlugin } from './index.js';

describe('clock plugin', () => {
  it('satisfies the plugin contract the loader checks, with five ungated tools (ADR-0025)', () => {
    const plugin = createPlugin();
    expect(Compile(PluginContract).Check(plugin)).toBe(true);
    expect(plugin.tools.map((tool) => [tool.name, tool.gate ?? 'none'])).toEqual([
      ['install', 'none'],
      ['set', 'none'],
      ['advance', 'none'],
      ['resume', 'none'],
      ['status', 'none'],
    ]);
  });

  // Ungated is only right while no argument can carry code: a free-text parameter on a clock tool
  // (a script, a callback body) must come with a gate, and this fails until it does.
  it('takes only times, bounded numbers, booleans and modes on its ungated tools', () => {
    type Property = { type?: string; anyOf?: unknown[]; maxLength?: number; maximum?: number };
    const kinds = createPlugin()
      .tools.filter((tool) => tool.gate === undefined)
      .flatMap((tool) =>
        // sessionId is resolved by the kernel to one of this client's own sessions.
        Object.entries((tool.input as { properties: Record<string, Property> }).properties)
          .filter(([name]) => name !== 'sessionId')
          .map(([name, schema]) => {
            if (schema.anyOf) return schema.anyOf.every((option) => 'const' in (option as object)) ? 'mode' : `union ${tool.name}.${name}`;
            if (schema.type === 'string')
              return name === 'time' && (schema.maxLength ?? Infinity) <= 40 ? 'time' : `free text ${tool.name}.${name}`;
            if (schema.type === 'integer') return schema.maximum === undefined ? `unbounded ${tool.name}.${name}` : 'number';
            return schema.type;
          }),
      );
    expect(new Set(kinds)).toEqual(new Set(['time', 'boolean', 'number', 'mode']));
  });

  it('gives each server (each factory call) its own records', () => {
    const first = new ClockRecords();
    createClockPlugin(first);
    first.set('s1', { paused: true });
    const second = new ClockRecords();
    createClockPlugin(second);
    expect([first.size, second.size]).toEqual([1, 0]);
  });
});

describe('parseTimeOrThrow', () => {
  it('reads ISO 8601 date-times and epoch milliseconds', () => {
    expect(parseTimeOrThrow('2030-01-01T09:00:00Z')).toBe(Date.UTC(2030, 0, 1, 9));
    expect(parseTimeOrThrow(' 1893488400000 ')).toBe(1893488400000);
  });

  it('refuses anything else with clock.BAD_TIME naming the value', () => {
    expect(() => parseTimeOrThrow('next tuesday')).toThrow(
      expect.objectContaining({ code: 'clock.BAD_TIME', message: expect.stringContaining('next tuesday') }),
    );
    expect(() => parseTimeOrThrow('')).toThrow(expect.objectContaining({ code: 'clock.BAD_TIME' }));
  });
});

describe('explainClockError', () => {
  it('turns Playwright refusing the past into clock.BAD_TIME and passes anything else through', () => {
    expect(() => explainClockError(new Error('Cannot fast-forward to the past'))).toThrow(
      expect.objectContaining({ code: 'clock.BAD_TIME' }),
    );
    const other = new Error('Target page, context or browser has been closed');
    expect(() => explainClockError(other)).toThrow(other);
  });
});
