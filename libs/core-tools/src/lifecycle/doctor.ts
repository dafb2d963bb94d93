import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Type, defineTool, type DoctorCheck } from '@stagewright/sdk';

const require = createRequire(import.meta.url);

export const doctorTool = defineTool({
  name: 'electron_doctor',
  title: 'Preflight checks',
  description: 'Check Node, Playwright, the Electron runtime, display, paths and eval policy.',
  kind: 'read',
  input: Type.Object({}, { additionalProperties: false }),
  detail: { notes: 'Each check has name, ok and detail; ok is false for anything that would make a launch fail.', errors: [] },
  async handle(_args, ctx) {
    const checks: DoctorCheck[] = [];
    const major = Number(process.versions.node.split('.')[0]);
    checks.push({ name: 'node', ok: major >= 20, detail: process.versions.node });
    checks.push(playwrightCheck());
    checks.push(...((await ctx.sessions.doctor?.()) ?? [{ name: 'electron runtime', ok: false, detail: 'this server has no driver' }]));
    const display = process.env.DISPLAY ?? process.env.WAYLAND_DISPLAY;
    checks.push({ name: 'display', ok: true, detail: display ? `display ${display}` : 'no display: apps must run headless (the stand-in runtime does)' });
    checks.push(writable('screenshot dir', ctx.config.screenshotDir));
    if (ctx.config.appRoot) checks.push({ name: 'app root', ok: existsSync(ctx.config.appRoot), detail: ctx.config.appRoot });
    const grants = ctx.config.allowEval;
    checks.push({ name: 'eval policy', ok: true, detail: grants.length ? `allowed: ${grants.join(', ')}` : 'off (start with --allow-eval to enable)' });
    return { ok_all: checks.every((c) => c.ok), checks };
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
