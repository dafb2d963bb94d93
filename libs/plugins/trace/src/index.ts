import { resolve } from 'node:path';
import { credentialFieldsSetting, defaultOutputDir, definePlugin, Type, type ServerConfig, type SessionManager } from '@stagewright/sdk';
import { Recorder } from './recorder.js';
import { DEFAULT_REDACTED_FIELDS, Redactor } from './redact.js';
import { traceTools } from './trace-tools.js';
import { tokensTool } from './tokens-tool.js';
import { BudgetSetting, TokenBudget } from './token-budget.js';
import { TokenLedger } from './token-ledger.js';

const DEFAULT_DIR = defaultOutputDir('traces');

const configSchema = Type.Object(
  {
    dir: Type.String({ minLength: 1, maxLength: 1000, default: DEFAULT_DIR }),
    // The one credential setting of the sdk: its list by default, its limits (network uses it too).
    redact: credentialFieldsSetting(),
    maxRecords: Type.Integer({ minimum: 1, maximum: 100_000, default: 2000 }),
    maxStringChars: Type.Integer({ minimum: 100, maximum: 1_000_000, default: 20_000 }),
    // The operator's cap on the tokens of the answers this server sends (token-budget.ts).
    budget: BudgetSetting,
  },
  { additionalProperties: false },
);

/** What each trace code means and what to do next (the registry is the one place for it). */
const TRACE_ERROR_CODES = {
  ALREADY_RECORDING: { retryable: false, hint: 'Call trace_stop, then trace_start again.' },
  NOT_RECORDING: { retryable: false, hint: 'Call trace_start first.' },
  EXISTS: { retryable: false, hint: 'Pass another name to trace_start.' },
  BUDGET_EXCEEDED: {
    retryable: false,
    hint: 'Stop working: end the app with electron_stop, call trace_stop, and report what is done and what is left. Only the operator can raise the budget (restart with a larger trace budget).',
  },
};

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
  // Every answer of this server, trace or no trace: what the session costs, and what the budget counts.
  const ledger = new TokenLedger();
  const costs: { ledger: TokenLedger; budget?: TokenBudget } = { ledger };
  return definePlugin({
    name: 'trace',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    configSchema,
    safeConfigFields: ['dir', 'redact', 'maxRecords', 'maxStringChars', 'budget'],
    tools: [...traceTools(recorder), tokensTool(costs)],
    errorCodes: TRACE_ERROR_CODES,
    status: () => ({ tokens: ledger.tokens, calls: ledger.calls, ...(costs.budget ? { budget: costs.budget.summary() } : {}) }),
    setup(ctx) {
      server = ctx.server;
      sessions = ctx.sessions;
      Object.assign(recorder.settings, {
        dir: resolve(ctx.config.dir),
        redactor: new Redactor(ctx.config.redact),
        maxRecords: ctx.config.maxRecords,
        maxStringChars: ctx.config.maxStringChars,
      });
      if (ctx.config.budget) costs.budget = new TokenBudget(ctx.config.budget.tokens, ctx.config.budget.warnAt, ledger, ctx.log);
      ctx.observe((record) => {
        ledger.add(record);
        costs.budget?.afterAnswer();
        recorder.observe(record);
      });
      // Playwright tracing needs the app's context open: started before calls, saved before stops.
      // Stable locators for ref calls are worked out before the call, while the element is there.
      ctx.guard(async (call) => {
        // The budget refuses before anything else runs; recording itself never refuses.
        costs.budget?.admitOrThrow(call.tool);
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
