import { encode } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * The figures of one host-visible listing. BPE is gpt-tokenizer's o200k_base encoding: a public
 * proxy for what a host pays, not a claim about any host's private tokenizer (ADR-0035). One
 * measurement for the workspace's manifest-check (benchmarks/bench) and for
 * `stagewright plugin check`, which bundles this library (ADR-0024).
 */
export const TOKENIZER = 'o200k_base';

/** How many of the largest tools a measurement keeps by name (ADR-0035: the ten largest). */
export const LARGEST_COUNT = 10;

export interface ToolBpe {
  name: string;
  bpe: number;
}

export interface VariantMeasurement {
  toolCount: number;
  /** Unicode code points of `JSON.stringify({ tools })`. */
  codePoints: number;
  /** UTF-8 bytes of the same string. */
  bytes: number;
  /** BPE tokens of the same string. */
  bpe: number;
  /** Mean of the per-tool BPE (each tool serialized alone), one decimal (ADR-0037's average). */
  averageBpe: number;
  /** Tool names in the order the server listed them (canonical: sorted). */
  names: string[];
  /** The largest tools by BPE, largest first, ties by name. */
  largest: ToolBpe[];
  /** Every tool's BPE, in listing order. */
  perTool: ToolBpe[];
}

/** The part of an MCP tool the figures need; everything else is serialized as received. */
export interface ListedTool {
  name: string;
  [key: string]: unknown;
}

export function countBpe(text: string): number {
  return encode(text).length;
}

/** Figures of exactly `JSON.stringify({ tools })`, the payload a host receives for tools/list. */
export function measureTools(tools: readonly ListedTool[]): VariantMeasurement {
  const payload = JSON.stringify({ tools });
  const perTool = tools.map((tool) => ({ name: tool.name, bpe: countBpe(JSON.stringify(tool)) }));
  const sum = perTool.reduce((total, tool) => total + tool.bpe, 0);
  const largest = [...perTool].sort((a, b) => b.bpe - a.bpe || a.name.localeCompare(b.name)).slice(0, LARGEST_COUNT);
  return {
    toolCount: tools.length,
    codePoints: [...payload].length,
    bytes: Buffer.byteLength(payload, 'utf8'),
    bpe: countBpe(payload),
    averageBpe: tools.length === 0 ? 0 : Math.round((sum / tools.length) * 10) / 10,
    names: tools.map((tool) => tool.name),
    largest,
    perTool,
  };
}
