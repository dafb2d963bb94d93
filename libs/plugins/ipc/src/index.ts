import { Type, credentialFieldsSetting, credentialRule, definePlugin } from '@stagewright/sdk';
import { DEFAULT_MAX_EVENTS, createRuntime, type IpcRuntime } from './runtime.js';
import { captureTools } from './tools/capture-tools.js';
import { invokeStubTools } from './tools/invoke-stub-tools.js';

const configSchema = Type.Object({
  redact: credentialFieldsSetting(),
  maxEvents: Type.Integer({ minimum: 10, maximum: 10_000, default: DEFAULT_MAX_EVENTS }),
  allowChannels: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      minItems: 1,
      maxItems: 500,
      description: 'Channels (exact, or with * for any characters) the ipc tools may act on; unset: all.',
    }),
  ),
});

/**
 * The ipc plugin: capture, read and stop IPC capture, invoke, stub and list handle channels, all in
 * the app's main process (so every tool is gated eval:main). A factory: each server gets its own
 * runtime, and so its own key for the state it keeps inside apps. Tests may pass the runtime to
 * watch what the plugin keeps per session.
 */
export function createIpcPlugin(runtime: IpcRuntime = createRuntime()) {
  return definePlugin({
    name: 'ipc',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    tools: [...captureTools(runtime), ...invokeStubTools(runtime)],
    configSchema,
    safeConfigFields: ['redact', 'maxEvents', 'allowChannels'],
    formerConfigKeys: { redactKeys: 'redact', bufferSize: 'maxEvents' },
    errorCodes: {
      NOT_CAPTURING: { retryable: false, hint: 'Start a capture with ipc_capture first.' },
      NO_HANDLER: { retryable: true, hint: 'Check the channel name, or wait until the app registers its handler.' },
      INVOKE_FAILED: { retryable: false, hint: 'The handler threw; its message is in error.' },
      INVOKE_TIMEOUT: {
        retryable: true,
        hint: 'The handler did not answer in time; raise timeoutMs or capture the channel and read its answer later.',
      },
      CHANNEL_NOT_ALLOWED: {
        retryable: false,
        hint: "Use a channel on the operator's allowChannels list; only the operator can change it.",
      },
    },
    setup(ctx) {
      runtime.options.capacity = ctx.config.maxEvents;
      runtime.options.redact = credentialRule(ctx.config.redact);
      runtime.allowChannels = ctx.config.allowChannels;
      // A detached app keeps running: its handlers go back before the connection goes.
      runtime.undoOnDetach(ctx, "restore the app's IPC handlers");
    },
  });
}

/** What `--plugin` loads: a factory, called once per server. */
export default function ipcPlugin() {
  return createIpcPlugin();
}
