import Type, { type Static, type TObject, type TProperties } from 'typebox';
import type { Locator } from 'playwright-core';
import { defineTool, type ToolDefinition, type ToolKind, type ToolDetail } from './tool.js';
import type { ToolContext } from './context.js';
import type { Session } from './session.js';
import { Params } from './params.js';
import { ToolError } from './errors.js';

const targetProps = () => ({ ref: Params.ref(), selector: Params.selector(), sessionId: Params.sessionId() });
type TargetProps = ReturnType<typeof targetProps>;

export interface ElementToolContext extends ToolContext {
  session: Session;
  locator: Locator;
}

export interface ElementToolDefinition<P extends TProperties> {
  name: string;
  title: string;
  description: string;
  kind: ToolKind;
  /** Tool-specific properties; ref, selector and sessionId are added. */
  input: P;
  detail?: ToolDetail;
  handle(args: Static<TObject<P & TargetProps>>, ctx: ElementToolContext): unknown | Promise<unknown>;
}

/**
 * Element tools take exactly one of `ref` or `selector` plus an optional `sessionId`. This helper
 * adds those parameters and resolves them to a Locator once, so no handler repeats the checks.
 */
export function defineElementTool<P extends TProperties>(def: ElementToolDefinition<P>): ToolDefinition<P & TargetProps> {
  const input = Type.Object({ ...targetProps(), ...def.input } as P & TargetProps, { additionalProperties: false });
  const errors = ['REF_NOT_FOUND', 'ELEMENT_NOT_FOUND', ...(def.detail?.errors ?? [])];
  return defineTool({
    name: def.name,
    title: def.title,
    description: def.description,
    kind: def.kind,
    input,
    detail: { ...def.detail, errors: [...new Set(errors)] },
    async handle(args, ctx) {
      const { ref, selector } = args as { ref?: string; selector?: string };
      if ((ref === undefined) === (selector === undefined)) {
        throw new ToolError('BAD_ARGUMENT', 'Pass exactly one of ref or selector.', {
          details: { accepted: ['ref', 'selector'] },
          next: ['electron_snapshot'],
        });
      }
      const session = ctx.sessionOrThrow((args as { sessionId?: string }).sessionId);
      const locator = await session.locate({ ref, selector });
      return def.handle(args, { ...ctx, session, locator });
    },
  });
}
