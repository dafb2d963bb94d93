// A valid plugin as a third party would ship it (plain ESM, no build step). It exports a factory,
// so each server gets its own counter: the test for per-instance plugin state relies on that.
export default function createSamplePlugin() {
  let count = 0;
  let greeting = '';
  return {
    name: 'sample',
    version: '1.0.0',
    sdkRange: '^1.0.0',
    configSchema: {
      type: 'object',
      properties: { greeting: { type: 'string', default: 'hello' }, token: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    safeConfigFields: ['greeting'],
    errorCodes: { EMPTY: { retryable: false, hint: 'Call sample_bump first.' } },
    tools: [
      {
        name: 'bump',
        title: 'Bump',
        description: 'Add one to the counter.',
        kind: 'action',
        input: { type: 'object', properties: {}, additionalProperties: false },
        handle: () => ({ count: ++count, greeting }),
      },
      {
        name: 'read',
        title: 'Read',
        description: 'Read the counter.',
        kind: 'read',
        input: { type: 'object', properties: {}, additionalProperties: false },
        detail: { errors: ['EMPTY'] },
        handle: () => {
          if (count === 0) {
            const error = new Error('Nothing counted yet.');
            error.name = 'ToolError';
            error.code = 'EMPTY';
            throw error;
          }
          return { count };
        },
      },
      {
        name: 'peek',
        title: 'Peek',
        description: 'Eval-gated peek.',
        kind: 'read',
        gate: 'eval:main',
        input: { type: 'object', properties: {}, additionalProperties: false },
        handle: () => ({ count }),
      },
    ],
    setup(ctx) {
      greeting = ctx.config.greeting;
    },
    teardown() {
      count = 0;
    },
  };
}
