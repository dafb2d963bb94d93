// Pure units: what the platform tools print is turned into verdicts and meanings. The tools do not
// exist on this Linux machine, so the runner is replaced by canned outcomes; the real runner (time
// bound, no shell) is tested with real processes in tool-runner.test.ts.
import { describe, expect, it } from 'vitest';
import type { AppLayout } from '../locate-app.js';
import { type SignatureEnv, signatureChecks } from './signature-checks.js';
import type { ToolOutcome, ToolRunOptions } from './tool-runner.js';
import { SIGNED_FILE_VARIABLE } from './windows-probe.js';

const BUNDLE = '/Volumes/Build/My App; rm -rf ~.app';
const MAC: AppLayout = { platform: 'darwin', bundle: BUNDLE, executable: `${BUNDLE}/Contents/MacOS/My App` };
const WIN: AppLayout = { platform: 'win32', executable: 'C:\\Build\\My App $(calc).exe' };

interface Call {
  file: string;
  args: readonly string[];
  options: ToolRunOptions;
}
const exited = (code: number, stdout = '', stderr = ''): ToolOutcome => ({ kind: 'exited', code, stdout, stderr });

/** A runner answering by program name, recording every call. */
function canned(host: NodeJS.Platform, answers: Record<string, ToolOutcome>) {
  const calls: Call[] = [];
  const env: SignatureEnv = {
    host,
    timeoutMs: 1234,
    run: async (file, args, options) => {
      calls.push({ file, args, options });
      return answers[file] ?? { kind: 'missing' };
    },
  };
  return { env, calls };
}
const byId = (checks: { id: string }[]) => Object.fromEntries(checks.map((c) => [c.id, c]));

describe('macOS signature verdicts', () => {
  it('passes a signed, stapled, accepted bundle, handing the path over as one argv entry with the time bound', async () => {
    const { env, calls } = canned('darwin', {
      codesign: exited(0, '', `${BUNDLE}: valid on disk\n${BUNDLE}: satisfies its Designated Requirement\n`),
      xcrun: exited(0, 'Processing: …\nThe validate action worked!\n'),
      spctl: exited(0, '', `${BUNDLE}: accepted\nsource=Notarized Developer ID\norigin=Developer ID Application: Example (ABCDE12345)\n`),
    });
    const checks = byId(await signatureChecks(MAC, env));
    expect(checks['signature:codesign']).toMatchObject({ verdict: 'pass' });
    expect(checks['signature:notarization']).toMatchObject({ verdict: 'pass', reason: expect.stringContaining('offline') });
    expect(checks['signature:gatekeeper']).toMatchObject({ verdict: 'pass', reason: expect.stringContaining('Notarized Developer ID') });
    expect(calls.map((c) => [c.file, ...c.args])).toEqual([
      ['codesign', '--verify', '--deep', '--strict', '--verbose=2', BUNDLE],
      ['xcrun', 'stapler', 'validate', BUNDLE],
      ['spctl', '--assess', '--type', 'execute', '--verbose=4', BUNDLE],
    ]);
    expect(calls.every((c) => c.options.timeoutMs === 1234)).toBe(true);
  });

  it('says what an unsigned, unstapled, rejected bundle means for users', async () => {
    const { env } = canned('darwin', {
      codesign: exited(1, '', `${BUNDLE}: code object is not signed at all\nIn architecture: arm64\n`),
      xcrun: exited(65, `Processing: ${BUNDLE}\n${BUNDLE} does not have a ticket stapled to it.\n`),
      spctl: exited(3, '', `${BUNDLE}: rejected\nsource=Unnotarized Developer ID\n`),
    });
    const checks = byId(await signatureChecks(MAC, env));
    expect(checks['signature:codesign']).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('not signed: on other Macs') });
    expect(checks['signature:notarization']).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('xcrun stapler staple') });
    expect(checks['signature:gatekeeper']).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('signed but not notarized') });
  });

  it('reads a bundle changed after signing as damaged, and a stapler that is not installed as unknown', async () => {
    const { env } = canned('darwin', {
      codesign: exited(1, '', `${BUNDLE}: a sealed resource is missing or invalid\nfile modified: …/app.asar\n`),
      xcrun: exited(72, '', 'xcrun: error: unable to find utility "stapler", not a developer tool or in PATH\n'),
      spctl: { kind: 'timeout', afterMs: 1234 },
    });
    const checks = byId(await signatureChecks(MAC, env));
    expect(checks['signature:codesign']).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('Sign last') });
    expect(checks['signature:notarization']).toMatchObject({
      verdict: 'unknown',
      reason: expect.stringContaining('xcrun stapler validate'),
    });
    expect(checks['signature:gatekeeper']).toMatchObject({
      verdict: 'unknown',
      reason: expect.stringMatching(/within 1234 ms.*spctl --assess/),
    });
  });

  it('runs nothing off macOS and names the exact command instead', async () => {
    const { env, calls } = canned('linux', {});
    const checks = await signatureChecks(MAC, env);
    expect(calls).toEqual([]);
    expect(checks.map((c) => c.verdict)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(checks[0]!.reason).toBe(`Needs macOS: run codesign --verify --deep --strict --verbose=2 ${JSON.stringify(BUNDLE)}`);
  });
});

