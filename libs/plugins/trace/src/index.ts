import { resolve } from 'node:path';
import { credentialFieldsSetting, defaultOutputDir, definePlugin, Type, type ServerConfig, type SessionManager } from '@stagewright/sdk';
import { Recorder } from './recorder.js';
import { DEFAULT_REDACTED_FIELDS, Redactor } from './redact.js';
import { traceTools } from './trace-tools.js';

const DEFAULT_DIR = defaultOutputDir('traces');

const configSchema = Type.Object(
  {
    dir: Type.String({ minLength: 1, maxLength: 1000, default: DEFAULT_DIR }),
    // The one credential setting of the sdk: its list by default, its limits (network uses it too).
    redact: credentialFieldsSetting(),
    maxRecords: Type.Integer({ minimum: 1, maximum: 100_000, default: 2000 }),
    maxStringChars: Type.Integer({ minimum: 100, maximum: 1_000_000, default: 20_000 }),
  },
  { additionalProperties: false },
);

/**
 * The trace plugin: records every dispatch of its server (through the dispatch-observer seam) to
 * a JSONL file in one artifact folder. A factory: each server gets its own recorder.
 */
export function createTracePlugin() {
  let server: ServerConfig | undefined;
  let sessions: SessionManager | undefined;
  const recorder = new Recorder(
    { dir: DEFAULT_DIR, redactor: new Redactor(DEFAULT_REDACTED_FIELDS), maxRecords: 2000, maxStringChars: 20_000 },
    () => server!,
    () => sessions!,
  );
  return definePlugin({
    name: 'trace',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    configSchema,
    safeConfigFields: ['dir', 'redact', 'maxRecords', 'maxStringChars'],
    tools: traceTools(recorder),
    errorCodes: {
      ALREADY_RECORDING: { retryable: false, hint: 'Call trace_stop, then trace_start again.' },
      NOT_RECORDING: { retryable: false, hint: 'Call trace_start first.' },
      EXISTS: { retryable: false, hint: 'Pass another name to trace_start.' },
    },
    setup(ctx) {
      server = ctx.server;
      sessions = ctx.sessions;
      Object.assign(recorder.settings, {
        dir: resolve(ctx.config.dir),
        redactor: new Redactor(ctx.config.redact),
        maxRecords: ctx.config.maxRecords,
        maxStringChars: ctx.config.maxStringChars,
      });
      ctx.observe((record) => recorder.observe(record));
      // Playwright tracing needs the app's context open: started before calls, saved before stops.
      // Stable locators for ref calls are worked out before the call, while the element is there.
      ctx.guard(async (call) => {
        try {
          await recorder.current?.playwright?.beforeCall(call.tool, call.args);
        } catch {
          // Recording must never refuse a call.
        }
        await recorder.beforeCall(call.tool, call.args).catch(() => undefined);
      });
      ctx.onSessionEnd((end) => recorder.current?.playwright?.lost(end.id));
    },
    teardown: async () => {
      await recorder.stop('shutdown');
    },
  });
}

export { DEFAULT_REDACTED_FIELDS, REDACTED } from './redact.js';
export default () => createTracePlugin();
