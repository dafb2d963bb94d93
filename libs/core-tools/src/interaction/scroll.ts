import { Params, ToolError, Type, defineTool } from '@stagewright/sdk';
import { ACTION_ERRORS } from '../shared/act.js';
import { optionalTarget } from '../shared/optional-target.js';
import { classifyFailure } from '../shared/classify-failure.js';

const delta = () => Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 }));

export const scrollTool = defineTool({
  name: 'electron_scroll',
  title: 'Scroll',
  description: 'Scroll the page, or an element, by dx/dy pixels.',
  kind: 'action',
  input: Type.Object(
    { dx: delta(), dy: delta(), ref: Params.ref(), selector: Params.selector(), sessionId: Params.sessionId() },
    { additionalProperties: false },
  ),
  detail: {
    notes: 'dx and dy are pixels; positive dy scrolls down. Without an element the wheel turns over the window centre. Returns the resulting scroll position (x, y).',
    errors: [...ACTION_ERRORS],
    example: { dy: 600 },
  },
  async handle(args, ctx) {
    const dx = args.dx ?? 0;
    const dy = args.dy ?? 0;
    if (!dx && !dy) throw new ToolError('BAD_ARGUMENT', 'Pass a non-zero dx or dy.', { details: { accepted: ['dx', 'dy'] } });
    const session = ctx.sessionOrThrow(args.sessionId);
    const locator = await optionalTarget(session, args);
    if (locator) {
      try {
        return await locator.evaluate(
          (el, d) => {
            el.scrollBy(d.dx, d.dy);
            return { x: Math.round(el.scrollLeft), y: Math.round(el.scrollTop) };
          },
          { dx, dy },
          { timeout: 5_000 },
        );
      } catch (error) {
        throw await classifyFailure(error, locator, session, { byRef: args.ref !== undefined, countBefore: 1 });
      }
    }
    const page = session.page();
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
