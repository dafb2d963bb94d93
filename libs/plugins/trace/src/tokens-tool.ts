import { defineTool, Type } from '@stagewright/sdk';
import type { TokenBudget } from './token-budget.js';
import { LARGEST_KEPT, type TokenLedger } from './token-ledger.js';

/**
 * trace_tokens: what this server's answers have cost so far, by tool, and the largest of them,
 * with the operator's budget when one is set. Reads counters only: no tracing needed, nothing
 * dispatched, nothing changed (the budget cannot be set or reset by any tool).
 */
export function tokensTool(costs: { ledger: TokenLedger; budget?: TokenBudget }) {
  return defineTool({
    name: 'tokens',
    title: 'Token costs',
    description: 'What this session has cost so far: answer tokens by tool and the largest answers.',
    kind: 'read',
    input: {
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LARGEST_KEPT, description: 'largest answers to list (default 5)' })),
    },
    formerParams: { top: 'limit' },
    detail: {
      notes:
        'Counts every answer this server sent since it started (trace_* included), whether or not a trace is recording. ' +
        "tokens: the sum of the answers' _meta.estimated_tokens, the server's calibrated estimate of the text (within about 10% of a BPE tokenizer); images sent beside answers are counted apart (images), not in tokens; arguments are not counted. " +
        'Returns { tokens, calls, images, byTool: [{ tool, calls, tokens, images }] most expensive first, largest: [{ tool, tokens, at }], budget? }. ' +
        'budget (when the operator set plugin config budget: { tokens, warnAt }): { tokens, used, left, warnAt, state: ok | warning | exceeded }. Once exceeded, every call but electron_stop, electron_force_kill, electron_detach, electron_status, electron_plugins and trace_* answers trace.BUDGET_EXCEEDED. ' +
        "trace_stop writes the same figures for the trace's own calls into the trace footer; `stagewright trace view` shows them.",
      example: { limit: 3 },
    },
    handle: (args) => {
      return { ...costs.ledger.totals(args.limit ?? 5), ...(costs.budget ? { budget: costs.budget.summary() } : {}) };
    },
  });
}
