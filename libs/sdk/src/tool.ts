import type { Static, TObject, TProperties } from 'typebox';
import type { ToolContext } from './context.js';

/**
 * What a tool does to the app. The kernel maps it to MCP annotations in one function; no tool
 * sets annotations by hand.
 */
export type ToolKind = 'read' | 'action' | 'assert' | 'destructive';
export const TOOL_KINDS: readonly ToolKind[] = ['read', 'action', 'assert', 'destructive'];

/** Eval gates: a gated tool is listed and callable only with the matching `--allow-eval` grant. */
export type EvalGate = 'eval:main' | 'eval:renderer';

/**
 * Detail a model needs only after it has chosen a tool (ADR-0050). Served by the
 * `stagewright://tools` resource, never in `tools/list`.
 */
export interface ToolDetail {
  /** Usage notes: when to prefer this tool, what the result holds. */
  notes?: string;
  /** Valid values per parameter that the schema does not spell out. */
  values?: Record<string, readonly (string | number)[]>;
  /** Shapes of structured parameters or results, in prose or TypeScript-ish notation. */
  shapes?: Record<string, string>;
  /** Error codes the handler can return (beyond the dispatcher's BAD_ARGUMENT). */
  errors?: readonly string[];
  /** A short example call. */
  example?: Record<string, unknown>;
}

export interface ToolDefinition<P extends TProperties = TProperties> {
  /** `electron_<verb>[_<noun>]` for core tools; short name for plugin tools (namespaced at load). */
  name: string;
  /** Human title shown by hosts. */
  title: string;
  /** One or two short sentences that say when to use the tool. */
  description: string;
  kind: ToolKind;
  gate?: EvalGate;
  /** Input schema. Must be an object with `additionalProperties: false`. */
  input: TObject<P>;
  detail?: ToolDetail;
  handle(args: Static<TObject<P>>, ctx: ToolContext): unknown | Promise<unknown>;
}

/** Type-erased form the kernel stores: handlers receive already-validated args. */
export type AnyToolDefinition = ToolDefinition<any>;

/** Identity helper: gives the handler `Static<typeof input>` without annotations at the call site. */
export function defineTool<P extends TProperties>(def: ToolDefinition<P>): ToolDefinition<P> {
  return def;
}

/**
 * A module of tools. Core modules are injectables registered under the TOOL_MODULE multi-token;
 * the kernel resolves them all.
 */
export interface ToolModule {
  /** Module name, for diagnostics (`lifecycle`, `snapshot`, ...). */
  readonly name: string;
  tools(): readonly AnyToolDefinition[];
}
