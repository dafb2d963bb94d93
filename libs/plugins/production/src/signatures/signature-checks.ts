import { type Check, check } from '../check.js';
import type { AppLayout } from '../locate-app.js';
import { appImageSignatureCheck } from './appimage-signature.js';
import { macProbes } from './mac-probes.js';
import { type SignatureEnv, runProbe } from './probe.js';
import { authenticodeProbe } from './windows-probe.js';

export { type SignatureEnv, hostSignatureEnv } from './probe.js';

/** Code signatures, judged by the platform's own tools where this machine has them, else `unknown` with the command. */
export async function signatureChecks(layout: AppLayout, env: SignatureEnv): Promise<Check[]> {
  if (layout.platform === 'darwin') {
    const bundle = layout.bundle ?? layout.executable;
    if (!bundle) return [check('signature:codesign', 'unknown', 'No bundle to check.')];
    const checks: Check[] = [];
    for (const probe of macProbes(bundle)) checks.push(await runProbe(probe, env));
    return checks;
  }
  if (layout.platform === 'win32') {
    if (!layout.executable) return [check('signature:authenticode', 'unknown', 'No .exe found to check.')];
    return [await runProbe(authenticodeProbe(layout.executable), env)];
  }
  if (layout.executable && /\.appimage$/i.test(layout.executable)) return [await appImageSignatureCheck(layout.executable, env)];
  return [
    check(
      'signature:package',
      'unknown',
      'An unpacked Linux build carries no OS signature; sign what ships: appimagetool --sign (check: validate <file>.AppImage), dpkg-sig --verify <file>.deb, rpm -K <file>.rpm.',
    ),
  ];
}
