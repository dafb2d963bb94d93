import { Type, ToolError, defineTool, withImages, type AnyToolDefinition, type ToolModule } from '@stagewright/sdk';

/**
 * TEST-ONLY tools (never part of the shipped server): enough surface to exercise the kernel
 * through a real MCP client, one tool per kind plus one per eval gate.
 */
export const demoEcho = defineTool({
  name: 'electron_demo_echo',
  title: 'Echo',
  description: 'Echo text back.',
  kind: 'read',
  input: {
    text: Type.String({ maxLength: 100 }),
    mode: Type.Optional(Type.Union([Type.Literal('upper'), Type.Literal('lower')])),
    repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  },
  detail: { notes: 'Returns the text, transformed by mode.', values: { mode: ['upper', 'lower'] }, example: { text: 'hi', mode: 'upper' } },
  handle: ({ text, mode, repeat = 1 }) => {
    const shaped = mode === 'upper' ? text.toUpperCase() : mode === 'lower' ? text.toLowerCase() : text;
    return { echo: shaped.repeat(repeat) };
  },
});

/** Observed by tests: the signal a `wait` call saw, once it was aborted. */
export const observed: { abortReason?: unknown } = {};

export const demoWork = defineTool({
  name: 'electron_demo_work',
  title: 'Work',
  description: 'Do some work in the chosen way.',
  kind: 'action',
  input: {
    behavior: Type.Union(
      ['ok', 'throw', 'tool_error', 'hang', 'wait', 'progress', 'session', 'image', 'scalar'].map((v) => Type.Literal(v)),
    ),
  },
  detail: { errors: ['EXPECTATION_FAILED', 'NO_SESSION'] },
  async handle({ behavior }, ctx) {
    switch (behavior) {
      case 'throw':
        throw new Error('boom from the handler');
      case 'tool_error':
        throw new ToolError('EXPECTATION_FAILED', 'Expected "a", got "b".', { details: { expected: 'a', actual: 'b', similar: ['e1'] } });
      case 'hang':
        return new Promise(() => undefined);
      case 'wait':
        return new Promise((_, reject) =>
          ctx.signal.addEventListener('abort', () => {
            observed.abortReason = ctx.signal.reason;
            reject(ctx.signal.reason);
          }),
        );
      case 'progress':
        for (let step = 1; step <= 3; step++) ctx.progress({ progress: step, total: 3, message: `step ${step}` });
        return { steps: 3 };
      case 'session':
        return { session: (await ctx.sessionOrThrow()).id };
      case 'image':
        return withImages({ saved: true }, [{ data: Buffer.from('png').toString('base64'), mimeType: 'image/png' }]);
      case 'scalar':
        return 42;
      default:
        return { done: true, profile: ctx.server.toolProfile, lastError: ctx.serverState.lastError() ?? null };
    }
  },
});

export const demoCheck = defineTool({
  name: 'electron_demo_check',
  title: 'Check',
  description: 'Assert something.',
  kind: 'assert',
  input: {},
  handle: () => ({ passed: true }),
});

export const demoReset = defineTool({
  name: 'electron_demo_reset',
  title: 'Reset',
  description: 'Wipe everything.',
  kind: 'destructive',
  input: {},
  handle: () => ({ reset: true }),
});

/** Borrows a catalogue name that only the testing profile lists, so profile rules apply to it. */
export const demoDrag = defineTool({
  name: 'electron_drag',
  title: 'Drag (example)',
  description: 'Pretend to drag.',
  kind: 'action',
  input: {},
  handle: () => ({ dragged: true }),
});

const evalInput = { code: Type.String({ maxLength: 1000 }) };
export const demoEvalMain = defineTool({
  name: 'electron_demo_eval_main',
  title: 'Eval main',
  description: 'Eval in main.',
  kind: 'action',
  gate: 'eval:main',
  input: evalInput,
  handle: ({ code }) => ({ ran: code }),
});
export const demoEvalRenderer = defineTool({
  name: 'electron_demo_eval_renderer',
  title: 'Eval renderer',
  description: 'Eval in renderer.',
  kind: 'action',
  gate: 'eval:renderer',
  input: evalInput,
  handle: ({ code }) => ({ ran: code }),
});

export const EXAMPLE_TOOLS: readonly AnyToolDefinition[] = [
  demoWork,
  demoEcho,
  demoDrag,
  demoReset,
  demoCheck,
  demoEvalRenderer,
  demoEvalMain,
];

/** The example tools as a module value, registered under TOOL_MODULE like the core modules. */
export const exampleToolsModule: ToolModule = { name: 'example', tools: EXAMPLE_TOOLS };
