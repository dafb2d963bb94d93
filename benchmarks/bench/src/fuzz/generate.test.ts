// A fuzz run is only useful if a finding can be replayed: the same seed must give the same calls,
// and no generated call may name a real process (an in-range pid would be signalled).
import { describe, expect, it } from 'vitest';
import { MUTATIONS, malformedCall, seededRandom } from './generate.js';
import { blamesTheApp } from './run.js';

const schema = {
  type: 'object',
  properties: {
    ref: { type: 'string', maxLength: 32 },
    pid: { type: 'integer', minimum: 1 },
    count: { type: 'integer', minimum: 1, maximum: 3 },
    mode: { enum: ['a', 'b'] },
    arg: {},
  },
  required: ['pid'],
  additionalProperties: false,
};

describe('malformedCall', () => {
  it('gives the same calls for the same seed and different ones for another seed', () => {
    const run = (seed: number) => {
      const rng = seededRandom(seed);
      return Array.from({ length: 50 }, () => malformedCall('electron_x', schema, rng).argumentsJson);
    };
    expect(run(7)).toEqual(run(7));
    expect(run(8)).not.toEqual(run(7));
  });

  it('uses every mutation kind and never an in-range pid', () => {
    const rng = seededRandom(1);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const call = malformedCall('electron_x', schema, rng);
      seen.add(call.mutation);
      const pidText = /"pid":(-?[\d.e+]+)/.exec(call.argumentsJson)?.[1];
      if (pidText !== undefined) {
        const pid = Number(pidText);
        expect(Number.isInteger(pid) && pid >= 1 && pid < 2 ** 31 - 1 && pid !== 2 ** 31 + 7, `pid ${pidText}`).toBe(false);
      }
    }
    expect([...seen].sort()).toEqual([...new Set(MUTATIONS)].sort());
  });

  it('sends prototype keys as own keys in the JSON text', () => {
    const rng = seededRandom(3);
    const call = Array.from({ length: 400 }, () => malformedCall('electron_x', schema, rng)).find((c) => c.mutation === 'prototype-key')!;
    expect(call.argumentsJson).toMatch(/"(__proto__|constructor|prototype)":\{"polluted":true\}/);
  });
});

describe('blamesTheApp', () => {
  it('counts an answer that blames the app: a renderer or app code, or electron_stop as a next step', () => {
    expect(blamesTheApp({ code: 'RENDERER_UNRESPONSIVE', next_actions: ['electron_stop'] })).toBe(true);
    expect(blamesTheApp({ code: 'APP_CRASHED_AT_START', next_actions: [] })).toBe(true);
    expect(blamesTheApp({ code: 'EVAL_TIMEOUT', next_actions: ['electron_stop', 'electron_launch'] })).toBe(true);
    expect(blamesTheApp({ code: 'ELEMENT_NOT_FOUND', next_actions: ['electron_snapshot', 'electron_find'] })).toBe(false);
    expect(blamesTheApp({ code: 'BAD_ARGUMENT' })).toBe(false);
  });
});
