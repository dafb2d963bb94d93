/** A check's outcome. `unknown` whenever this machine cannot tell: never a pass by default. */
export type Verdict = 'pass' | 'fail' | 'unknown';

export interface Check {
  /** `fuse:RunAsNode`, `asar:readable`, `package:main`, `signature:codesign`... */
  id: string;
  verdict: Verdict;
  /** Why this verdict, with what was read. */
  reason: string;
  /** What the found state means for an agent automating the app (only where it matters). */
  agent?: string;
}

export const check = (id: string, verdict: Verdict, reason: string, agent?: string): Check => ({
  id,
  verdict,
  reason,
  ...(agent ? { agent } : {}),
});

/** The overall verdict: any fail fails; else any unknown is unknown; else pass. */
export function summarize(checks: readonly Check[]) {
  const counts = { pass: 0, fail: 0, unknown: 0 };
  for (const c of checks) counts[c.verdict] += 1;
  const verdict: Verdict = counts.fail ? 'fail' : counts.unknown ? 'unknown' : 'pass';
  return { verdict, counts };
}

/** Bounds on what is read from disk: the tool never loads more than these. */
export const LIMITS = {
  /** Fuses are found by streaming the binary (4 MiB chunks); larger files are not scanned. */
  executableBytes: 1024 * 1024 * 1024,
  asarHeaderBytes: 32 * 1024 * 1024,
  packageJsonBytes: 256 * 1024,
  plistBytes: 1024 * 1024,
  /** Each platform tool (codesign, stapler, spctl, PowerShell, validate) is killed after this long. */
  toolMs: 20_000,
  /** Packed scripts scanned for what the code registers (outside node_modules): per file, in all, how many. */
  scriptBytes: 4 * 1024 * 1024,
  scannedBytes: 16 * 1024 * 1024,
  scannedFiles: 400,
  /** Files beside the app read as text: .desktop entries, app-update.yml. */
  textFileBytes: 64 * 1024,
} as const;
