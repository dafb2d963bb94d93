// What a session costs is what the agent was sent: the totals must add up to the estimates in the
// answers themselves, name the expensive tools, land in the trace footer and the review page,
// and the operator's budget must stop the agent at its line while still letting it end its app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginApp } from '@stagewright/fixtures/login';
import type { Envelope, InMemoryConnection } from '@stagewright/harness';
import { readTrace as parseTrace } from '../../../../../apps/mcp-server/src/trace-cli/read-trace.js';
import { traceHtml } from '../../../../../apps/mcp-server/src/trace-cli/view-html.js';
import { connectTrace, readTrace, traceDir } from './test-support/connect-trace.js';

const BUDGET = 4000;
const WARN_AT = 0.5;

let mcp: InMemoryConnection;
const dir = traceDir();
/** Tokens of every answer this client got, summed from their own `_meta.estimated_tokens`. */
let seen = 0;
const byTool = new Map<string, number>();
const sizes: number[] = [];

async function call(tool: string, args: Record<string, unknown> = {}): Promise<Envelope> {
  const answer = await mcp.call(tool, args);
  const tokens = (answer._meta as { estimated_tokens: number }).estimated_tokens;
  expect(tokens, `${tool} answer has an estimate`).toBeGreaterThan(0);
  seen += tokens;
  byTool.set(tool, (byTool.get(tool) ?? 0) + tokens);
  sizes.push(tokens);
  return answer;
}

const expectedState = (used: number) => (used >= BUDGET ? 'exceeded' : used >= BUDGET * WARN_AT ? 'warning' : 'ok');

beforeAll(async () => {
  mcp = await connectTrace(dir, { budget: { tokens: BUDGET, warnAt: WARN_AT } })();
  expect(await call('trace_start', { name: 'costs' })).toMatchObject({ ok: true });
  expect(await call('electron_launch', { main: loginApp.dir })).toMatchObject({ ok: true });
}, 120_000);

afterAll(async () => {
  await mcp?.close();
});

describe('token costs and the budget, on the login app', () => {
  it('adds up the answers by tool and names the largest', async () => {
    expect(await call('electron_snapshot')).toMatchObject({ ok: true });
    expect(await call('electron_type', { selector: '#username', text: 'Ada' })).toMatchObject({ ok: true });
    expect(await call('electron_get_text', { selector: '#nope', timeoutMs: 300 })).toMatchObject({ ok: false });
    const before = seen;
    // top is the former name of limit (ADR-0041), still read for a plugin tool as for a core one.
    const costs = await call('trace_tokens', { top: 3 });
    expect(costs).toMatchObject({ ok: true, tokens: before, calls: 5, images: 0 });
    const rows = costs.byTool as { tool: string; tokens: number; calls: number }[];
    expect(Object.fromEntries(rows.map((r) => [r.tool, r.tokens]))).toEqual(
      Object.fromEntries([...byTool].filter(([t]) => t !== 'trace_tokens')),
    );
    expect(rows.map((r) => r.tokens)).toEqual([...rows.map((r) => r.tokens)].sort((a, b) => b - a));
    const largest = costs.largest as { tool: string; tokens: number }[];
    expect(largest).toHaveLength(3);
    expect(largest[0].tokens).toBe(Math.max(...sizes.slice(0, -1)));
    expect(costs.budget).toEqual({ tokens: BUDGET, used: before, left: BUDGET - before, warnAt: WARN_AT, state: expectedState(before) });
  });

  it('warns past warnAt, then refuses every call but looking and ending the app', async () => {
    let sawWarning = false;
    let refused: Envelope | undefined;
    for (let i = 0; i < 60 && !refused; i++) {
      const usedBefore = seen;
      const answer = await call('electron_snapshot');
      if (usedBefore >= BUDGET) {
        refused = answer;
        break;
      }
      // Under the line, every call runs.
      expect(answer, `snapshot with ${usedBefore} of ${BUDGET} used`).toMatchObject({ ok: true });
      if (!sawWarning && expectedState(seen) === 'warning') {
        const status = await call('electron_status');
        expect(status.plugins).toMatchObject({ trace: { budget: { state: 'warning' } } });
        sawWarning = true;
      }
    }
    expect(sawWarning).toBe(true);
    expect(refused).toMatchObject({ ok: false, code: 'trace.BUDGET_EXCEEDED', retryable: false, details: { budget: BUDGET } });
    expect(refused?.hint).toMatch(/electron_stop/);
    // Other work is refused, and a refused launch starts nothing.
    expect(await call('electron_type', { selector: '#username', text: 'more' })).toMatchObject({ code: 'trace.BUDGET_EXCEEDED' });
    expect(await call('electron_launch', { main: loginApp.dir })).toMatchObject({ code: 'trace.BUDGET_EXCEEDED' });
    const status = await call('electron_status');
    expect(status).toMatchObject({ ok: true, plugins: { trace: { budget: { state: 'exceeded' } } } });
    expect(status.sessions).toHaveLength(1);
    // No argument lifts the operator's budget.
    expect(await call('trace_tokens', { budget: { tokens: 1e9 } })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await call('trace_tokens')).toMatchObject({ ok: true, budget: { state: 'exceeded' } });
    expect(await call('electron_stop')).toMatchObject({ ok: true });
  });

  it('writes the trace totals into the footer, and the review page shows them', async () => {
    const stopped = await call('trace_stop');
    expect(stopped).toMatchObject({ ok: true });
    const lines = readTrace(stopped.file as string);
    const footer = lines.pop()!;
    const calls = lines.filter((l) => l.type === 'call');
    const sum = calls.reduce((n, c) => n + c.envelope._meta.estimated_tokens, 0);
    expect(footer.tokens).toMatchObject({ tokens: sum, calls: calls.length, images: 0 });
    expect(footer.tokens.byTool.find((r: { tool: string }) => r.tool === 'electron_snapshot').tokens).toBe(byTool.get('electron_snapshot'));
    // The largest answer points at its own line of the trace.
    const top = footer.tokens.largest[0];
    expect(calls.find((c) => c.seq === top.seq)).toMatchObject({ tool: top.tool, envelope: { _meta: { estimated_tokens: top.tokens } } });

    const html = traceHtml(parseTrace(stopped.file as string));
    expect(html).toContain(`<p id="cost-total">${sum} tokens in ${calls.length} answers`);
    expect(html).toMatch(/<table id="cost-by-tool"><tr>.*<\/tr><tr><td><code>electron_snapshot<\/code><\/td>/);
    expect(html).toContain(`<a href="#call-${top.seq}">#${top.seq} <code>${top.tool}</code></a>: ${top.tokens} tokens`);
  });
});
