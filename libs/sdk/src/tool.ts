import Type, { type Static, type TObject, type TProperties } from 'typebox';
import type { ToolContext } from './context.js';
import type { ArgumentRule } from './params.js';
import type { ImpersonationGrant } from './impersonation.js';

/**
 * What a tool does to the app. The kernel maps it to MCP annotations in one function; no tool
 * sets annotations by hand.
 */
export type ToolKind = 'read' | 'action' | 'assert' | 'destructive';
export const TOOL_KINDS: readonly ToolKind[] = ['read', 'action', 'assert', 'destructive'];

/** Eval gates: a gated tool is listed and callable only with the matching `--allow-eval` grant. */
export type EvalGate = 'eval:main' | 'eval:renderer';

/**
 * Detail a model needs only after it has chosen a tool (ADR-0037). Served by the
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

/** What every definer takes (defineTool, defineSessionTool, defineElementTool): one shape. */
export interface ToolSpec<P extends TProperties, C = ToolContext> {
  /** `electron_<verb>[_<noun>]` for core tools; short name for plugin tools (namespaced at load). */
  name: string;
  /** Human title shown by hosts. */
  title: string;
  /** One or two short sentences that say when to use the tool. */
  description: string;
  kind: ToolKind;
  gate?: EvalGate;
  /**
   * The tool answers or writes as something the app trusts (its server, storage or IPC peers):
   * listed and callable only with `--allow-impersonation=<grant>` (ADR-0034), on top of any gate.
   */
  impersonates?: ImpersonationGrant;
  /** The tool's own parameters; the definer closes them into an object schema (no extra properties). */
  input: P;
  /** Exclusivity and at-least-one rules between optional parameters, enforced before the handler. */
  rules?: readonly ArgumentRule[];
  detail?: ToolDetail;
  /** Names the tool had before (ADR-0041): still accepted in a call, never listed. */
  formerNames?: readonly string[];
  /** Parameters renamed since (old -> current, ADR-0041): an old name in a call is read as the current one, never listed. */
  formerParams?: Readonly<Record<string, string>>;
  handle(args: Static<TObject<P>>, ctx: C): unknown | Promise<unknown>;
}

/** A registered tool as the kernel stores it. */
export interface ToolDefinition<P extends TProperties = TProperties> extends Omit<ToolSpec<P>, 'input'> {
  /** Input schema: an object with `additionalProperties: false`. */
  input: TObject<P>;
}

/** Type-erased form the kernel stores: handlers receive already-validated args. */
export type AnyToolDefinition = ToolDefinition<any>;

/** A closed object schema of the given properties. */
export function closedInput<P extends TProperties>(properties: P): TObject<P> {
  return Type.Object(properties, { additionalProperties: false });
}

/** Identity-like helper: closes `input` and gives the handler `Static<typeof input>` without annotations. */
export function defineTool<P extends TProperties>(spec: ToolSpec<P>): ToolDefinition<P> {
  return { ...spec, input: closedInput(spec.input) };
}

/**
 * A named family of tools, registered as a value under the TOOL_MODULE multi-token; the kernel
 * resolves them all. The name groups tools in the generated reference (`lifecycle`, `read`...).
 */
export interface ToolModule {
  readonly name: string;
  readonly tools: readonly AnyToolDefinition[];
}
