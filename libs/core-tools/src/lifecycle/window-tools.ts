import { CoreTools, ToolError, Type, defineSessionTool, type AnyToolDefinition } from '@stagewright/sdk';

/** Codes of reading the active window, beyond resolving the session. */
const WINDOW_ERRORS = ['WINDOW_NOT_FOUND', 'NOT_SUPPORTED'];

const windowsList = defineSessionTool({
  name: CoreTools.windowsList,
  title: 'List windows',
  description: "List the app's windows and which one is active.",
  kind: 'read',
  input: {},
  detail: {
    notes:
      'Each window: id (w1...), title, url, visible, focused, active, bounds [x,y,width,height], state (normal, maximized, minimized, fullscreen). Tools act on the active window.',
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
    id: Type.Optional(Type.String({ maxLength: 16 })),
    title: Type.Optional(Type.String({ maxLength: 500 })),
    index: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
  },
  rules: [{ exactlyOne: ['id', 'title', 'index'] }, { nonEmpty: ['id', 'title'] }],
  detail: {
    notes: 'id is like w2; title is exact, or a unique case-insensitive part; index is 0-based, in electron_windows_list order.',
    errors: WINDOW_ERRORS,
    example: { title: 'Settings' },
  },
  async handle(args, { session }) {
    return { window: await session.switchWindow({ id: args.id, title: args.title, index: args.index }) };
  },
});

const STATES = ['normal', 'maximized', 'minimized', 'fullscreen'] as const;
const coordinate = () => Type.Optional(Type.Integer({ minimum: -32768, maximum: 32768 }));
const length = () => Type.Optional(Type.Integer({ minimum: 1, maximum: 16384 }));

const setWindow = defineSessionTool({
  name: 'electron_window_set',
  title: 'Set window geometry',
  description: 'Move, resize, maximize, minimize, restore or focus a window.',
  kind: 'action',
  input: {
    window: Type.Optional(Type.String({ maxLength: 16 })),
    bounds: Type.Optional(
      Type.Object({ x: coordinate(), y: coordinate(), width: length(), height: length() }, { additionalProperties: false }),
    ),
    state: Type.Optional(Type.Enum([...STATES])),
    focus: Type.Optional(Type.Boolean()),
  },
  rules: [{ atLeastOne: ['bounds', 'state', 'focus'] }],
  detail: {
    notes: 'window defaults to the active one. state normal restores. Answers caused.window: bounds and state read back after the change.',
    values: { state: [...STATES] },
    errors: [...WINDOW_ERRORS, 'MAIN_PROCESS_UNAVAILABLE'],
    example: { bounds: { width: 800, height: 600 } },
  },
  async handle(args, { session }) {
    if (!session.setWindow) throw new ToolError('NOT_SUPPORTED', 'This session cannot change window geometry.');
    const window = await session.setWindow(args.window, { bounds: args.bounds, state: args.state, focus: args.focus });
    return { caused: { window } };
  },
});

const surfacesList = defineSessionTool({
  name: CoreTools.surfacesList,
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
    notes: 'surfaceId is an id from electron_surfaces_list (main for the top document).',
    errors: [...WINDOW_ERRORS, 'SURFACE_NOT_FOUND'],
    example: { surfaceId: 'f1' },
  },
  async handle(args, { session }) {
    return { surface: await session.switchSurface(args.surfaceId) };
  },
});

/** The app's windows and the frames inside them, and which one tools act on. */
export const WINDOW_TOOLS: readonly AnyToolDefinition[] = [windowsList, switchWindow, setWindow, surfacesList, switchSurface];