describe('Windows Authenticode verdicts', () => {
  const ps = (found: object) => exited(0, `${JSON.stringify(found)}\r\n`);

  it('passes a valid signature and hands the path over in the environment, never in the script', async () => {
    const { env, calls } = canned('win32', {
      'powershell.exe': ps({ status: 'Valid', message: 'Signature verified.', signer: 'CN=Example Ltd', timestamped: true }),
    });
    expect(await signatureChecks(WIN, env)).toEqual([
      { id: 'signature:authenticode', verdict: 'pass', reason: 'Signed by CN=Example Ltd.' },
    ]);
    const [call] = calls;
    expect(call!.options.env).toEqual({ [SIGNED_FILE_VARIABLE]: WIN.executable });
    expect(call!.args.join(' ')).not.toContain('My App');
    expect(call!.args.slice(0, 3)).toEqual(['-NoProfile', '-NonInteractive', '-Command']);
  });

  it('fails unsigned and tampered files with what Windows does with them, and leaves odd states unknown', async () => {
    const verdict = async (found: object) => (await signatureChecks(WIN, canned('win32', { 'powershell.exe': ps(found) }).env))[0]!;
    expect(await verdict({ status: 'NotSigned', message: 'The file is not digitally signed.' })).toMatchObject({
      verdict: 'fail',
      reason: expect.stringContaining('SmartScreen'),
    });
    expect(await verdict({ status: 'HashMismatch' })).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('tampered') });
    expect(await verdict({ status: 'Valid', signer: 'CN=X', timestamped: false })).toMatchObject({
      verdict: 'pass',
      reason: expect.stringContaining('No timestamp'),
    });
    expect(await verdict({ status: 'NotSupportedFileFormat', message: 'Unknown format.' })).toMatchObject({ verdict: 'unknown' });
    const garbled = await signatureChecks(WIN, canned('win32', { 'powershell.exe': exited(0, 'not json') }).env);
    expect(garbled[0]).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('Get-AuthenticodeSignature -LiteralPath') });
  });

  it('names the command when PowerShell is missing or the host is not Windows', async () => {
    expect((await signatureChecks(WIN, canned('win32', {}).env))[0]).toMatchObject({
      verdict: 'unknown',
      reason: expect.stringContaining('powershell.exe is not on PATH here: run powershell'),
    });
    expect((await signatureChecks(WIN, canned('darwin', {}).env))[0]!.reason).toMatch(/^Needs Windows: run powershell -NoProfile/);
  });
});
