import { CoreTools, Type, defineSessionTool, type AnyToolDefinition } from '@stagewright/sdk';

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
    notes: 'Each window: id (w1...), title, url, visible, focused, active. Tools act on the active window.',
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
export const WINDOW_TOOLS: readonly AnyToolDefinition[] = [windowsTool, switchWindow, surfacesTool, switchSurface];
