import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CoreTools, ToolError, Type, defineSessionTool, defineTool, type AnyToolDefinition, type DoctorCheck } from '@stagewright/sdk';

const require = createRequire(import.meta.url);

/** Ports apps commonly expose: Chrome/Electron remote debugging and the Node inspector. */
const DEFAULT_PORTS = [9222, 9223, 9224, 9225, 9226, 9227, 9228, 9229, 9230, 9231, 9232, 9233, 9234, 9235];

function withPluginStatus(plugins: Record<string, unknown> | undefined): { plugins?: Record<string, unknown> } {
  return plugins ? { plugins } : {};
}

/** What the operator lets the agent switch on itself (electron_enable), when anything is left to enable. */
function withOffers(offered: { plugins: string[]; profiles: string[] } | undefined): {
  offered?: { plugins: string[]; profiles: string[] };
} {
  return offered ? { offered } : {};
}

const status = defineTool({
  name: CoreTools.status,
  title: 'Server status',
  description: 'Server version, uptime, started_at, last_error (code, tool, time only) and sessions.',
  kind: 'read',
  input: {},
  detail: {
    notes:
      "server.last_error: code, tool and time only (never arguments, paths or log content). Sessions: id, kind, state, pid, windows, exit facts. plugins: each plugin's status() by name, and switched_off tools by missing grant. offered: what the operator lets the agent switch on.",
    errors: [],
  },
  handle(_args, ctx) {
    const started = Date.parse(ctx.serverState.startedAt);
    return {
      server: {
        version: ctx.server.serverVersion,
        uptime_s: Math.round((Date.now() - started) / 1000),
        started_at: ctx.serverState.startedAt,
        last_error: ctx.serverState.lastError() ?? null,
        // The operator's grants in force (the start-up line says the same): eval targets, and what the agent may impersonate.
        grants: {
          eval: ctx.server.allowEval,
          impersonation: ctx.server.allowImpersonation ?? [],
          appRoot: ctx.server.appRoot !== undefined,
        },
      },
      sessions: ctx.sessions.list(),
      ...withPluginStatus(ctx.serverState.pluginStatus?.()),
      ...withOffers(ctx.serverState.offers?.()),
    };
  },
});

const info = defineSessionTool({
  name: 'electron_info',
  title: 'App info',
  description: 'App name, version, paths, Electron/Chrome/Node versions and capabilities.',
  kind: 'read',
  input: {},
  detail: { notes: 'Without main-process access (attached without inspectPort) only versions from the user agent are known.' },
  async handle(_args, { session }) {
    return { sessionId: session.id, kind: session.kind, ...(await session.info()) };
  },
});

function playwrightCheck(): DoctorCheck {
  try {
    const version = (require('playwright-core/package.json') as { version: string }).version;
    return { name: 'playwright-core', ok: true, detail: version };
  } catch {
    return { name: 'playwright-core', ok: false, detail: 'not installed' };
  }
}

function writable(name: string, dir: string): DoctorCheck {
  try {
    accessSync(existsSync(dir) ? dir : process.cwd(), constants.W_OK);
    return { name, ok: true, detail: existsSync(dir) ? 'writable' : 'will be created' };
  } catch {
    return { name, ok: false, detail: 'not writable' };
  }
}

const doctor = defineTool({
  name: CoreTools.doctor,
  title: 'Preflight checks',
  description: 'Check Node, Playwright, the Electron runtime, display, paths and eval policy.',
  kind: 'read',
  input: {},
  detail: { notes: 'Each check has name, ok and detail; ok is false for anything that would make a launch fail.', errors: [] },
  async handle(_args, ctx) {
    const checks: DoctorCheck[] = [];
    const major = Number(process.versions.node.split('.')[0]);
    checks.push({ name: 'node', ok: major >= 20, detail: process.versions.node });
    checks.push(playwrightCheck());
    checks.push(...((await ctx.sessions.doctor?.()) ?? [{ name: 'electron runtime', ok: false, detail: 'this server has no driver' }]));
    const display = process.env.DISPLAY ?? process.env.WAYLAND_DISPLAY;
    checks.push({
      name: 'display',
      ok: true,
      detail: display ? `display ${display}` : 'no display: apps must run headless (the stand-in runtime does)',
    });
    checks.push(writable('screenshot dir', ctx.server.screenshotDir));
    if (ctx.server.appRoot) checks.push({ name: 'app root', ok: existsSync(ctx.server.appRoot), detail: ctx.server.appRoot });
    const grants = ctx.server.allowEval;
    checks.push({
      name: 'eval policy',
      ok: true,
      detail: grants.length ? `allowed: ${grants.join(', ')}` : 'off (start with --allow-eval to enable)',
    });
    const impersonation = ctx.server.allowImpersonation ?? [];
    checks.push({
      name: 'impersonation policy',
      ok: true,
      detail: impersonation.length ? `allowed: ${impersonation.join(', ')}` : 'off (start with --allow-impersonation to enable)',
    });
    return { ok_all: checks.every((c) => c.ok), checks };
  },
});

const discoverRunning = defineTool({
  name: 'electron_discover_running',
  title: 'Discover running apps',
  description: 'Scan loopback ports for debuggable apps (CDP and Node inspector).',
  kind: 'read',
  input: { ports: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 65_535 }), { maxItems: 100 })) },
  detail: {
    notes: `Only 127.0.0.1 is probed. Default ports: ${DEFAULT_PORTS.join(', ')}. kind "cdp" goes to electron_attach port, "inspector" to inspectPort. Ports of apps another session of this server launched are not probed.`,
    errors: ['NOT_SUPPORTED'],
  },
  async handle(args, ctx) {
    if (!ctx.sessions.discover) throw new ToolError('NOT_SUPPORTED', 'This server has no driver to probe ports with.');
    return { endpoints: await ctx.sessions.discover(args.ports ?? DEFAULT_PORTS) };
  },
});

/** Facts about the server, the runtime and the apps around it. */
export const SERVER_TOOLS: readonly AnyToolDefinition[] = [status, info, doctor, discoverRunning];
