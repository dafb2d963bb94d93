// Values a model (or an attacker) can send that no schema keyword catches — a NUL in a path, an
// unpaired surrogate, a `__proto__` key, arguments nested a thousand deep — used to travel to the
// file system, Playwright or the inspector and come back as INTERNAL_ERROR, or were silently
// dropped. They are the caller's mistake: BAD_ARGUMENT, naming where, and nothing runs.
import { afterEach, describe, expect, it } from 'vitest';
import type { InMemoryConnection } from '@stagewright/harness';
import { connectExample } from '../test-fixtures/connect.js';
import { MAX_ARGUMENT_DEPTH } from './argument-hygiene.js';

let connection: InMemoryConnection;
afterEach(async () => {
  await connection?.close();
});

function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { d: value };
  return value;
}

describe('arguments are plain text in a plain object', () => {
  it.each([
    ['a NUL in a value', { text: 'a\u0000b' }, 'text contains a NUL character or an unpaired surrogate', 'text'],
    ['an unpaired high surrogate', { text: 'x\ud800' }, 'text contains a NUL character or an unpaired surrogate', 'text'],
    ['an unpaired low surrogate', { text: '\udc00' }, 'text contains a NUL character or an unpaired surrogate', 'text'],
    [
      'a NUL in a parameter name',
      { text: 'ok', 'mo\u0000de': 'upper' },
      'a parameter name in arguments contains a NUL character',
      'arguments',
    ],
  ])('refuses %s with BAD_ARGUMENT naming the parameter', async (_label, args, message, param) => {
    connection = await connectExample({});
    const answer = await connection.call('electron_demo_echo', args as Record<string, unknown>);
    expect(answer).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', details: { param } });
    expect(answer.error).toContain(`Invalid arguments for electron_demo_echo: ${message}`);
  });

  it('accepts real text: paired surrogates (emoji), combining marks, right-to-left', async () => {
    connection = await connectExample({});
    expect(await connection.call('electron_demo_echo', { text: '🧪 é \u202eabc' })).toMatchObject({ ok: true, echo: '🧪 é \u202eabc' });
  });

  it('refuses arguments nested deeper than the bound, naming the path, before any handler runs', async () => {
    connection = await connectExample({ allowEval: true });
    const answer = await connection.call('electron_demo_eval_main', { code: 'x', arg: nested(MAX_ARGUMENT_DEPTH + 5) });
    expect(answer).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(answer.error).toMatch(new RegExp(`arg(\\.d)+ is nested deeper than ${MAX_ARGUMENT_DEPTH} levels`));
    // Within the bound, the schema decides (the demo tool takes no `arg`): depth alone is no fault.
    const shallow = await connection.call('electron_demo_eval_main', { code: 'x', arg: nested(MAX_ARGUMENT_DEPTH - 3) });
    expect(shallow.error).toMatch(/unknown parameter arg;/);
  });

  it('refuses a __proto__ key like any unknown parameter instead of dropping it', async () => {
    connection = await connectExample({});
    const answer = await connection.call('electron_demo_echo', JSON.parse('{"text":"hi","__proto__":{"polluted":true}}'));
    expect(answer).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', details: { param: '__proto__' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
