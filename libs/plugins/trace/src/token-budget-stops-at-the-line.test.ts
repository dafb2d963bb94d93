// The budget is the operator's cap on what a session may cost: it must refuse the first call made
// once the answers reach it (not one later), keep letting the agent look and end its apps, and
// count the estimate the agent saw, nothing else.
import { describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import { TokenBudget } from './token-budget.js';
import { answerTokens, TokenLedger } from './token-ledger.js';

const answer = (tool: string, tokens: unknown, images = 0) => ({
  tool,
  envelope: { ok: true, _meta: { estimated_tokens: tokens } },
  images,
  startedAt: 0,
});

function refusal(budget: TokenBudget, tool: string): string | undefined {
  try {
    budget.admitOrThrow(tool);
    return undefined;
  } catch (error) {
    return isToolError(error) ? error.code : `not a ToolError: ${String(error)}`;
  }
}

describe('TokenBudget', () => {
  it('admits below the budget, warns from warnAt, refuses from the budget on', () => {
    const ledger = new TokenLedger();
    const budget = new TokenBudget(100, 0.8, ledger);
    ledger.add(answer('electron_snapshot', 79));
    expect(budget.state()).toBe('ok');
    ledger.add(answer('electron_click', 1));
    expect(budget.state()).toBe('warning');
    ledger.add(answer('electron_click', 19));
    expect(refusal(budget, 'electron_click')).toBeUndefined();
    expect(budget.summary()).toEqual({ tokens: 100, used: 99, left: 1, warnAt: 0.8, state: 'warning' });
    ledger.add(answer('electron_click', 1));
    // Exactly at the budget: spent.
    expect(budget.state()).toBe('exceeded');
    expect(refusal(budget, 'electron_click')).toBe('trace.BUDGET_EXCEEDED');
    expect(refusal(budget, 'electron_launch')).toBe('trace.BUDGET_EXCEEDED');
    expect(refusal(budget, 'visual_check')).toBe('trace.BUDGET_EXCEEDED');
    expect(budget.summary()).toMatchObject({ used: 100, left: 0, state: 'exceeded' });
  });

  it('always lets the agent look, stop its trace and end its apps', () => {
    const ledger = new TokenLedger();
    const budget = new TokenBudget(1, 0.8, ledger);
    ledger.add(answer('electron_snapshot', 5));
    for (const tool of [
      'electron_stop',
      'electron_force_kill',
      'electron_detach',
      'electron_status',
      'electron_plugins',
      'trace_stop',
      'trace_tokens',
    ])
      expect(refusal(budget, tool), tool).toBeUndefined();
    // A name that merely contains an exempt one is not exempt.
    expect(refusal(budget, 'electron_stop_all')).toBe('trace.BUDGET_EXCEEDED');
    expect(refusal(budget, 'xtrace_stop')).toBe('trace.BUDGET_EXCEEDED');
  });
});

describe('TokenLedger', () => {
  it('counts the envelope estimate only, images apart, largest first', () => {
    const ledger = new TokenLedger();
    ledger.add(answer('electron_snapshot', 500), 1);
    ledger.add(answer('electron_screenshot', 60, 1), 2);
    ledger.add(answer('electron_snapshot', 700), 3);
    ledger.add(answer('electron_click', 'lots'), 4);
    ledger.add(answer('electron_click', -5), 5);
    const totals = ledger.totals(2);
    expect(totals).toMatchObject({ tokens: 1260, calls: 5, images: 1 });
    expect(totals.byTool).toEqual([
      { tool: 'electron_snapshot', calls: 2, tokens: 1200, images: 0 },
      { tool: 'electron_screenshot', calls: 1, tokens: 60, images: 1 },
      { tool: 'electron_click', calls: 2, tokens: 0, images: 0 },
    ]);
    expect(totals.largest.map((a) => [a.seq, a.tokens])).toEqual([
      [3, 700],
      [1, 500],
    ]);
    expect(answerTokens({ ok: true })).toBe(0);
  });

  it('keeps only the ten largest answers', () => {
    const ledger = new TokenLedger();
    for (let i = 1; i <= 30; i++) ledger.add(answer('electron_get_text', i), i);
    expect(ledger.totals(10).largest.map((a) => a.tokens)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
  });
});
