import type { Static, TObject, TProperties } from 'typebox';
import type { Locator } from 'playwright-core';
import { explainSessionFailure } from './session-failure.js';
import { Params } from './params.js';
import { isToolError } from './errors.js';
import { defineTool, type ToolDefinition, type ToolSpec } from './tool.js';
import { SESSION_ERRORS, withErrors, type SessionToolContext } from './session-tool.js';
import type { ArgumentRule } from './argument-rules.js';

export type TargetProps = {
  ref: ReturnType<typeof Params.ref>;
  selector: ReturnType<typeof Params.selector>;
  sessionId: ReturnType<typeof Params.sessionId>;
};

/**
 * How an element tool treats its target:
 * - `required` (default): exactly one of ref or selector, resolved to a locator.
 * - `optional`: at most one; none means the page or the focused element (locator undefined).
 * - `absent-ok`: exactly one, and a ref whose element has left the page resolves to no locator
 *   instead of REF_NOT_FOUND, for tools where absence is an answer (exists, hidden waits).
 */
export type TargetMode = 'required' | 'optional' | 'absent-ok';

export interface ElementToolContext<L extends Locator | undefined = Locator> extends SessionToolContext {
  /** The resolved element (see TargetMode for when it is undefined). */
  readonly locator: L;
  /** The target was a ref: it resolved once, so no match afterwards means the element detached. */
  readonly byRef: boolean;
}

type Args<P extends TProperties> = Static<TObject<P & TargetProps>>;

interface ElementSpec<P extends TProperties, L extends Locator | undefined> extends Omit<ToolSpec<P, ElementToolContext<L>>, 'handle'> {
  handle(args: Args<P>, ctx: ElementToolContext<L>): unknown | Promise<unknown>;
}

export interface RequiredTargetSpec<P extends TProperties> extends ElementSpec<P, Locator> {
  target?: 'required';
}
export interface OptionalTargetSpec<P extends TProperties> extends ElementSpec<P, Locator | undefined> {
  target: 'optional';
}
export interface AbsentOkTargetSpec<P extends TProperties> extends ElementSpec<P, Locator | undefined> {
  target: 'absent-ok';
  /** When absence answers this call (default: always). Otherwise a stale ref is REF_NOT_FOUND. */
  absentOk?(args: Args<P>): boolean;
}

/** Codes resolving a target can return, documented by every element tool. */
export const TARGET_ERRORS = [...SESSION_ERRORS, 'WINDOW_NOT_FOUND', 'REF_NOT_FOUND', 'RENDERER_UNRESPONSIVE'] as const;

const targetRules = (mode: TargetMode): ArgumentRule[] =>
  mode === 'optional' ? [{ atMostOne: ['ref', 'selector'] }] : [{ exactlyOne: ['ref', 'selector'] }];

/**
 * A tool that acts on or reads one element. Adds `ref`, `selector` and `sessionId`, declares the
 * target rule (checked by the kernel's validation), resolves the session and the element before
 * the handler runs, and documents the codes that resolution can return.
 */
export function defineElementTool<P extends TProperties>(spec: RequiredTargetSpec<P>): ToolDefinition<P & TargetProps>;
export function defineElementTool<P extends TProperties>(
  spec: OptionalTargetSpec<P> | AbsentOkTargetSpec<P>,
): ToolDefinition<P & TargetProps>;
export function defineElementTool<P extends TProperties>(
  spec: RequiredTargetSpec<P> | OptionalTargetSpec<P> | AbsentOkTargetSpec<P>,
): ToolDefinition<P & TargetProps> {
  const mode: TargetMode = spec.target ?? 'required';
  const absentOk = spec.target === 'absent-ok' ? (spec.absentOk ?? (() => true)) : () => false;
  const alwaysAbsentOk = spec.target === 'absent-ok' && !spec.absentOk;
  const contributed = TARGET_ERRORS.filter((code) => !(alwaysAbsentOk && code === 'REF_NOT_FOUND'));
  const { handle, target: _mode, ...rest } = spec as RequiredTargetSpec<P>;
  return defineTool({
    ...rest,
    input: { ref: Params.ref(), selector: Params.selector(), sessionId: Params.sessionId(), ...spec.input } as P & TargetProps,
    rules: [...targetRules(mode), ...(spec.rules ?? [])],
    detail: withErrors(spec.detail, contributed),
    async handle(args, ctx) {
      const { ref, selector, sessionId } = args as { ref?: string; selector?: string; sessionId?: string };
      const session = await ctx.sessionOrThrow(sessionId);
      const byRef = ref !== undefined;
      let locator: Locator | undefined;
      if (ref !== undefined || selector !== undefined) {
        try {
          locator = await session.locate({ ref, selector });
        } catch (error) {
          if (!(isToolError(error) && error.code === 'REF_NOT_FOUND' && absentOk(args as Args<P>))) throw error;
        }
      }
      try {
        return await (handle as ElementSpec<P, Locator | undefined>['handle'])(args as Args<P>, { ...ctx, session, locator, byRef });
      } catch (error) {
        throw await explainSessionFailure(error, ctx, session);
      }
    },
  });
}
