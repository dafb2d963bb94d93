import { assertImpersonation, defineSessionTool, ToolError, Type } from '@stagewright/sdk';
import type { NetworkSessions } from './session-state.js';
import { declaredContentTypes, INERT_RESOURCE_TYPES, isExecutableContentType, RENDERER_FLAG } from './stub-policy.js';
import type { StubReport } from './stubs.js';
import { ABORT_CODES } from './stub-answer.js';
import { unstubMain } from './main/main-lifecycle.js';
import type { MainNetAgent } from './main/main-runtime.js';
import { STUB_ANSWER_RULES, methodList, patternsOrThrow, stubAnswerParams, urlPatterns } from './params.js';

const INERT_LIST = [...INERT_RESOURCE_TYPES].join(', ');
/** Returned with every stub made without the renderer grant, so the agent knows what it will not answer. */
const ANSWERS_ONLY = `Without ${RENDERER_FLAG} this stub answers only ${INERT_LIST} requests; documents, scripts, workers and other requests the page executes go to the network.`;

/** What unstub says of removed stubs that let requests through. */
function skippedOf(reports: StubReport[]) {
  const skipped = reports.filter((entry) => entry.skipped).map(({ id, skipped }) => ({ id, ...skipped }));
  return skipped.length ? { skipped } : {};
}

const stubTool = (sessions: NetworkSessions) =>
  defineSessionTool({
    name: 'stub',
    title: 'Stub requests',
    description: 'Answer or fail matching requests of every window without reaching the network.',
    kind: 'action',
    input: {
      url: urlPatterns(true),
      method: methodList(),
      ...stubAnswerParams(),
      contentType: Type.Optional(Type.String({ maxLength: 200 })),
      delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })),
    },
    rules: STUB_ANSWER_RULES,
    detail: {
      notes:
        '`url` as in network_capture (glob, or substring without `*`); several `url` patterns separated by spaces match any; `method` limits it to one HTTP method or several space-separated (any by default). Answers with `status` (default 200), `headers`, `body` and `contentType` (default application/json when the body parses as JSON, else text/plain), after `delayMs`; or fails the request with `abort`. ' +
        "An answer (anything but `abort`) speaks as the app's server: it needs --allow-impersonation=network (IMPERSONATION_NOT_ALLOWED); aborts need no grant. " +
        'Adds access-control-allow-origin: * unless `headers` set it, and answers CORS preflights for its URL, so stubbed cross-origin URLs are readable by the page. ' +
        '`times`: answer that many requests, then remove itself. The newest matching stub wins. Stubs last until network_unstub or the session ends. Returns { stubId, note? }. ' +
        `Without ${RENDERER_FLAG} a stub answers only requests whose body the page does not execute (resource types ${INERT_LIST}); the others (document, script, workers, other) pass through to the network unless the stub aborts and are counted as skipped (network_unstub, network_read \`stubSkipped\`), and an executable content type (HTML, XHTML, SVG/XML, JavaScript, wasm) is refused with EVAL_NOT_ALLOWED.`,
      values: { abort: ABORT_CODES },
      errors: ['BAD_ARGUMENT', 'EVAL_NOT_ALLOWED', 'IMPERSONATION_NOT_ALLOWED'],
      example: { url: 'https://api.example.com/status', body: '{"message":"stubbed"}', times: 1 },
    },
    handle: async (args, ctx) => {
      if (args.abort && !(ABORT_CODES as readonly string[]).includes(args.abort)) {
        throw new ToolError('BAD_ARGUMENT', `abort must be one of ${ABORT_CODES.join(', ')}; got "${args.abort}".`);
      }
      patternsOrThrow(args.url);
      const { sessionId: _sessionId, ...spec } = args as typeof args & { sessionId?: string };
      const mayExecute = ctx.server.allowEval.includes('renderer');
      const executable = declaredContentTypes(spec).find(isExecutableContentType);
      if (!mayExecute && executable !== undefined) {
        throw new ToolError(
          'EVAL_NOT_ALLOWED',
          `A stub answering with content type "${executable}" hands the page code to run; that needs ${RENDERER_FLAG}, or stub with a data content type (application/json, text/plain).`,
          { details: { flag: RENDERER_FLAG } },
        );
      }
      // An answer speaks as the app's server (ADR-0034); an abort is what a pulled cable does.
      if (!args.abort) assertImpersonation(ctx.server, 'network', 'network_stub answering a request');
      const stubId = await sessions.stateOf(ctx.session).stubs.add(spec, mayExecute);
      return mayExecute ? { stubId } : { stubId, note: ANSWERS_ONLY };
    },
  });

const unstubTool = (sessions: NetworkSessions, main: MainNetAgent) =>
  defineSessionTool({
    name: 'unstub',
    title: 'Remove stubs',
    description: 'Remove one stub by id (renderer or main), or all stubs, so requests reach the network again.',
    kind: 'action',
    input: { stubId: Type.Optional(Type.String({ maxLength: 32 })) },
    detail: {
      notes:
        'Without `stubId` removes every stub of the session, network_main_stub ones (main1...) too. Returns { removed, remaining, skipped?, main? } (remaining: [{ id, url, method?, hits, times?, skipped? }]; ' +
        `skipped: [{ id, count, types, reason }] for removed stubs that let requests through because the page would execute them, which ${RENDERER_FLAG} opens).`,
      errors: ['network.STUB_NOT_FOUND'],
    },
    handle: async (args, ctx) => {
      const stubs = sessions.stateOf(ctx.session).stubs;
      if (args.stubId?.startsWith('main')) {
        const removed = await unstubMain(main, ctx.session, args.stubId);
        return { removed: removed.length, remaining: stubs.list(), main: removed };
      }
      if (args.stubId === undefined) {
        const removed = await stubs.clear();
        const mainRemoved = await unstubMain(main, ctx.session);
        const mainPart = mainRemoved.length ? { main: mainRemoved } : {};
        return { removed: removed.length + mainRemoved.length, remaining: [], ...skippedOf(removed), ...mainPart };
      }
      const removed = await stubs.remove(args.stubId);
      if (!removed) {
        throw new ToolError('network.STUB_NOT_FOUND', `No stub "${args.stubId}" in this session.`, { details: { stubs: stubs.list() } });
      }
      return { removed: 1, remaining: stubs.list(), ...skippedOf([removed]) };
    },
  });

export function stubTools(sessions: NetworkSessions, main: MainNetAgent) {
  return [stubTool(sessions), unstubTool(sessions, main)];
}
