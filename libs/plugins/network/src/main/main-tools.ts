import { CURSOR_NOTE, ToolError, Type, assertImpersonation, clampTimeout, defineSessionTool } from '@stagewright/sdk';
import {
  BODY_NOTE,
  STUB_ANSWER_RULES,
  TEXT_TYPES,
  bodyMode,
  eventReadParams,
  methodList,
  methodsArray,
  patternsOrThrow,
  stubAnswerParams,
  urlPatterns,
} from '../params.js';
import { declaredContentTypes, isExecutableContentType } from '../stub-policy.js';
import { patternList } from '../url-match.js';
import { abortError, ABORT_CODES, stubHeaders } from '../stub-answer.js';
import type { BodyLimits } from '../capture-tools.js';
import { callMain, type MainNetAgent } from './main-runtime.js';

const MAIN_FLAG = '--allow-eval=main';
const APIS = "Electron's net.request, net.fetch and session.fetch, Node's fetch and http(s).request/get";
const READ_MAX_CHARS = 40_000;
const POLL_MS = 100;

const captureTool = (agent: MainNetAgent, limits: BodyLimits) =>
  defineSessionTool({
    name: 'main_capture',
    title: 'Capture main-process network',
    description: "Start recording the main process's requests (restarts if running).",
    kind: 'action',
    input: {
      url: urlPatterns(),
      methods: methodsArray(),
      bodies: bodyMode(),
      maxBodyBytes: Type.Optional(Type.Integer({ maximum: 1_048_576 })),
    },
    detail: {
      notes:
        `Records ${APIS}, each when it ends, through hooks preloaded into every app the server launches (an attached app is hooked at the first call, and the answer says earlier requests are not seen). ` +
        '`url` and `methods` as in network_capture. Events carry request/response headers (40 at most, values cut at 300 characters), credentials (authorization, cookie, x-api-key, *-token...) read "[redacted]" (plugin config `redact`). ' +
        `${BODY_NOTE} Returns { capturing, hooked, note } (note: what cannot be seen). Stop with network_stop.`,
      example: { url: '**/login **/api/**', bodies: true },
    },
    handle: async (args, ctx) => {
      const maxBodyBytes = limits.maxBodyBytesOrThrow(args.maxBodyBytes);
      const spec = {
        urls: patternsOrThrow(args.url) ?? [],
        methods: patternList(args.methods),
        headers: true,
        bodies: args.bodies ?? false,
        maxBodyBytes,
        bodyTypes: TEXT_TYPES,
      };
      return callMain(agent, ctx.session, { op: 'capture', spec });
    },
  });

const readTool = (agent: MainNetAgent) =>
  defineSessionTool({
    name: 'main_read',
    title: 'Read main-process requests',
    description: 'Read requests recorded by network_main_capture, from a cursor.',
    kind: 'read',
    input: eventReadParams(),
    detail: {
      notes:
        `${CURSOR_NOTE} \`limit\` events at most (default 50). \`timeoutMs\` waits for a first event after the cursor (default 0). ` +
        'Each event: { seq, time, api (net.request, net.fetch, session.fetch, fetch, http, https), method, url, status?, failure?, ms, contentType?, stubbed?, stubSkipped?, requestHeaders?, responseHeaders?, reqBodyBytes?, resBodyBytes?, requestBody?, responseBody?, bodyTruncated? }. ' +
        'Also: more, missed, overflow (plugin config `maxEvents`), inFlight, capturing.',
      errors: ['network.NOT_CAPTURING'],
      example: { cursor: 2, timeoutMs: 2000 },
    },
    handle: async (args, ctx) => {
      const deadline = Date.now() + clampTimeout(args.timeoutMs, 0);
      const op = { op: 'read' as const, cursor: args.cursor, limit: args.limit ?? 50, maxChars: READ_MAX_CHARS };
      for (;;) {
        const page = await callMain(agent, ctx.session, op);
        if ((page.events as unknown[]).length > 0 || Date.now() >= deadline || ctx.signal.aborted) return page;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  });

const stubTool = (agent: MainNetAgent, nextStubId: () => string) =>
  defineSessionTool({
    name: 'main_stub',
    title: 'Stub main requests',
    description: 'Answer or fail main-process requests with given data.',
    kind: 'action',
    input: {
      url: urlPatterns(true),
      method: methodList(),
      ...stubAnswerParams(),
    },
    rules: STUB_ANSWER_RULES,
    detail: {
      notes:
        "Answers net.request, net.fetch, session.fetch and Node's fetch in the main process; Node's http(s).request/get it matches go to the network (counted as skipped, `stubSkipped` in events). " +
        '`url`/`method` as in network_stub; `status` (default 200), `headers`, `body` (content-type application/json when it parses, else text/plain, unless `headers` set one), or `abort` (a network error code), `times`. The newest matching stub wins. ' +
        "An answer (anything but `abort`) speaks as the app's server: it needs --allow-impersonation=network (IMPERSONATION_NOT_ALLOWED). " +
        `Data only: an executable content type (JavaScript, HTML, wasm...) needs ${MAIN_FLAG} (EVAL_NOT_ALLOWED). Remove with network_unstub (ids main1, main2...). Returns { stubId, hooked, note }.`,
      values: { abort: ABORT_CODES },
      errors: ['BAD_ARGUMENT', 'EVAL_NOT_ALLOWED', 'IMPERSONATION_NOT_ALLOWED'],
      example: { url: '**/profile', body: '{"plan":"free"}', times: 1 },
    },
    handle: async (args, ctx) => {
      if (args.abort && !(ABORT_CODES as readonly string[]).includes(args.abort)) {
        throw new ToolError('BAD_ARGUMENT', `abort must be one of ${ABORT_CODES.join(', ')}; got "${args.abort}".`);
      }
      const executable = declaredContentTypes(args).find(isExecutableContentType);
      if (executable !== undefined && !ctx.server.allowEval.includes('main')) {
        throw new ToolError(
          'EVAL_NOT_ALLOWED',
          `A main-process stub answering "${executable}" hands the app code to run; that needs ${MAIN_FLAG}, or stub with a data content type (application/json, text/plain).`,
          { details: { flag: MAIN_FLAG } },
        );
      }
      // An answer speaks as the app's server (ADR-0034); an abort is what a pulled cable does.
      if (!args.abort) assertImpersonation(ctx.server, 'network', 'network_main_stub answering a request');
      const body = args.body ?? '';
      const spec = {
        id: nextStubId(),
        urls: patternsOrThrow(args.url) ?? [],
        methods: patternList(args.method),
        status: args.status ?? 200,
        headers: stubHeaders(args, body),
        body,
        delayMs: 0,
        abortError: args.abort ? abortError(args.abort) : undefined,
        times: args.times,
      };
      return callMain(agent, ctx.session, { op: 'stub', spec });
    },
  });

/** network_main_capture, network_main_read and network_main_stub: requests the app's main process makes. */
export function mainTools(agent: MainNetAgent, limits: BodyLimits) {
  let nextStub = 1;
  return [captureTool(agent, limits), readTool(agent), stubTool(agent, () => `main${nextStub++}`)];
}
