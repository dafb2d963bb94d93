import { CoreTools, ToolError, Type, type Logger } from '@stagewright/sdk';
import type { TokenLedger } from './token-ledger.js';

/** The operator's budget (plugin config `budget`); the agent has no tool that sets or resets it. */
export const BudgetSetting = Type.Optional(
  Type.Object(
    {
      tokens: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
      warnAt: Type.Number({ minimum: 0.05, maximum: 1, default: 0.8 }),
    },
    { additionalProperties: false },
  ),
);

/**
 * Tools a spent budget still lets through: the agent must be able to see why it is stopped
 * (electron_status, electron_plugins, trace_*), stop its trace and end its apps cleanly rather
 * than leave them running. None of them does new work on an app.
 */
const ALWAYS_ALLOWED: ReadonlySet<string> = new Set([
  CoreTools.stop,
  CoreTools.forceKill,
  CoreTools.detach,
  CoreTools.status,
  CoreTools.plugins,
]);

export const isBudgetExempt = (tool: string) => ALWAYS_ALLOWED.has(tool) || tool.startsWith('trace_');

export type BudgetState = 'ok' | 'warning' | 'exceeded';

export interface BudgetSummary {
  tokens: number;
  used: number;
  left: number;
  warnAt: number;
  state: BudgetState;
}

/**
 * A cap on the tokens of the answers one server sends, counted by the server-wide ledger. Past
 * `warnAt` of it the state is `warning` (server log once, electron_status, trace_tokens); once
 * the answers reach it, every further call but the exempt ones is refused before its handler runs
 * (trace.BUDGET_EXCEEDED, through the plugin guard). The check runs before a call and the cost is
 * known only after it, so the call that crosses the line completes: the total can pass the budget
 * by at most that one answer.
 */
export class TokenBudget {
  private warned = false;

  constructor(
    readonly tokens: number,
    readonly warnAt: number,
    private readonly ledger: TokenLedger,
    private readonly log?: Logger,
  ) {}

  state(): BudgetState {
    if (this.ledger.tokens >= this.tokens) return 'exceeded';
    return this.ledger.tokens >= this.tokens * this.warnAt ? 'warning' : 'ok';
  }

  summary(): BudgetSummary {
    const used = this.ledger.tokens;
    return { tokens: this.tokens, used, left: Math.max(0, this.tokens - used), warnAt: this.warnAt, state: this.state() };
  }

  /** The guard's check: throws trace.BUDGET_EXCEEDED for a non-exempt call once the budget is spent. */
  admitOrThrow(tool: string): void {
    if (isBudgetExempt(tool) || this.ledger.tokens < this.tokens) return;
    throw new ToolError(
      'trace.BUDGET_EXCEEDED',
      `The operator's budget of ${this.tokens} answer tokens is spent (${this.ledger.tokens} used); ${tool} was not run.`,
      { details: { budget: this.tokens, used: this.ledger.tokens, allowed: [...ALWAYS_ALLOWED, 'trace_*'] } },
    );
  }

  /** After each answer: tells the operator once when the warning line is crossed. */
  afterAnswer(): void {
    if (this.warned || this.state() === 'ok') return;
    this.warned = true;
    this.log?.warn(`trace: ${this.ledger.tokens} of the ${this.tokens}-token budget used (warning at ${Math.round(this.warnAt * 100)}%)`);
  }
}
