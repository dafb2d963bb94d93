import { Params, ToolError, Type, clampTimeout, defineTool, isToolError } from '@stagewright/sdk';
import { withDeadline } from '../read/probe.js';
import { SESSION_ERRORS } from '../shared/session-errors.js';
import { cdpSend, cdpSessionFor } from '../observe/cdp-session.js';
import { EVAL_TIMEOUT, argParam, codeParam } from './eval-main.js';
import { evalMessage, unwrapResult, wrapBody, MAX_RESULT_CHARS } from './wrap-body.js';

/** How long a page gets to answer `1` before it counts as busy, and again after a terminate. */
const BUSY_PROBE_MS = 750;
const RECOVERY_PROBE_MS = 3_000;

export const evalRendererTool = defineTool({
  name: 'electron_eval_renderer',
  title: 'Eval in renderer',
  description: 'Run JavaScript in the active page.',
  kind: 'destructive',
  gate: 'eval:renderer',
  input: Type.Object({ code: codeParam(), arg: argParam(), timeoutMs: Params.timeoutMs(EVAL_TIMEOUT.maxMs), sessionId: Params.sessionId() }, { additionalProperties: false }),
  detail: {
    notes: 'code is an async function body with arg in scope, run in the page (DevTools evaluation: the page\'s CSP does not apply); return a JSON-serialisable value. ' +
      `Returns { result } (undefined becomes null); results over ${MAX_RESULT_CHARS} JSON chars fail with RESULT_TOO_LARGE. A throw is EVAL_ERROR with its message. ` +
      `When it runs past timeoutMs (default ${EVAL_TIMEOUT.defaultMs}) a busy script is terminated: EVAL_TIMEOUT when the page answers again, RENDERER_UNRESPONSIVE when it does not. Needs --allow-eval or --allow-eval=renderer.`,
    errors: [...SESSION_ERRORS, 'WINDOW_NOT_FOUND', 'EVAL_ERROR', 'EVAL_TIMEOUT', 'RESULT_TOO_LARGE', 'RENDERER_UNRESPONSIVE'],
    example: { code: 'return document.title;' },
  },
  async handle(args, ctx) {
    const session = ctx.sessionOrThrow(args.sessionId);
    const page = session.page();
    const surface = session.surface();
    const timeoutMs = clampTimeout(args.timeoutMs, EVAL_TIMEOUT.defaultMs, EVAL_TIMEOUT.maxMs);
    // Opened before running the code: a page stuck in a loop can no longer accept a new session.
    await cdpSessionFor(page).catch((error: unknown) => {
      throw isToolError(error) ? error : new ToolError('RENDERER_UNRESPONSIVE', `The page cannot be reached: ${evalMessage(error)}`);
    });
    const expression = `(async (arg) => {\n${wrapBody(args.code)}\n})(${JSON.stringify(args.arg ?? null)})`;
    const running = surface.evaluate(expression);
    let raw: unknown;
    try {
      raw = await withDeadline(running, timeoutMs);
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
async function afterTimeout(surface: { evaluate(expression: string): Promise<unknown> }, page: Parameters<typeof cdpSend>[0], timeoutMs: number): Promise<ToolError> {
  const answers = (ms: number) => withDeadline(surface.evaluate('1'), ms).then(() => true, () => false);
  if (await answers(BUSY_PROBE_MS)) {
    return new ToolError('EVAL_TIMEOUT', `The code did not finish within ${timeoutMs} ms (it is still awaiting); the page answers normally.`, {
      details: { terminated: false, responsive: true },
    });
  }
  await cdpSend(page, 'Runtime.terminateExecution', {}, 2_000).catch(() => undefined);
  if (await answers(RECOVERY_PROBE_MS)) {
    return new ToolError('EVAL_TIMEOUT', `The code ran past ${timeoutMs} ms and was terminated; the page answers again.`, {
      details: { terminated: true, responsive: true },
    });
  }
  return new ToolError('RENDERER_UNRESPONSIVE', `The code ran past ${timeoutMs} ms and the page no longer answers.`, {
    hint: 'Reload the window or stop and relaunch the app.',
    details: { terminated: true, responsive: false },
    next: ['electron_stop', 'electron_launch'],
  });
}
