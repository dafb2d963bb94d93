import type { Static, TObject, TProperties } from 'typebox';
import type { Locator } from 'playwright-core';
import type { ElementNeeds } from './failure.js';
import { Params } from './params.js';
import { isToolError } from './errors.js';
import { defineTool, type ToolDefinition, type ToolSpec } from './tool.js';
import { SESSION_ERRORS, withErrors, type SessionToolContext } from './session-tool.js';
import type { ArgumentRule } from './params.js';
import type { ActionWatch, Session } from './session.js';
import { runAction } from './action-effects.js';
import { secretFieldValues } from './secret-fields.js';
import { within } from './within.js';

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
  /**
   * Arguments that are secrets when the target is a secret field (PLUGIN_API 1.2; see
   * secretFieldValues): the text a typing tool enters, the value an expect compares. Before the
   * handler runs, the target (or, with no target, the focused element) is checked and these are
   * marked sensitive; a check that fails marks them too.
   */
  secretArgs?: readonly (keyof P & string)[];
  /** What the tool's action needs of its element (see ElementNeeds); the translator checks these when the call fails. */
  needs?: ElementNeeds;
  /**
   * Whether the answer says what the call caused (`caused`: windows, URL, reload, dialog, page errors; ADR-0020, ADR-0044).
   * Default: true for kind `action`. A capture (a screenshot written to a file) says false.
   */
  effects?: boolean;
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
 * the handler runs, and documents the codes that resolution can return. Its one catch hands any
 * failure, with the element, to session.explainFailure.
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
  const { handle, target: _mode, secretArgs, needs, effects, ...rest } = spec as RequiredTargetSpec<P>;
  const watched = effects ?? spec.kind === 'action';
  return defineTool({
    ...rest,
    input: { ref: Params.ref(), selector: Params.selector(), sessionId: Params.sessionId(), ...spec.input } as P & TargetProps,
    rules: [...targetRules(mode), ...(spec.rules ?? [])],
    detail: withErrors(spec.detail, contributed),
    async handle(args, ctx) {
      const { ref, selector, sessionId } = args as { ref?: string; selector?: string; sessionId?: string };
      // The call's one liveness check; after it, failures are the translator's to explain.
      const session = await ctx.sessionOrThrow(sessionId);
      const byRef = ref !== undefined;
      let locator: Locator | undefined;
      const explain = (error: unknown, watch?: ActionWatch) =>
        session.explainFailure(error, locator ? { locator, byRef, needs } : undefined, watch);
      const body = async () => {
        if (ref !== undefined || selector !== undefined) {
          try {
            locator = await session.locate({ ref, selector });
          } catch (error) {
            if (!(isToolError(error) && error.code === 'REF_NOT_FOUND' && absentOk(args as Args<P>))) throw error;
          }
        }
        if (secretArgs?.length && (await touchesSecretField(session, locator, ref !== undefined || selector !== undefined))) {
          ctx.markSensitive({ args: secretArgs.map((name) => `/${name}`) });
        }
        return await (handle as ElementSpec<P, Locator | undefined>['handle'])(args as Args<P>, { ...ctx, session, locator, byRef });
      };
      if (watched) return runAction(session, body, explain);
      try {
        return await body();
      } catch (error) {
        throw await explain(error);
      }
    },
  });
}

/**
 * Whether a call acts on a secret field: any element the target matches, or the focused element
 * when there is no target. Fails closed: a check that cannot run counts as secret.
 */
function touchesSecretField(session: Session, locator: Locator | undefined, targeted: boolean): Promise<boolean> {
  return within(isSecretTarget(session, locator, targeted), SECRET_CHECK_MS, () => true).catch(() => true);
}

/** A renderer too busy to answer this is also too busy to take the text: fail closed, quickly. */
const SECRET_CHECK_MS = 2_000;

async function isSecretTarget(session: Session, locator: Locator | undefined, targeted: boolean): Promise<boolean> {
  if (!targeted) return (await session.surfaceOrThrow().evaluate(secretFieldValues, 'focused' as const)).length > 0;
  if (!locator) return false;
  // Element handles: refs resolve in Playwright's utility world, and a handle never waits.
  const handles = await locator.elementHandles();
  try {
    for (const handle of handles) if ((await handle.evaluate(secretFieldValues as (el: Node) => string[])).length > 0) return true;
    return false;
  } finally {
    for (const handle of handles) void handle.dispose().catch(() => undefined);
  }
}
