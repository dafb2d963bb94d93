import { defineSessionTool, ToolError, Type } from '@stagewright/sdk';
import type { NetworkSessions } from './session-state.js';

/** Playwright's network error codes, the values route.abort accepts. */
export const ABORT_CODES = [
  'aborted',
  'accessdenied',
  'addressunreachable',
  'blockedbyclient',
  'blockedbyresponse',
  'connectionaborted',
  'connectionclosed',
  'connectionfailed',
  'connectionrefused',
  'connectionreset',
  'internetdisconnected',
  'namenotresolved',
  'timedout',
  'failed',
] as const;

export function stubTools(sessions: NetworkSessions) {
  const stub = defineSessionTool({
    name: 'stub',
    title: 'Stub requests',
    description: 'Answer or fail matching requests of every window without reaching the network.',
    kind: 'action',
    input: {
      url: Type.String({ description: 'URL glob or substring', minLength: 1, maxLength: 2000 }),
      method: Type.Optional(Type.String({ maxLength: 16 })),
      status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
      headers: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 4000 }))),
      body: Type.Optional(Type.String({ maxLength: 1_000_000 })),
      contentType: Type.Optional(Type.String({ maxLength: 200 })),
      delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })),
      abort: Type.Optional(Type.String({ maxLength: 32 })),
      times: Type.Optional(Type.Integer({ minimum: 1 })),
    },
    rules: [{ atMostOne: ['abort', 'body'] }, { atMostOne: ['abort', 'status'] }],
    detail: {
      notes:
        '`url` as in network_capture (glob, or substring without `*`); `method` limits it to one HTTP method (any by default). Answers with `status` (default 200), `headers`, `body` and `contentType` (default application/json when the body parses as JSON, else text/plain), after `delayMs`; or fails the request with `abort`. ' +
        'Adds access-control-allow-origin: * unless `headers` set it, and answers CORS preflights for its URL, so stubbed cross-origin URLs are readable by the page. ' +
        '`times`: answer that many requests, then remove itself. The newest matching stub wins. Stubs last until network_unstub or the session ends. Returns { stubId }.',
      values: { abort: ABORT_CODES },
      errors: ['BAD_ARGUMENT'],
      example: { url: 'https://api.example.com/status', body: '{"message":"stubbed"}', times: 1 },
    },
    handle: async (args, ctx) => {
      if (args.abort && !(ABORT_CODES as readonly string[]).includes(args.abort)) {
        throw new ToolError('BAD_ARGUMENT', `abort must be one of ${ABORT_CODES.join(', ')}; got "${args.abort}".`);
      }
      const { sessionId: _sessionId, ...spec } = args as typeof args & { sessionId?: string };
      const stubId = await sessions.stateOf(ctx.session).stubs.add(spec);
      return { stubId };
    },
  });

  const unstub = defineSessionTool({
    name: 'unstub',
    title: 'Remove stubs',
    description: 'Remove one stub by id, or all stubs, so requests reach the network again.',
    kind: 'action',
    input: { stubId: Type.Optional(Type.String({ maxLength: 32 })) },
    detail: {
      notes:
        'Without `stubId` removes every stub of the session. Returns { removed, remaining } (remaining: [{ id, url, method?, hits, times? }]).',
      errors: ['network.STUB_NOT_FOUND'],
    },
    handle: async (args, ctx) => {
      const stubs = sessions.stateOf(ctx.session).stubs;
      if (args.stubId === undefined) return { removed: await stubs.clear(), remaining: [] };
      if (!(await stubs.remove(args.stubId))) {
        throw new ToolError('network.STUB_NOT_FOUND', `No stub "${args.stubId}" in this session.`, { details: { stubs: stubs.list() } });
      }
      return { removed: 1, remaining: stubs.list() };
    },
  });

  return [stub, unstub];
}
