import { credentialFieldsSetting, credentialMatcher, definePlugin, Type } from '@stagewright/sdk';
import { captureTools } from './capture-tools.js';
import { NetworkSessions } from './session-state.js';
import { stubTools } from './stub-tools.js';

const configSchema = Type.Object(
  {
    redactHeaders: credentialFieldsSetting(),
    maxEvents: Type.Integer({ minimum: 10, maximum: 10_000, default: 500 }),
  },
  { additionalProperties: false },
);

/**
 * The network plugin: capture and stub the requests of a session's windows through Playwright's
 * browser-context APIs from the server side. Nothing runs in the app, so no tool is eval-gated;
 * what a stub may answer without the renderer grant is decided per request (stub-policy.ts).
 * `sessions` is a parameter only so that tests can check nothing is left in it.
 */
export function createNetworkPlugin(sessions = new NetworkSessions()) {
  const settings = { redacted: credentialMatcher(), maxEvents: 500 };
  return definePlugin({
    name: 'network',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    configSchema,
    safeConfigFields: ['redactHeaders', 'maxEvents'],
    tools: [...captureTools(sessions, settings), ...stubTools(sessions)],
    errorCodes: {
      NOT_CAPTURING: { retryable: false, hint: 'Call network_capture first.' },
      STUB_NOT_FOUND: { retryable: false, hint: 'Use a stubId returned by network_stub; network_unstub without stubId removes all.' },
    },
    setup(ctx) {
      settings.redacted = credentialMatcher(ctx.config.redactHeaders);
      settings.maxEvents = ctx.config.maxEvents;
      ctx.onSessionEnd((end) => sessions.release(end.id));
    },
    teardown: () => sessions.releaseAll(),
  });
}

/** The module's plugin: a factory, so each server gets its own sessions and its own settings. */
export default function networkPlugin() {
  return createNetworkPlugin();
}
