import { CoreTools, ToolError, Type, defineElementTool, type AnyToolDefinition } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

type Modifier = 'Alt' | 'Control' | 'ControlOrMeta' | 'Meta' | 'Shift';
const MODIFIERS: readonly Modifier[] = ['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift'];

/** Modifier names stay out of the listed schema (ADR-0037); this is their one check. */
function validModifiers(values: string[] | undefined): Modifier[] | undefined {
  if (!values) return undefined;
  const bad = values.find((v) => !(MODIFIERS as readonly string[]).includes(v));
  if (bad !== undefined) {
    throw new ToolError('BAD_ARGUMENT', `modifiers: ${JSON.stringify(bad)} is not one of ${MODIFIERS.join(', ')}.`, {
      details: { param: 'modifiers', accepted: MODIFIERS },
    });
  }
  return values as Modifier[];
}

const click = defineElementTool({
  name: 'electron_click',
  title: 'Click',
  description: 'Click an element.',
  kind: 'action',
  needs: { enabled: true },
  input: {
    button: Type.Optional(Type.Enum(['left', 'right', 'middle'])),
    clickCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    modifiers: Type.Optional(Type.Array(Type.String({ maxLength: 16 }), { maxItems: 4 })),
  },
  detail: {
    notes: 'Waits until the element is visible, stable, enabled and not covered (up to 5 s). clickCount 2 double-clicks.',
    values: { button: ['left', 'right', 'middle'], modifiers: [...MODIFIERS] },
    errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED'],
    example: { ref: 'e12' },
  },
  async handle(args, ctx) {
    const modifiers = validModifiers(args.modifiers);
    await act(ctx, (locator, timeout) => locator.click({ button: args.button, clickCount: args.clickCount, modifiers, timeout }));
    return {};
  },
});

const hover = defineElementTool({
  name: 'electron_hover',
  title: 'Hover',
  description: 'Move the mouse over an element.',
  kind: 'action',
  input: {},
  detail: { notes: 'Useful to reveal menus and tooltips before electron_snapshot.', errors: [...ACTION_ERRORS], example: { ref: 'e4' } },
  async handle(_args, ctx) {
    await act(ctx, (locator, timeout) => locator.hover({ timeout }));
    return {};
  },
});

const drag = defineElementTool({
  name: 'electron_drag',
  title: 'Drag',
  description: 'Drag an element onto a target element.',
  kind: 'action',
  input: { targetRef: Type.Optional(Type.String({ maxLength: 32 })), targetSelector: Type.Optional(Type.String({ maxLength: 1000 })) },
  rules: [{ exactlyOne: ['targetRef', 'targetSelector'] }],
  detail: {
    notes:
      'The source is ref/selector; the drop target is targetRef or targetSelector. Uses mouse down, move and up (HTML5 drag and drop included).',
    errors: [...ACTION_ERRORS],
    example: { ref: 'e3', targetRef: 'e8' },
  },
  async handle(args, ctx) {
    const target = await ctx.session.locate({ ref: args.targetRef, selector: args.targetSelector });
    await act(ctx, (locator, timeout) => locator.dragTo(target, { timeout }));
    return {};
  },
});

const delta = () => Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 }));

const scroll = defineElementTool({
  name: 'electron_scroll',
  title: 'Scroll',
  description: 'Scroll the page, or an element, by dx/dy pixels.',
  kind: 'action',
  target: 'optional',
  input: { dx: delta(), dy: delta() },
  rules: [{ atLeastOne: ['dx', 'dy'] }],
  detail: {
    notes:
      'dx and dy are pixels; positive dy scrolls down. Without an element the wheel turns over the window centre. Returns the resulting scroll position (x, y).',
    errors: [...ACTION_ERRORS],
    example: { dy: 600 },
  },
  async handle(args, ctx) {
    const dx = args.dx ?? 0;
    const dy = args.dy ?? 0;
    if (!dx && !dy)
      throw new ToolError('BAD_ARGUMENT', 'dx and dy are both 0; pass a non-zero dx or dy.', {
        details: { param: 'dy', accepted: ['dx', 'dy'] },
      });
    const { locator, session } = ctx;
    if (locator) {
      return locator.evaluate(
        (el, d) => {
          el.scrollBy(d.dx, d.dy);
          return { x: Math.round(el.scrollLeft), y: Math.round(el.scrollTop) };
        },
        { dx, dy },
        { timeout: 5_000 },
      );
    }
    const page = session.pageOrThrow();
    const size = page.viewportSize() ?? (await page.evaluate(() => ({ width: innerWidth, height: innerHeight })));
    await page.mouse.move(size.width / 2, size.height / 2);
    await page.mouse.wheel(dx, dy);
    return page.evaluate(settledScroll);
  },
});

/** Wheel scrolling may animate: wait until the position holds for a few frames (at most ~1 s). */
function settledScroll(): Promise<{ x: number; y: number }> {
  return new Promise((resolve) => {
    let last = '';
    let same = 0;
    let frames = 0;
    const tick = () => {
      const now = `${Math.round(scrollX)},${Math.round(scrollY)}`;
      same = now === last ? same + 1 : 0;
      last = now;
      if (same >= 3 || ++frames > 60) {
        resolve({ x: Math.round(scrollX), y: Math.round(scrollY) });
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const scrollIntoView = defineElementTool({
  name: CoreTools.scrollIntoView,
  title: 'Scroll into view',
  description: 'Scroll an element into view.',
  kind: 'action',
  input: {},
  detail: { errors: [...ACTION_ERRORS], example: { selector: '#footer' } },
  async handle(_args, ctx) {
    await act(ctx, (locator, timeout) => locator.scrollIntoViewIfNeeded({ timeout }));
    return {};
  },
});

/** Pointing at elements: clicks, hovering, dragging and scrolling. */
export const POINTER_TOOLS: readonly AnyToolDefinition[] = [click, hover, drag, scroll, scrollIntoView];
