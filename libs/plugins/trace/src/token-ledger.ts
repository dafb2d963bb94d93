import type { DispatchRecord } from '@stagewright/sdk';

/** What one tool's answers cost so far. */
export interface ToolCost {
  calls: number;
  tokens: number;
  images: number;
}

/** One of the largest answers: `seq` is its line in the trace file when it was written there. */
export interface LargeAnswer {
  tool: string;
  tokens: number;
  at: string;
  seq?: number;
}

/** The totals as the trace footer and trace_tokens carry them. */
export interface TokenTotals {
  /** Sum of the answers' `_meta.estimated_tokens`: the server's calibrated estimate (ADR-0017). */
  tokens: number;
  calls: number;
  /** Image blocks sent beside the answers (screenshots); their cost is not in `tokens`. */
  images: number;
  /** Tools by tokens, most expensive first. */
  byTool: ({ tool: string } & ToolCost)[];
  largest: LargeAnswer[];
}

/** How many of the largest answers a ledger keeps. */
export const LARGEST_KEPT = 10;

/**
 * The server's own token estimate of an answer, read from its envelope. Not re-counted here: the
 * estimate is the one the agent saw in `_meta`, computed by the kernel on the exact text it sent,
 * so the plugin ships no tokenizer and cannot disagree with the answers. A crafted or missing
 * value counts as 0.
 */
export function answerTokens(envelope: Readonly<Record<string, unknown>>): number {
  const meta = envelope._meta as { estimated_tokens?: unknown } | undefined;
  const n = meta?.estimated_tokens;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

/** Running token totals of the answers a server (or one trace) has sent. */
export class TokenLedger {
  tokens = 0;
  calls = 0;
  images = 0;
  private readonly tools = new Map<string, ToolCost>();
  private readonly largest: LargeAnswer[] = [];

  add(record: Pick<DispatchRecord, 'tool' | 'envelope' | 'images' | 'startedAt'>, seq?: number): number {
    const tokens = answerTokens(record.envelope);
    const images = Number.isInteger(record.images) && record.images > 0 ? record.images : 0;
    this.tokens += tokens;
    this.calls++;
    this.images += images;
    const cost = this.tools.get(record.tool) ?? { calls: 0, tokens: 0, images: 0 };
    cost.calls++;
    cost.tokens += tokens;
    cost.images += images;
    this.tools.set(record.tool, cost);
    this.keepIfLarge({ tool: record.tool, tokens, at: new Date(record.startedAt).toISOString(), ...(seq ? { seq } : {}) });
    return tokens;
  }

  totals(top = LARGEST_KEPT): TokenTotals {
    const byTool = [...this.tools]
      .map(([tool, cost]) => ({ tool, ...cost }))
      .sort((a, b) => b.tokens - a.tokens || a.tool.localeCompare(b.tool));
    return { tokens: this.tokens, calls: this.calls, images: this.images, byTool, largest: this.largest.slice(0, top) };
  }

  private keepIfLarge(answer: LargeAnswer): void {
    if (this.largest.length >= LARGEST_KEPT && answer.tokens <= this.largest[this.largest.length - 1].tokens) return;
    this.largest.push(answer);
    // Stable: of equal answers the earlier stays first.
    this.largest.sort((a, b) => b.tokens - a.tokens);
    this.largest.length = Math.min(this.largest.length, LARGEST_KEPT);
  }
}
