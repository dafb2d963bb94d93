import { check } from '../check.js';
import type { Probe } from './probe.js';

/** The file reaches PowerShell through this variable: `-Command` would splice trailing args into the script. */
export const SIGNED_FILE_VARIABLE = 'STAGEWRIGHT_SIGNED_FILE';

/** A fixed script: it reads the path from the environment, so no input is ever parsed as PowerShell. */
const SCRIPT = [
  `$s = Get-AuthenticodeSignature -LiteralPath $env:${SIGNED_FILE_VARIABLE}`,
  '[pscustomobject]@{ status = $s.Status.ToString(); message = $s.StatusMessage; signer = $(if ($s.SignerCertificate) { $s.SignerCertificate.Subject } else { $null }); timestamped = [bool]$s.TimeStamperCertificate } | ConvertTo-Json -Compress',
].join('; ');

const MEANINGS: Record<string, string> = {
  NotSigned: 'Not signed: SmartScreen and Defender warn of an unknown publisher, and an updater that checks publisherName refuses it.',
  HashMismatch: 'Changed after signing (e.g. fuses flipped or resources edited after signtool): Windows treats the file as tampered.',
  NotTrusted: 'Signed with a certificate this machine does not trust (self-signed or an unknown root): users see an unknown publisher.',
};

/** Authenticode of the executable through Get-AuthenticodeSignature. */
export function authenticodeProbe(executable: string): Probe {
  return {
    id: 'signature:authenticode',
    host: 'win32',
    file: 'powershell.exe',
    args: ['-NoProfile', '-NonInteractive', '-Command', SCRIPT],
    extraEnv: { [SIGNED_FILE_VARIABLE]: executable },
    display: `powershell -NoProfile -Command "Get-AuthenticodeSignature -LiteralPath '${executable.replace(/'/g, "''")}'"`,
    judge: (exit) => {
      if (exit.code !== 0) return undefined;
      let found: { status?: unknown; message?: unknown; signer?: unknown; timestamped?: unknown };
      try {
        found = JSON.parse(exit.stdout.trim());
      } catch {
        return undefined;
      }
      const status = String(found.status);
      if (status === 'Valid') {
        const stamp = found.timestamped ? '' : ' No timestamp: the signature stops validating when the certificate expires.';
        return check('signature:authenticode', 'pass', `Signed by ${String(found.signer ?? 'an unnamed signer')}.${stamp}`);
      }
      const meaning = MEANINGS[status];
      if (meaning) return check('signature:authenticode', 'fail', `${meaning} (${status})`);
      return check('signature:authenticode', 'unknown', `Get-AuthenticodeSignature says ${status}: ${String(found.message ?? '')}`.trim());
    },
  };
}
