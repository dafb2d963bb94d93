// Eval is the escape hatch: it exists only when the operator grants it, reports the code's own
// error, refuses oversized results, and a runaway loop ends cleanly with the session still usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApp } from '../test-support/with-app.js';
import { connect, ok } from '../test-support/mcp.js';
import { openSignals, type SignalsApp } from '../test-support/signals.js';

describe('eval tools are visible only with their grant', () => {
  it('lists neither without --allow-eval, and only the granted one with a target', async () => {
    const plain = await connect();
    try {
      const names = (await plain.client.listTools()).tools.map((t) => t.name);
      expect(names.filter((n) => n.startsWith('electron_eval'))).toEqual([]);
      expect((await plain.call('electron_eval_renderer', { code: 'return 1' })).code).toBe('EVAL_NOT_ALLOWED');
    } finally {
      await plain.close();
    }
    const renderer = await connect({ allowEval: ['renderer'] });
    try {
      const names = (await renderer.client.listTools()).tools.map((t) => t.name);
      expect(names.filter((n) => n.startsWith('electron_eval'))).toEqual(['electron_eval_renderer']);
    } finally {
      await renderer.close();
    }
  });

  it('refuses electron_eval_main with only the renderer grant, on a live app, while the renderer grant works', async () => {
    await withApp(
      'troublesome',
      async (app) => {
        const refused = await app.call('electron_eval_main', { code: 'globalThis.ranFromAgent = true; return 1;' });
        expect(refused).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
        expect(refused.error).toContain('--allow-eval=main');
        expect((await ok(app, 'electron_eval_renderer', { code: 'return 1 + 1;' })).result).toBe(2);
        expect((await ok(app, 'electron_get_text', { selector: 'h1' })).text).toBe('Troublesome');
      },
      { allowEval: ['renderer'] },
    );
  });
});

describe('eval on the signals app', () => {
  let app: SignalsApp;

  beforeAll(async () => {
    app = await openSignals({ allowEval: true });
  });
  afterAll(async () => app?.close());

  it('runs a renderer body with a JSON arg and returns JSON', async () => {
    expect(
      (await app.ok('electron_eval_renderer', { code: 'return { title: document.title, n: arg.n + 1 };', arg: { n: 41 } })).result,
    ).toEqual({ title: 'Signals', n: 42 });
    expect((await app.ok('electron_eval_renderer', { code: 'await Promise.resolve(); document.title = "Changed";' })).result).toBeNull();
    expect((await app.ok('electron_eval_renderer', { code: 'return document.title;' })).result).toBe('Changed');
  });

  it('reports a throw or a syntax error as EVAL_ERROR with the message', async () => {
    const thrown = await app.call('electron_eval_renderer', { code: 'throw new Error("boom " + arg)', arg: 7 });
    expect(thrown.code).toBe('EVAL_ERROR');
    expect(thrown.error).toContain('boom 7');
    expect((await app.call('electron_eval_renderer', { code: 'return )(' })).code).toBe('EVAL_ERROR');
  });

  it('refuses oversized or unserialisable results', async () => {
    const big = await app.call('electron_eval_renderer', { code: 'return "x".repeat(100000);' });
    expect(big.code).toBe('RESULT_TOO_LARGE');
    expect(big.details).toMatchObject({ limit: 20_000 });
    const cyclic = await app.call('electron_eval_renderer', { code: 'const a = {}; a.a = a; return a;' });
    expect(cyclic.code).toBe('EVAL_ERROR');
  });

  it('ends an infinite loop with EVAL_TIMEOUT and the page answers again', async () => {
    const looped = await app.call('electron_eval_renderer', { code: 'while (true) {}', timeoutMs: 1_000 });
    expect(looped.code).toBe('EVAL_TIMEOUT');
    expect(looped.details).toEqual({ terminated: true, responsive: true });
    expect((await app.ok('electron_get_text', { selector: 'h1' })).text).toBe('Signals');
  });

  it('ends a body that awaits forever without terminating anything', async () => {
    const waiting = await app.call('electron_eval_renderer', { code: 'await new Promise(() => {});', timeoutMs: 300 });
    expect(waiting.code).toBe('EVAL_TIMEOUT');
    expect(waiting.details).toEqual({ terminated: false, responsive: true });
    expect((await app.ok('electron_eval_renderer', { code: 'return 2 + 2;' })).result).toBe(4);
  });

  it('runs a main-process body with electron and arg in scope', async () => {
    expect(
      (await app.ok('electron_eval_main', { code: 'return { name: electron.app.getName(), twice: arg * 2 };', arg: 21 })).result,
    ).toMatchObject({ twice: 42 });
    const thrown = await app.call('electron_eval_main', { code: 'throw new Error("main boom")' });
    expect(thrown.code).toBe('EVAL_ERROR');
    expect(thrown.error).toContain('main boom');
    expect((await app.call('electron_eval_main', { code: 'return "y".repeat(50000);' })).code).toBe('RESULT_TOO_LARGE');
  });

  it('times out a main-process body and says the main process still answers', async () => {
    const waiting = await app.call('electron_eval_main', { code: 'await new Promise(() => {});', timeoutMs: 300 });
    expect(waiting.code).toBe('EVAL_TIMEOUT');
    expect(waiting.details).toEqual({ mainResponsive: true });
    expect((await app.ok('electron_eval_main', { code: 'return arg;', arg: 'still here' })).result).toBe('still here');
  });
});

describe('eval on a renderer the app itself hung', () => {
  it('reads say the page is unresponsive; eval stops the loop and the session works again', async () => {
    await withApp(
      'troublesome',
      async (app) => {
        // The app's own hang button, pressed from inside the page: electron_click would wait on the hung handler.
        await ok(app, 'electron_eval_renderer', { code: 'setTimeout(() => document.getElementById("hang").click(), 0); return true;' });
        // The handler tells main before it spins: once main has heard it, the page is hung, whatever the load.
        const HEARD = 'return globalThis.troublesomeFixture.events.includes("hanging");';
        await expect.poll(async () => (await ok(app, 'electron_eval_main', { code: HEARD })).result, { timeout: 10_000 }).toBe(true);
        const stuck = await app.call('electron_get_text', { selector: 'h1' });
        expect(stuck.code).toBe('RENDERER_UNRESPONSIVE');
        const rescued = await app.call('electron_eval_renderer', { code: 'return 1;', timeoutMs: 1_000 });
        expect(rescued.code).toBe('EVAL_TIMEOUT');
        expect(rescued.details).toEqual({ terminated: true, responsive: true });
        const text = await app.call('electron_get_text', { selector: 'h1' });
        expect(text).toMatchObject({ ok: true, text: 'Troublesome' });
      },
      { allowEval: true },
    );
  });
});
