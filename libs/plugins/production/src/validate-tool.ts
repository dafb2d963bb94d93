import { defineTool, Type } from '@stagewright/sdk';
import { existingPath } from './app-path.js';
import { asarChecks, integrityRecordsCheck } from './asar-checks.js';
import { type Check, summarize } from './check.js';
import { checksParam, wantedGroups } from './check-groups.js';
import { fuseChecks } from './fuse-checks.js';
import { describeLayout, locateApp } from './locate-app.js';
import { embeddedIntegrityCheck, packageChecks } from './package-checks.js';
import { type SignatureEnv, hostSignatureEnv, signatureChecks } from './signatures/signature-checks.js';

export const VALIDATE_GROUPS = ['fuses', 'asar', 'package', 'signatures'] as const;

const VALIDATE_DETAIL = {
  notes:
    'Needs no session and changes nothing. Returns { verdict, counts: { pass, fail, unknown }, platform, executable, checks: [{ id, verdict, reason, agent? }], fuses, package? }. ' +
    'verdict is fail if any check fails, else unknown if any is unknown. checks: a subset of fuses, asar, package, signatures. Fuses are read with @electron/fuses, the archive with @electron/asar; ' +
    '`agent` says what the found state means for automating the app (e.g. the inspect fuse off: electron_launch and electron_inject cannot reach the main process). ' +
    'Signatures run the platform tool where this machine has it, fixed argv, no shell, 20 s each: codesign --verify --deep --strict, xcrun stapler validate, spctl --assess (macOS), Get-AuthenticodeSignature (Windows), AppImage .sha256_sig then AppImageKit validate (Linux); ' +
    'elsewhere unknown with the command to run. Bounded: binaries over 1 GiB are not scanned, asar headers over 32 MiB not read. With --app-root the path must resolve inside it.',
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
      'signature:gatekeeper',
      'signature:authenticode',
      'signature:package',
    ],
  },
  errors: ['PATH_OUTSIDE_ROOT', 'production.NOT_FOUND'],
  example: { path: 'out/MyApp-linux-x64', checks: ['fuses', 'signatures'] },
};

/** production_validate: static checks of a packaged app plus the platform's signature tools, no session, read-only. */
export function createValidateTool(signatureEnv: () => SignatureEnv = hostSignatureEnv) {
  return defineTool({
    name: 'validate',
    title: 'Validate a packaged app',
    description: 'Checks a packaged Electron app (fuses, app.asar, package.json, code signatures) with a verdict each.',
    kind: 'read',
    input: {
      path: Type.String({ minLength: 1, maxLength: 4096, description: 'App folder, executable or .app bundle' }),
      checks: checksParam(VALIDATE_GROUPS),
    },
    detail: VALIDATE_DETAIL,
    async handle(args, ctx) {
      const want = wantedGroups(args.checks, VALIDATE_GROUPS);
      const path = await existingPath(args.path, ctx.server.appRoot);
      const layout = locateApp(path);
      const checks: Check[] = [];
      const fuses = want('fuses') ? await fuseChecks(layout.fuseFile) : undefined;
      if (fuses) checks.push(...fuses.checks);
      let pkg: Record<string, unknown> | undefined;
      if (want('asar') || want('package')) {
        const asar = asarChecks(layout.resources);
        if (want('asar')) checks.push(...asar.checks);
        if (asar.facts && want('asar')) checks.push(integrityRecordsCheck(asar.facts), embeddedIntegrityCheck(layout, asar.facts));
        if (asar.facts && want('package')) {
          const found = packageChecks(asar.facts);
          checks.push(...found.checks);
          pkg = found.pkg as Record<string, unknown> | undefined;
        }
      }
      if (want('signatures')) checks.push(...(await signatureChecks(layout, signatureEnv())));
      return {
        ...summarize(checks),
        ...describeLayout(layout),
        checks,
        ...(fuses ? { fuses: fuses.wire ?? null } : {}),
        ...(pkg ? { package: pkg } : {}),
      };
    },
  });
}
