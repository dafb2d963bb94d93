import {
  Params,
  ToolError,
  Type,
  clampTimeout,
  defineSessionTool,
  isToolError,
  rendererUnresponsive,
  unresponsiveAfter,
  within,
  type AnyToolDefinition,
} from '@stagewright/sdk';
import { cdpSend, cdpSessionFor } from '../shared/cdp-session.js';
import { evalMessage, unwrapResult, wrapBody, MAX_RESULT_CHARS } from './wrap-body.js';

export const EVAL_TIMEOUT = { defaultMs: 10_000, maxMs: 60_000 } as const;
const codeParam = () => Type.String({ maxLength: 20_000 });
/**
 * Any JSON value, said in the schema: a bare `{}` accepts the same but strict hosts flag it as
 * unconstrained, and a `type` array is not portable to single-type dialects; one branch per type is.
 */
const JSON_VALUE = { anyOf: ['object', 'array', 'string', 'number', 'boolean', 'null'].map((type) => ({ type })) };
const argParam = () => Type.Optional(Type.Unsafe<unknown>(JSON_VALUE));

const evalMain = defineSessionTool({
  name: 'electron_eval_main',
  title: 'Eval in main process',
  description: 'Run JavaScript in the Electron main process.',
  kind: 'destructive',
  gate: 'eval:main',
  input: { code: codeParam(), arg: argParam(), timeoutMs: Params.timeoutMs(EVAL_TIMEOUT.maxMs) },
  detail: {
    notes:
      'code is an async function body with electron (the module), arg and require in scope; return a JSON-serialisable value. ' +
      `Returns { result } (undefined becomes null); results over ${MAX_RESULT_CHARS} JSON chars fail with RESULT_TOO_LARGE. A throw is EVAL_ERROR with its message; ` +
      `no answer within timeoutMs (default ${EVAL_TIMEOUT.defaultMs}) is EVAL_TIMEOUT, which says whether the main process still answers. Needs --allow-eval or --allow-eval=main.`,
    errors: ['MAIN_PROCESS_UNAVAILABLE', 'EVAL_ERROR', 'EVAL_TIMEOUT', 'RESULT_TOO_LARGE'],
    example: { code: 'return electron.app.getName();' },
  },
  async handle(args, { session }) {
    const timeoutMs = clampTimeout(args.timeoutMs, EVAL_TIMEOUT.defaultMs, EVAL_TIMEOUT.maxMs);
    let raw: unknown;
    try {
      raw = await session.evaluateMain(wrapBody(args.code), args.arg ?? null, timeoutMs);
    } catch (error) {
      if (isToolError(error) && error.code === 'EVAL_TIMEOUT') {
        const alive = await session.evaluateMain('return 1;', null, 1_000).then(
          () => true,
          () => false,
        );
        throw new ToolError(
          'EVAL_TIMEOUT',
          `The code did not finish within ${timeoutMs} ms; ${alive ? 'the main process still answers' : 'the main process does not answer (stop and relaunch the app)'}.`,
          { details: { mainResponsive: alive } },
        );
      }
      if (isToolError(error)) throw error;
      throw new ToolError('EVAL_ERROR', evalMessage(error));
    }
    return unwrapResult(raw);
  },
});

/** How long a page gets to answer `1` before it counts as busy, and again after a terminate. */
const BUSY_PROBE_MS = 750;
const RECOVERY_PROBE_MS = 3_000;
/** How long opening a DevTools session on the page may take. */
const CDP_OPEN_MS = 5_000;

const evalRenderer = defineSessionTool({
  name: 'electron_eval_renderer',
  title: 'Eval in renderer',
  description: 'Run JavaScript in the active page.',
  kind: 'destructive',
  gate: 'eval:renderer',
  input: { code: codeParam(), arg: argParam(), timeoutMs: Params.timeoutMs(EVAL_TIMEOUT.maxMs) },
  detail: {
    notes:
      "code is an async function body with arg in scope, run in the page (DevTools evaluation: the page's CSP does not apply); return a JSON-serialisable value. " +
      `Returns { result } (undefined becomes null); results over ${MAX_RESULT_CHARS} JSON chars fail with RESULT_TOO_LARGE. A throw is EVAL_ERROR with its message. ` +
      `When it runs past timeoutMs (default ${EVAL_TIMEOUT.defaultMs}) a busy script is terminated: EVAL_TIMEOUT when the page answers again, RENDERER_UNRESPONSIVE when it does not. Needs --allow-eval or --allow-eval=renderer.`,
    errors: ['WINDOW_NOT_FOUND', 'EVAL_ERROR', 'EVAL_TIMEOUT', 'RESULT_TOO_LARGE', 'RENDERER_UNRESPONSIVE'],
    example: { code: 'return document.title;' },
  },
  async handle(args, { session }) {
    const page = session.pageOrThrow();
    const surface = session.surfaceOrThrow();
    const timeoutMs = clampTimeout(args.timeoutMs, EVAL_TIMEOUT.defaultMs, EVAL_TIMEOUT.maxMs);
    // Opened before running the code: a page stuck in a loop can no longer accept a new session.
    await cdpSessionFor(page, CDP_OPEN_MS).catch((error: unknown) => {
      throw isToolError(error) ? error : rendererUnresponsive(CDP_OPEN_MS);
    });
    const expression = `(async (arg) => {\n${wrapBody(args.code)}\n})(${JSON.stringify(args.arg ?? null)})`;
    const running = surface.evaluate(expression);
    let raw: unknown;
    try {
      raw = await within(running, timeoutMs, unresponsiveAfter(timeoutMs));
    } catch (error) {
      if (isToolError(error) && error.code === 'RENDERER_UNRESPONSIVE') throw await afterTimeout(surface, page, timeoutMs);
      if (isToolError(error)) throw error;
      throw new ToolError('EVAL_ERROR', evalMessage(error));
    }
    return unwrapResult(raw);
  },
});

/**
 * The code overran its time. A page that still answers was only awaiting something; a busy one is
 * stopped with Runtime.terminateExecution, then asked again whether it answers.
 */
async function afterTimeout(
  surface: { evaluate(expression: string): Promise<unknown> },
  page: Parameters<typeof cdpSend>[0],
  timeoutMs: number,
): Promise<ToolError> {
  const answers = (ms: number) => within(surface.evaluate('1'), ms, () => false).then(Boolean, () => false);
  if (await answers(BUSY_PROBE_MS)) {
    return new ToolError(
      'EVAL_TIMEOUT',
      `The code did not finish within ${timeoutMs} ms (it is still awaiting); the page answers normally.`,
      {
        details: { terminated: false, responsive: true },
      },
    );
  }
  await cdpSend(page, 'Runtime.terminateExecution', {}, 2_000).catch(() => undefined);
  if (await answers(RECOVERY_PROBE_MS)) {
    return new ToolError('EVAL_TIMEOUT', `The code ran past ${timeoutMs} ms and was terminated; the page answers again.`, {
      details: { terminated: true, responsive: true },
    });
  }
  return rendererUnresponsive(RECOVERY_PROBE_MS, { terminated: true, responsive: false, ranPastMs: timeoutMs });
}

/** Running the agent's JavaScript in the app, behind --allow-eval. */
export const EVAL_TOOLS: readonly AnyToolDefinition[] = [evalMain, evalRenderer];
