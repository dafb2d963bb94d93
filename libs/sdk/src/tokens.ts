/**
 * DI tokens shared by the composition root, the kernel, the driver and tool modules. Every
 * injectable names its dependencies with `@inject(TOKEN)`: esbuild emits no decorator metadata.
 */
export const TOOL_MODULE = Symbol.for('stagewright.ToolModule');
export const SESSION_MANAGER = Symbol.for('stagewright.SessionManager');
export const SERVER_CONFIG = Symbol.for('stagewright.ServerConfig');
export const LOGGER = Symbol.for('stagewright.Logger');
/** Optional driver configuration (`DriverOptions`): the composition root or test harness provides it. */
export const DRIVER_OPTIONS = Symbol.for('stagewright.DriverOptions');
