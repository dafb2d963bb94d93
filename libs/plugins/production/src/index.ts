import { definePlugin } from '@stagewright/sdk';
import { packagingTool } from './packaging-tool.js';
import { createValidateTool } from './validate-tool.js';

/**
 * The production plugin: release checks of a packaged app that need no session. production_validate
 * reads fuses, app.asar and package.json and runs the platform's signature tools (fixed argv, no
 * shell, bounded in time); production_packaging reads what the packager declared (URL schemes,
 * update feed, crash reporter). Each check has a pass / fail / unknown verdict. Keeps no state.
 */
export function createProductionPlugin() {
  return definePlugin({
    name: 'production',
    version: '0.2.0',
    sdkRange: '^1.4.0',
    tools: [createValidateTool(), packagingTool],
    errorCodes: {
      NOT_FOUND: { retryable: false, hint: 'Pass the folder the packager wrote, the app executable or the .app bundle.' },
    },
  });
}

/** What `--plugin` loads: a factory, called once per server. */
export default function productionPlugin() {
  return createProductionPlugin();
}
