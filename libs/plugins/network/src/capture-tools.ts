import { CURSOR_NOTE, defineSessionTool, Params, ToolError, Type, clampTimeout } from '@stagewright/sdk';
import { Capture } from './capture.js';
import type { NetworkSessions } from './session-state.js';
import type { HeaderRedaction } from './redact.js';

export interface CaptureSettings {
  redacted: HeaderRedaction;
  maxEvents: number;
}

const TEXT_TYPES = ['json', 'text', 'xml', 'javascript', 'x-www-form-urlencoded'];
/** A read page stops adding events past this many characters of JSON. */
const READ_MAX_CHARS = 40_000;

export function captureTools(sessions: NetworkSessions, settings: CaptureSettings) {
  const capture = defineSessionTool({
    name: 'capture',
    title: 'Capture network',
    description: 'Start recording requests of every window (restarts if running).',
    kind: 'action',
    input: {
      url: Type.Optional(Type.String({ description: 'URL glob or substring', maxLength: 2000 })),
      methods: Type.Optional(Type.Array(Type.String({ maxLength: 16 }), { maxItems: 10 })),
      headers: Type.Optional(Type.Boolean()),
      bodies: Type.Optional(Type.Boolean()),
      maxBodyBytes: Type.Optional(Type.Integer({ minimum: 0, maximum: 65_536 })),
      bodyTypes: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 })),
    },
    rules: [{ nonEmpty: ['url'] }],
    detail: {
      notes:
        'Records each request when it ends (finished or failed; a response body the page never reads can keep it in flight), for all windows of the session including ones opened later, from the server side (nothing runs in the app). ' +
        '`url`: a glob over the whole URL (`*` within a path segment, `**` across) or, without `*`, a substring. `methods`: e.g. ["GET","POST"]. ' +
        '`headers: true` adds request/response headers; credential headers (authorization, cookie, set-cookie, x-api-key, *-token...) read "[redacted]" whatever their length (plugin config `redactHeaders`). ' +
        '`bodies: true` keeps request and response bodies whose content-type contains one of `bodyTypes` (default json, text, xml, javascript, x-www-form-urlencoded), cut at `maxBodyBytes` characters (default 4096). ' +
        'Calling it again drops earlier events and applies the new filter. Returns { capturing, url, methods }.',
      example: { url: '**/api/**', methods: ['GET'], bodies: true },
    },
    handle: async (args, ctx) => {
      const state = sessions.stateOf(ctx.session);
      state.capture?.stop();
      state.capture = new Capture(
        state.context,
        { url: args.url, methods: args.methods },
        {
          headers: args.headers ?? false,
          bodies: args.bodies ?? false,
          maxBodyBytes: args.maxBodyBytes ?? 4096,
          bodyTypes: args.bodyTypes ?? TEXT_TYPES,
          redacted: settings.redacted,
        },
        settings.maxEvents,
        (request) => ({ stubbed: state.stubs.answered.has(request), skipped: state.stubs.skipped.get(request) }),
      );
      return { capturing: true, url: args.url ?? '**', methods: args.methods ?? 'all' };
    },
  });

  const read = defineSessionTool({
    name: 'read',
    title: 'Read captured requests',
    description: 'Read requests recorded by network_capture, from a cursor.',
    kind: 'read',
    input: {
      cursor: Params.cursor(),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
      timeoutMs: Params.timeoutMs(),
    },
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

  const stop = defineSessionTool({
    name: 'stop',
    title: 'Stop network capture',
    description: 'Stop recording requests; recorded ones stay readable.',
    kind: 'action',
    input: {},
    detail: { notes: 'Detaches from the app. Returns { stopped, events, overflow }.', errors: ['network.NOT_CAPTURING'] },
    handle: async (_args, ctx) => {
      const current = sessions.stateOf(ctx.session).capture;
      if (!current?.active) throw new ToolError('network.NOT_CAPTURING', 'No network capture is running in this session.');
      await current.settle();
      current.stop();
      return { stopped: true, events: current.ring.size, overflow: current.ring.overflow };
    },
  });

  return [capture, read, stop];
}
