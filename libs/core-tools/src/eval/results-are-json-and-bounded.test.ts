// Eval results cross the wire as JSON: the wrapper must serialise inside the app, refuse a huge
// value before it is sent, and turn undefined and unserialisable values into clear answers.
import { describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import { MAX_RESULT_CHARS, evalMessage, unwrapResult, wrapBody } from './wrap-body.js';

type Run = (arg: unknown) => Promise<unknown>;
const AsyncFunction = (async () => undefined).constructor as new (...args: string[]) => Run;
const run = (code: string, arg: unknown = null) => new AsyncFunction('arg', wrapBody(code))(arg);
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return isToolError(error) ? error.code : 'not a ToolError';
  }
};

describe('wrapped eval bodies', () => {
  it('return JSON values with arg in scope, and undefined as null', async () => {
    expect(unwrapResult(await run('return { n: arg.n * 2, list: [1, "a"] };', { n: 21 }))).toEqual({ result: { n: 42, list: [1, 'a'] } });
    expect(unwrapResult(await run('await null;'))).toEqual({ result: null });
    expect(unwrapResult(await run('return () => 1;'))).toEqual({ result: null });
  });

  it('keep a trailing line comment from swallowing the wrapper', async () => {
    expect(unwrapResult(await run('return 5 // done'))).toEqual({ result: 5 });
  });

  it('refuse results over the bound with their size, and cyclic values as EVAL_ERROR', async () => {
    const big = await run(`return "x".repeat(${MAX_RESULT_CHARS + 10});`);
    expect(codeOf(() => unwrapResult(big))).toBe('RESULT_TOO_LARGE');
    const cyclic = await run('const a = {}; a.self = a; return a;');
    expect(codeOf(() => unwrapResult(cyclic))).toBe('EVAL_ERROR');
  });

  it('strip the Playwright call prefix and stack from messages', () => {
    expect(evalMessage(new Error('page.evaluate: Error: boom\n    at eval (x.js:1:1)'))).toBe('Error: boom');
  });
});
