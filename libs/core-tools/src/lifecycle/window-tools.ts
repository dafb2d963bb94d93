import { CoreTools, ToolError, Type, defineSessionTool, type AnyToolDefinition, type WindowChange } from '@stagewright/sdk';

/** Codes of reading the active window, beyond resolving the session. */
const WINDOW_ERRORS = ['WINDOW_NOT_FOUND', 'NOT_SUPPORTED'];

const windowsTool = defineSessionTool({
  name: CoreTools.windows,
  formerNames: ['electron_windows_list'],
  title: 'List windows',
  description: "List the app's windows and which one is active.",
  kind: 'read',
  input: {},
  detail: {
    notes: 'Each window: id (w1...), title, url, visible, focused, active, bounds [x,y,w,h], state (normal, maximized...).',
    errors: WINDOW_ERRORS,
  },
  async handle(_args, { session }) {
    return { windows: await session.windows() };
  },
});

const switchWindow = defineSessionTool({
  name: 'electron_switch_window',
  title: 'Switch window',
  description: 'Make a window active by id, title or index.',
  kind: 'action',
  input: {
    window: Type.Optional(Type.String({ maxLength: 16 })),
    title: Type.Optional(Type.String({ maxLength: 500 })),
    index: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
  },
  formerParams: { id: 'window' },
  rules: [{ exactlyOne: ['window', 'title', 'index'] }, { nonEmpty: ['window', 'title'] }],
  detail: {
    notes: 'window is like w2; title is exact, or a unique case-insensitive part; index is 0-based, in electron_windows order.',
    errors: WINDOW_ERRORS,
    example: { title: 'Settings' },
  },
  async handle(args, { session }) {
    return { window: await session.switchWindow({ id: args.window, title: args.title, index: args.index }) };
  },
});

const STATES = ['normal', 'maximized', 'minimized', 'fullscreen'] as const;
/** Screen coordinates and sizes a window can take (Chromium's own limits are near these). */
const COORDINATE = 32_768;
const MAX_SIZE = 16_384;

const setWindow = defineSessionTool({
  name: 'electron_window_set',
  title: 'Set window geometry',
  description: 'Move/resize, maximize, minimize, restore or focus a window.',
  kind: 'action',
  input: {
    window: Type.Optional(Type.String({ maxLength: 16 })),
    bounds: Type.Optional(Type.Array(Type.Integer(), { minItems: 4, maxItems: 4 })),
    state: Type.Optional(Type.Enum([...STATES])),
    focus: Type.Optional(Type.Boolean()),
  },
  rules: [{ atLeastOne: ['bounds', 'state', 'focus'] }],
  detail: {
    notes:
      'window defaults to the active one. bounds is [x, y, width, height] as electron_windows reports it. ' +
      'state normal restores. Answers caused.window: bounds and state read back after the change.',
    values: { state: [...STATES] },
    errors: [...WINDOW_ERRORS, 'MAIN_PROCESS_UNAVAILABLE'],
    example: { bounds: [0, 0, 800, 600] },
  },
  async handle(args, { session }) {
    if (!session.setWindow) throw new ToolError('NOT_SUPPORTED', 'This session cannot change window geometry.');
    const change: WindowChange = { state: args.state, focus: args.focus };
    if (args.bounds) {
      const [x, y, width, height] = args.bounds;
      const bad = Math.abs(x) > COORDINATE || Math.abs(y) > COORDINATE || width < 1 || height < 1 || width > MAX_SIZE || height > MAX_SIZE;
      if (bad)
        throw new ToolError('BAD_ARGUMENT', `bounds ${JSON.stringify(args.bounds)} is off any screen or not a window size.`, {
          details: { param: 'bounds', coordinate: COORDINATE, maxSize: MAX_SIZE },
        });
      change.bounds = { x, y, width, height };
    }
    return { caused: { window: await session.setWindow(args.window, change) } };
  },
});

const surfacesTool = defineSessionTool({
  name: CoreTools.surfaces,
  formerNames: ['electron_surfaces_list'],
  title: 'List surfaces',
  description: 'List the frames inside the active window and which one is active.',
  kind: 'read',
  input: {},
  detail: {
    notes: 'Surface ids: main (the window document), f1, f2... for frames. Snapshots and selectors use the active surface.',
    errors: WINDOW_ERRORS,
  },
  async handle(_args, { session }) {
    return { surfaces: await session.surfaces() };
  },
});

const switchSurface = defineSessionTool({
  name: 'electron_switch_surface',
  title: 'Switch surface',
  description: 'Make a frame of the active window (or main) the active surface.',
  kind: 'action',
  input: { surfaceId: Type.String({ maxLength: 16 }) },
  detail: {
    notes: 'surfaceId is an id from electron_surfaces (main for the top document).',
    errors: [...WINDOW_ERRORS, 'SURFACE_NOT_FOUND'],
    example: { surfaceId: 'f1' },
  },
  async handle(args, { session }) {
    return { surface: await session.switchSurface(args.surfaceId) };
  },
});

/** The app's windows and the frames inside them, and which one tools act on. */
export const WINDOW_TOOLS: readonly AnyToolDefinition[] = [windowsTool, switchWindow, setWindow, surfacesTool, switchSurface];
