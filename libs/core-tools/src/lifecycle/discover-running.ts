import { Type, ToolError, defineTool } from '@stagewright/sdk';

/** Ports apps commonly expose: Chrome/Electron remote debugging and the Node inspector. */
const DEFAULT_PORTS = [9222, 9223, 9224, 9225, 9226, 9227, 9228, 9229, 9230, 9231, 9232, 9233, 9234, 9235];

export const discoverRunningTool = defineTool({
  name: 'electron_discover_running',
  title: 'Discover running apps',
  description: 'Scan loopback ports for debuggable apps (CDP and Node inspector).',
  kind: 'read',
  input: Type.Object(
    { ports: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 65_535 }), { maxItems: 100 })) },
    { additionalProperties: false },
  ),
  detail: {
    notes: `Only 127.0.0.1 is probed. Default ports: ${DEFAULT_PORTS.join(', ')}. kind "cdp" goes to electron_attach port, "inspector" to inspectPort.`,
    errors: ['NOT_SUPPORTED'],
  },
  async handle(args, ctx) {
    if (!ctx.sessions.discover) throw new ToolError('NOT_SUPPORTED', 'This server has no driver to probe ports with.');
    return { endpoints: await ctx.sessions.discover(args.ports ?? DEFAULT_PORTS) };
  },
});
