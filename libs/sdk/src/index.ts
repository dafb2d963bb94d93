export { default as Type } from 'typebox';
export type { Static, TSchema, TObject, TProperties } from 'typebox';
export * from './tool.js';
export * from './errors.js';
export * from './context.js';
export * from './impersonation.js';
export * from './session.js';
export * from './params.js';
export * from './core-tool-names.js';
export * from './session-tool.js';
export * from './element-tool.js';
export * from './plugin.js';
export * from './tokens.js';
export * from './aria-snapshot.js';
export * from './content-names.js';
export * from './result.js';
export * from './credentials.js';
export * from './secret-fields.js';
export * from './private-files.js';

/** Package version of the sdk. A plugin's `sdkRange` is checked against `PLUGIN_API` (the contract), not this. */
export const SDK_VERSION = '0.1.0';
export * from './within.js';
export * from './inside-root.js';
export * from './failure.js';
export * from './page-probe.js';
export * from './main-agent.js';
export * from './page-errors.js';
export * from './action-effects.js';
