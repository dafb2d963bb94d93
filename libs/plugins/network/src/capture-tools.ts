import { CURSOR_NOTE, defineSessionTool, ToolError, Type, clampTimeout } from '@stagewright/sdk';
import { Capture } from './capture.js';
import type { NetworkSessions } from './session-state.js';
import type { HeaderRedaction } from './redact.js';
import { BODY_NOTE, TEXT_TYPES, bodyMode, eventReadParams, methodsArray, patternsOrThrow, urlPatterns } from './params.js';
import { pageOfWindowOrThrow } from './window-filter.js';
import { stopMain } from './main/main-lifecycle.js';
import type { MainNetAgent } from './main/main-runtime.js';

/** The body cap: 4096 characters unless the call asks, never past the operator's `maxBodyBytes`. */
export interface BodyLimits {
  maxBodyBytesOrThrow(requested: number | undefined): number;
}

export interface CaptureSettings extends BodyLimits {
  redacted: HeaderRedaction;
  maxEvents: number;
}
/** A read page stops adding events past this many characters of JSON. */
const READ_MAX_CHARS = 40_000;

const captureTool = (sessions: NetworkSessions, settings: CaptureSettings) =>
  defineSessionTool({
    name: 'capture',
    title: 'Capture network',
    description: 'Start recording requests of every window (restarts if running).',
    kind: 'action',
    input: {
      url: urlPatterns(),
      methods: methodsArray(),
      headers: Type.Optional(Type.Boolean()),
      bodies: bodyMode(),
      maxBodyBytes: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_048_576 })),
      bodyTypes: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 })),
      window: Type.Optional(Type.String({ maxLength: 16, description: 'Only this window (w1...)' })),
    },
    detail: {
      notes:
        'Records each request when it ends (finished or failed; a response body the page never reads can keep it in flight), for all windows of the session including ones opened later, from the server side (nothing runs in the app). ' +
        '`url`: a glob over the whole URL (`*` within a path segment, `**` across) or, without `*`, a substring; several separated by spaces match any. `methods`: e.g. ["GET","POST"] (or one). ' +
        '`window`: only requests of that window (its frames included; id from electron_windows), not of windows opened later. ' +
        '`headers: true` adds request/response headers; credential headers (authorization, cookie, set-cookie, x-api-key, *-token...) read "[redacted]" whatever their length (plugin config `redact`). ' +
        `${BODY_NOTE} ` +
        'Calling it again drops earlier events and applies the new filter. Returns { capturing, url, methods, window? }. Main-process requests: network_main_capture.',
      example: { url: '**/api/** **/login', methods: ['GET', 'POST'], bodies: 'sizes' },
    },
    handle: async (args, ctx) => {
      const maxBodyBytes = settings.maxBodyBytesOrThrow(args.maxBodyBytes);
      const url = patternsOrThrow(args.url);
      const page = args.window === undefined ? undefined : await pageOfWindowOrThrow(ctx.session, args.window);
      const state = sessions.stateOf(ctx.session);
      state.capture?.stop();
      state.capture = new Capture(
        state.context,
        { url, methods: args.methods, page },
        {
          headers: args.headers ?? false,
          bodies: args.bodies ?? false,
          maxBodyBytes,
          bodyTypes: args.bodyTypes ?? TEXT_TYPES,
          redacted: settings.redacted,
        },
        settings.maxEvents,
        (request) => ({ stubbed: state.stubs.answered.has(request), skipped: state.stubs.skipped.get(request) }),
      );
      const window = args.window === undefined ? {} : { window: args.window };
      return { capturing: true, url: args.url ?? '**', methods: args.methods ?? 'all', ...window };
    },
  });

const readTool = (sessions: NetworkSessions) =>
  defineSessionTool({
    name: 'read',
    title: 'Read captured requests',
    description: 'Read requests recorded by network_capture, from a cursor.',
    kind: 'read',
    input: eventReadParams(),
    detail: {
      notes:
        `${CURSOR_NOTE} \`limit\` events at most (default 50, max 200). \`timeoutMs\` waits for a first event after the cursor (default 0). ` +
        'Each event: { seq, time, method, url, type, status?, failure?, ms?, reqBytes?, resBytes?, contentType?, stubbed?, stubSkipped?, requestHeaders?, responseHeaders?, requestBody?, responseBody?, bodyTruncated? }. ' +
        'Also: more (another page waits), missed (events lost to overflow before this read), overflow (total dropped; plugin config `maxEvents`, default 500), inFlight (requests not ended yet), capturing. ' +
        'Events stay readable after network_stop until the next network_capture or the session ends.',
      errors: ['network.NOT_CAPTURING'],
      example: { cursor: 4, timeoutMs: 2000 },
    },
    handle: async (args, ctx) => {
      const current = sessions.stateOf(ctx.session).capture;
      if (!current) throw new ToolError('network.NOT_CAPTURING', 'No network capture in this session: call network_capture first.');
      await current.ring.waitFor(args.cursor, clampTimeout(args.timeoutMs, 0), ctx.signal);
      await current.settle();
      const page = current.ring.read(args.cursor, args.limit ?? 50, READ_MAX_CHARS);
      return { ...page, overflow: current.ring.overflow, inFlight: current.inFlight, capturing: current.active };
    },
  });

const stopTool = (sessions: NetworkSessions, main: MainNetAgent) =>
  defineSessionTool({
    name: 'stop',
    title: 'Stop network capture',
    description: 'Stop recording requests (renderer and main process); recorded ones stay readable.',
    kind: 'action',
    input: {},
    detail: {
      notes:
        'Stops network_capture and network_main_capture, whichever run. Returns { stopped, events, overflow, main?: { events, overflow } }.',
      errors: ['network.NOT_CAPTURING'],
    },
    handle: async (_args, ctx) => {
      const current = sessions.stateOf(ctx.session).capture;
      const mainStopped = await stopMain(main, ctx.session);
      if (!current?.active) {
        if (mainStopped) return { stopped: true, events: 0, overflow: 0, main: mainStopped };
        throw new ToolError('network.NOT_CAPTURING', 'No network capture is running in this session.');
      }
      await current.settle();
      current.stop();
      const mainPart = mainStopped ? { main: mainStopped } : {};
      return { stopped: true, events: current.ring.size, overflow: current.ring.overflow, ...mainPart };
    },
  });

export function captureTools(sessions: NetworkSessions, settings: CaptureSettings, main: MainNetAgent) {
  return [captureTool(sessions, settings), readTool(sessions), stopTool(sessions, main)];
}
