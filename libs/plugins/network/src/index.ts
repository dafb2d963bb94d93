import { ToolError, Type, credentialFieldsSetting, credentialMatcher, credentialRule, definePlugin } from '@stagewright/sdk';
import { captureTools } from './capture-tools.js';
import { createMainNetAgent } from './main/main-runtime.js';
import { mainTools } from './main/main-tools.js';
import { NetworkSessions } from './session-state.js';
import { stubTools } from './stub-tools.js';

/** Body characters a capture keeps unless it asks for more, and the operator's ceiling by default. */
const DEFAULT_BODY_CHARS = 4096;
const DEFAULT_BODY_CAP = 65_536;
/** The operator may raise the ceiling to 1 MiB; a read page still stops adding events past 40,000 characters. */
const MAX_BODY_CAP = 1_048_576;

const configSchema = Type.Object(
  {
    redact: credentialFieldsSetting(),
    maxEvents: Type.Integer({ minimum: 10, maximum: 10_000, default: 500 }),
    maxBodyBytes: Type.Integer({ minimum: 1024, maximum: MAX_BODY_CAP, default: DEFAULT_BODY_CAP }),
  },
  { additionalProperties: false },
);

/**
 * The network plugin: capture and stub the requests of a session's windows through Playwright's
 * browser-context APIs from the server side, and those of the app's main process through the
 * plugin's fixed main-process hooks (preloaded at launch, ADR-0006). No tool runs the agent's code,
 * so none is eval-gated; what a stub may answer without a grant is decided per request
 * (stub-policy.ts) and per content type. `sessions` is a parameter only so that tests can check
 * nothing is left in it.
 */
export function createNetworkPlugin(sessions = new NetworkSessions()) {
  const main = createMainNetAgent();
  const settings = {
    redacted: credentialMatcher(),
    maxEvents: 500,
    maxBodyCap: DEFAULT_BODY_CAP,
    maxBodyBytesOrThrow(requested: number | undefined): number {
      if (requested === undefined) return Math.min(DEFAULT_BODY_CHARS, this.maxBodyCap);
      if (requested >= 0 && requested <= this.maxBodyCap) return requested;
      throw new ToolError(
        'BAD_ARGUMENT',
        `maxBodyBytes ${requested} is outside 0..${this.maxBodyCap}, this server's cap (the operator may raise plugin config maxBodyBytes up to ${MAX_BODY_CAP}).`,
        { details: { param: 'maxBodyBytes', max: this.maxBodyCap } },
      );
    },
  };
  return definePlugin({
    name: 'network',
    version: '0.2.0',
    sdkRange: '^1.4.0',
    configSchema,
    safeConfigFields: ['redact', 'maxEvents', 'maxBodyBytes'],
    formerConfigKeys: { redactHeaders: 'redact' },
    tools: [...captureTools(sessions, settings, main), ...stubTools(sessions, main), ...mainTools(main, settings)],
    errorCodes: {
      NOT_CAPTURING: { retryable: false, hint: 'Call network_capture (or network_main_capture) first.' },
      STUB_NOT_FOUND: {
        retryable: false,
        hint: 'Use a stubId returned by network_stub or network_main_stub; network_unstub without stubId removes all.',
      },
    },
    setup(ctx) {
      settings.redacted = credentialMatcher(ctx.config.redact);
      settings.maxEvents = ctx.config.maxEvents;
      settings.maxBodyCap = ctx.config.maxBodyBytes;
      main.options.capacity = ctx.config.maxEvents;
      main.options.redact = credentialRule(ctx.config.redact);
      ctx.instrumentMain(main.instrumentation({ op: 'install' }));
      // A detached app keeps running: the main-process hooks come out before the connection goes.
      main.undoOnDetach(ctx, 'remove its network hooks');
      ctx.onSessionEnd((end) => sessions.release(end.id));
    },
    teardown: () => sessions.releaseAll(),
  });
}

/** The module's plugin: a factory, so each server gets its own sessions and its own settings. */
export default function networkPlugin() {
  return createNetworkPlugin();
}
