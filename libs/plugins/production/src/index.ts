import { definePlugin } from '@stagewright/sdk';
import { validateTool } from './validate-tool.js';

/**
 * The production plugin: static checks of a packaged app that work on every platform and need
 * no session (fuses with @electron/fuses, app.asar with @electron/asar, package.json), each with
 * a pass / fail / unknown verdict and what it means for automating the app. Read-only; keeps no
 * state, so one object serves every server.
 */
export function createProductionPlugin() {
  return definePlugin({
    name: 'production',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    tools: [validateTool],
    errorCodes: {
      NOT_FOUND: { retryable: false, hint: 'Pass the folder the packager wrote, the app executable or the .app bundle.' },
    },
  });
}

/** What `--plugin` loads: a factory, called once per server. */
export default function productionPlugin() {
  return createProductionPlugin();
}
