import { Params, ToolError, Type, clampTimeout, defineTool, isToolError } from '@stagewright/sdk';
import { SESSION_ERRORS } from '../shared/session-errors.js';
import { evalMessage, unwrapResult, wrapBody, MAX_RESULT_CHARS } from './wrap-body.js';

export const EVAL_TIMEOUT = { defaultMs: 10_000, maxMs: 60_000 } as const;
export const codeParam = () => Type.String({ maxLength: 20_000 });
export const argParam = () => Type.Optional(Type.Unknown());

export const evalMainTool = defineTool({
  name: 'electron_eval_main',
  title: 'Eval in main process',
  description: 'Run JavaScript in the Electron main process.',
  kind: 'destructive',
  gate: 'eval:main',
  input: Type.Object({ code: codeParam(), arg: argParam(), timeoutMs: Params.timeoutMs(EVAL_TIMEOUT.maxMs), sessionId: Params.sessionId() }, { additionalProperties: false }),
  detail: {
    notes: 'code is an async function body with electron (the module), arg and require in scope; return a JSON-serialisable value. ' +
      `Returns { result } (undefined becomes null); results over ${MAX_RESULT_CHARS} JSON chars fail with RESULT_TOO_LARGE. A throw is EVAL_ERROR with its message; ` +
      `no answer within timeoutMs (default ${EVAL_TIMEOUT.defaultMs}) is EVAL_TIMEOUT, which says whether the main process still answers. Needs --allow-eval or --allow-eval=main.`,
    errors: [...SESSION_ERRORS, 'MAIN_PROCESS_UNAVAILABLE', 'EVAL_ERROR', 'EVAL_TIMEOUT', 'RESULT_TOO_LARGE'],
    example: { code: 'return electron.app.getName();' },
  },
  async handle(args, ctx) {
    const session = ctx.sessionOrThrow(args.sessionId);
    const timeoutMs = clampTimeout(args.timeoutMs, EVAL_TIMEOUT.defaultMs, EVAL_TIMEOUT.maxMs);
    let raw: unknown;
    try {
      raw = await session.evaluateMain(wrapBody(args.code), args.arg ?? null, timeoutMs);
    } catch (error) {
      if (isToolError(error) && error.code === 'EVAL_TIMEOUT') {
        const alive = await session.evaluateMain('return 1;', null, 1_000).then(() => true, () => false);
        throw new ToolError('EVAL_TIMEOUT', `The code did not finish within ${timeoutMs} ms; ${alive ? 'the main process still answers' : 'the main process does not answer (stop and relaunch the app)'}.`, {
          details: { mainResponsive: alive },
          next: alive ? undefined : ['electron_stop', 'electron_launch'],
        });
      }
      if (isToolError(error)) throw error;
      throw new ToolError('EVAL_ERROR', evalMessage(error));
    }
    return unwrapResult(raw);
  },
});
