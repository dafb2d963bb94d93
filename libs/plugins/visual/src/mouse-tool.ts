import type { Page } from 'playwright-core';
import { ToolError, Type, defineSessionTool, unresponsiveAfter, within } from '@stagewright/sdk';

/** What the mouse can do at a point; each is one Playwright mouse call (drag is down, moves, up). */
export const MOUSE_ACTIONS = ['click', 'dblclick', 'down', 'up', 'move', 'drag', 'wheel'] as const;
export type MouseAction = (typeof MOUSE_ACTIONS)[number];
const BUTTONS = ['left', 'right', 'middle'] as const;
/** Intermediate points of a drag: enough for apps that sample mousemove, few enough to stay quick. */
const DRAG_STEPS = 10;
const READ_TIMEOUT_MS = 5_000;

const coordinate = () => Type.Optional(Type.Number());

interface MouseArgs {
  action: string;
  x: number;
  y: number;
  toX?: number;
  toY?: number;
  dx?: number;
  dy?: number;
  button?: string;
}

/** The active window's viewport in CSS pixels, read with fixed code. */
const viewportOf = (page: Page) =>
  within(
    page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight })),
    READ_TIMEOUT_MS,
    unresponsiveAfter(READ_TIMEOUT_MS),
  );

function argsOrThrow(args: MouseArgs): { action: MouseAction; to?: [number, number]; wheel?: [number, number] } {
  const action = args.action as MouseAction;
  if (!MOUSE_ACTIONS.includes(action)) {
    throw new ToolError('BAD_ARGUMENT', `action: ${JSON.stringify(args.action)} is not one of ${MOUSE_ACTIONS.join(', ')}.`, {
      details: { param: 'action', accepted: MOUSE_ACTIONS },
    });
  }
  const hasTo = args.toX !== undefined || args.toY !== undefined;
  const hasWheel = args.dx !== undefined || args.dy !== undefined;
  if (action === 'drag' && (args.toX === undefined || args.toY === undefined)) {
    throw new ToolError('BAD_ARGUMENT', 'A drag needs toX and toY: where the button is released.', { details: { param: 'toX' } });
  }
  if (action !== 'drag' && hasTo) {
    throw new ToolError('BAD_ARGUMENT', `toX/toY belong to action "drag", not "${action}".`, { details: { param: 'toX' } });
  }
  if (action === 'wheel' && !args.dx && !args.dy) {
    throw new ToolError('BAD_ARGUMENT', 'A wheel needs a non-zero dx or dy (pixels; positive dy scrolls down).', {
      details: { param: 'dy' },
    });
  }
  if (action !== 'wheel' && hasWheel) {
    throw new ToolError('BAD_ARGUMENT', `dx/dy belong to action "wheel", not "${action}".`, { details: { param: 'dx' } });
  }
  if (args.button !== undefined && !(BUTTONS as readonly string[]).includes(args.button)) {
    throw new ToolError('BAD_ARGUMENT', `button: ${JSON.stringify(args.button)} is not one of ${BUTTONS.join(', ')}.`, {
      details: { param: 'button', accepted: BUTTONS },
    });
  }
  return {
    action,
    ...(action === 'drag' ? { to: [args.toX as number, args.toY as number] as [number, number] } : {}),
    ...(action === 'wheel' ? { wheel: [args.dx ?? 0, args.dy ?? 0] as [number, number] } : {}),
  };
}

/** A point outside the window would land on nothing the agent can see: refused before the mouse moves. */
function insideOrThrow(points: [string, number, number][], viewport: { width: number; height: number }): void {
  for (const [param, x, y] of points) {
    if (!(x >= 0 && y >= 0 && x < viewport.width && y < viewport.height)) {
      throw new ToolError(
        'BAD_ARGUMENT',
        `${param} (${x}, ${y}) is outside the window's ${viewport.width}×${viewport.height} viewport; coordinates are CSS pixels from its top left.`,
        { details: { param, viewport: [viewport.width, viewport.height] } },
      );
    }
  }
}

/**
 * visual_mouse: the mouse at window coordinates, for what has no useful accessibility tree
 * (canvas editors, WebGL views, canvas-drawn terminals, custom widgets). Coordinates are CSS
 * pixels of the active window's viewport, the space a screenshot's `origin` and `scale` map to.
 * An action on the app's UI, so its answer says what it caused (ADR-0020).
 */
export const mouseTool = () =>
  defineSessionTool({
    name: 'mouse',
    title: 'Mouse at coordinates',
    description: 'Click, drag, move or wheel at window coordinates, for canvas and custom-drawn UI.',
    kind: 'action',
    effects: true,
    input: {
      action: Type.String({ maxLength: 16 }),
      x: Type.Number(),
      y: Type.Number(),
      toX: coordinate(),
      toY: coordinate(),
      dx: coordinate(),
      dy: coordinate(),
      button: Type.Optional(Type.String({ maxLength: 8 })),
    },
    detail: {
      notes:
        "x, y: CSS pixels from the top left of the active window's viewport. From an image: x = origin[0] + pixel x / scale (electron_screenshot and visual_capture answer origin and scale). " +
        'click, dblclick, down, up, move at (x, y); drag presses at (x, y), moves in steps to (toX, toY) and releases; wheel turns dx/dy pixels over (x, y). ' +
        'A point outside the viewport is BAD_ARGUMENT. Keys without a target element: electron_key or electron_keyboard_type without ref (they go to the focused element, e.g. a canvas clicked first).',
      values: { action: [...MOUSE_ACTIONS], button: [...BUTTONS] },
      errors: ['BAD_ARGUMENT'],
      example: { action: 'drag', x: 40, y: 90, toX: 140, toY: 150 },
    },
    async handle(args, { session }) {
      const { action, to, wheel } = argsOrThrow(args);
      const page = session.pageOrThrow();
      const viewport = page.viewportSize() ?? (await viewportOf(page));
      insideOrThrow([['x, y', args.x, args.y], ...(to ? [['toX, toY', ...to] as [string, number, number]] : [])], viewport);
      const button = (args.button ?? 'left') as (typeof BUTTONS)[number];
      const { mouse } = page;
      if (action === 'click') await mouse.click(args.x, args.y, { button });
      else if (action === 'dblclick') await mouse.dblclick(args.x, args.y, { button });
      else if (action === 'move') await mouse.move(args.x, args.y);
      else if (action === 'down' || action === 'up') {
        await mouse.move(args.x, args.y);
        await (action === 'down' ? mouse.down({ button }) : mouse.up({ button }));
      } else if (action === 'drag' && to) {
        await mouse.move(args.x, args.y);
        await mouse.down({ button });
        await mouse.move(to[0], to[1], { steps: DRAG_STEPS });
        await mouse.up({ button });
      } else if (wheel) {
        await mouse.move(args.x, args.y);
        await mouse.wheel(wheel[0], wheel[1]);
      }
      return {};
    },
  });
