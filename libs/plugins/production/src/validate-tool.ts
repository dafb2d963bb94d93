import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { ToolError, Type, defineTool, isInsideRoot } from '@stagewright/sdk';
import { asarChecks, integrityRecordsCheck } from './asar-checks.js';
import { type Check, summarize } from './check.js';
import { fuseChecks } from './fuse-checks.js';
import { describeLayout, locateApp } from './locate-app.js';
import { embeddedIntegrityCheck, packageChecks, signatureChecks } from './package-and-platform-checks.js';

/** production_validate: static checks of a packaged app, no session, read-only. */
export const validateTool = defineTool({
  name: 'validate',
  title: 'Validate a packaged app',
  description: 'Static checks of a packaged Electron app (fuses, app.asar, package.json, signatures) with a verdict each.',
  kind: 'read',
  input: { path: Type.String({ minLength: 1, maxLength: 4096, description: 'App folder, executable or .app bundle' }) },
  detail: {
    notes:
      'Needs no session and changes nothing. Returns { verdict, counts: { pass, fail, unknown }, platform, executable, checks: [{ id, verdict, reason, agent? }], fuses, package? }. ' +
      'verdict is fail if any check fails, else unknown if any is unknown. Fuses are read with @electron/fuses, the archive with @electron/asar; ' +
      '`agent` says what the found state means for automating the app (e.g. the inspect fuse off: electron_launch and electron_inject cannot reach the main process). ' +
      'Platform checks (codesign, notarization, Authenticode) are always unknown with the command to run on that platform. Bounded: binaries over 1 GiB are not scanned, asar headers over 32 MiB not read. ' +
      'With --app-root the path must resolve inside it.',
    values: {
      checks: [
        'fuse:RunAsNode',
        'fuse:EnableNodeOptionsEnvironmentVariable',
        'fuse:EnableNodeCliInspectArguments',
        'fuse:EnableEmbeddedAsarIntegrityValidation',
        'fuse:OnlyLoadAppFromAsar',
        'fuse:EnableCookieEncryption',
        'fuse:GrantFileProtocolExtraPrivileges',
        'asar:present',
        'asar:readable',
        'asar:integrity',
        'asar:embedded-integrity',
        'package:metadata',
        'package:main',
        'signature:codesign',
        'signature:notarization',
        'signature:authenticode',
        'signature:package',
      ],
    },
    errors: ['PATH_OUTSIDE_ROOT', 'production.NOT_FOUND'],
    example: { path: 'out/MyApp-linux-x64' },
  },
  async handle(args, ctx) {
    const path = await existingPath(args.path, ctx.config.appRoot);
    const layout = locateApp(path);
    const fuses = await fuseChecks(layout.fuseFile);
    const asar = asarChecks(layout.resources);
    const checks: Check[] = [...fuses.checks, ...asar.checks];
    let pkg: Record<string, unknown> | undefined;
    if (asar.facts) {
      checks.push(integrityRecordsCheck(asar.facts), embeddedIntegrityCheck(layout, asar.facts));
      const found = packageChecks(asar.facts);
      checks.push(...found.checks);
      pkg = found.pkg as Record<string, unknown> | undefined;
    }
    checks.push(...signatureChecks(layout));
    return { ...summarize(checks), ...describeLayout(layout), checks, fuses: fuses.wire ?? null, ...(pkg ? { package: pkg } : {}) };
  },
});

/** The path made absolute, confined to --app-root (after symlinks) when one is set, and present. */
async function existingPath(path: string, appRoot: string | undefined): Promise<string> {
  const absolute = isAbsolute(path) ? path : resolve(process.cwd(), path);
  const real = await realpath(absolute).catch(() => undefined);
  if (appRoot) {
    const root = await realpath(appRoot);
    if (real === undefined || !isInsideRoot(root, real)) {
      // A missing path outside the root is refused the same way: no probing beyond it.
      throw new ToolError('PATH_OUTSIDE_ROOT', 'path resolves outside the app root.', { details: { param: 'path' } });
    }
  }
  if (real === undefined || !(await stat(real).catch(() => undefined))) {
    throw new ToolError('production.NOT_FOUND', `Nothing at ${path}.`, { details: { param: 'path' } });
  }
  return real;
}
