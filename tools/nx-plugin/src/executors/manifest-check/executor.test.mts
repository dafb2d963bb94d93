// The executor is what CI runs: it must refuse unreviewed baseline changes before measuring,
// fail with the variant named when the listing grows, and store the reason when asked to update.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
const executor = require('./executor.js') as typeof import('./executor.js');

let root: string;
let errors: string[];
let logs: string[];

/** A stand-in for the bundled bench script: writes the report given in REPORT to --json <file>. */
function writeFakeMeasurement(report: unknown) {
  const script = path.join(root, 'measure.mjs');
  fs.writeFileSync(
    script,
    `import fs from 'node:fs';\nconst at = process.argv.indexOf('--json');\nfs.writeFileSync(process.argv[at + 1], ${JSON.stringify(JSON.stringify(report))});\n`,
  );
  return 'measure.mjs';
}

function report(bpe: number, names = ['electron_click', 'electron_launch']) {
  const largest = names.map((name) => ({ name, bpe: 100 }));
  return {
    schemaVersion: 1,
    tokenizer: 'o200k_base',
    variants: { 'core-safe': { toolCount: names.length, codePoints: 1, bytes: 1, bpe, averageBpe: 100, names, largest, perTool: largest } },
  };
}

const run = (options: Record<string, unknown>) => executor(options, { root });
const readBaseline = () => JSON.parse(fs.readFileSync(path.join(root, 'manifest-baseline.json'), 'utf8'));

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-check-'));
  errors = [];
  logs = [];
  vi.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(String(m)));
  vi.spyOn(console, 'log').mockImplementation((m: string) => void logs.push(String(m)));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('refusals', () => {
  it('refuses --update-manifest-baseline without --reason and leaves the baseline alone', async () => {
    const measureScript = writeFakeMeasurement(report(500));
    expect(await run({ updateManifestBaseline: true, measureScript })).toEqual({ success: false });
    expect(errors.join('\n')).toContain('without a reason');
    expect(fs.existsSync(path.join(root, 'manifest-baseline.json'))).toBe(false);
  });

  it('refuses --reason without --update-manifest-baseline before measuring anything', async () => {
    expect(await run({ reason: 'because', measureScript: 'does-not-exist.mjs' })).toEqual({ success: false });
    expect(errors).toEqual([expect.stringContaining('--reason is only used together with --update-manifest-baseline')]);
  });

  it('fails a check when there is no baseline yet and says how to create one', async () => {
    expect(await run({ measureScript: writeFakeMeasurement(report(500)) })).toEqual({ success: false });
    expect(errors.join('\n')).toMatch(/manifest-baseline.json does not exist.*--update-manifest-baseline --reason/);
  });

  it('fails with the build command when the measurement script is missing', async () => {
    expect(await run({ updateManifestBaseline: true, reason: 'first', measureScript: 'nope.mjs' })).toEqual({ success: false });
    expect(errors.join('\n')).toContain('nx run bench:build');
  });
});

describe('update then check', () => {
  it('writes the baseline with schema version, time and reason, without the per-tool list', async () => {
    const measureScript = writeFakeMeasurement(report(500));
    expect(await run({ updateManifestBaseline: true, reason: 'First measurement', measureScript })).toEqual({ success: true });
    const baseline = readBaseline();
    expect(baseline).toMatchObject({ schemaVersion: 1, reason: 'First measurement', tokenizer: 'o200k_base' });
    expect(Date.parse(baseline.updatedAt)).not.toBeNaN();
    expect(baseline.variants['core-safe']).not.toHaveProperty('perTool');
    expect(baseline.variants['core-safe'].bpe).toBe(500);
  });

  it('passes an unchanged listing and fails one that grew over 3%, naming the variant', async () => {
    await run({ updateManifestBaseline: true, reason: 'First', measureScript: writeFakeMeasurement(report(500)) });
    expect(await run({ measureScript: writeFakeMeasurement(report(510)) })).toEqual({ success: true });
    expect(await run({ measureScript: writeFakeMeasurement(report(520)) })).toEqual({ success: false });
    expect(errors.join('\n')).toContain('core-safe: tools/list grew from 500 to 520 BPE (+4.0%');
  });

  it('fails a renamed tool until the baseline is updated with a reason', async () => {
    await run({ updateManifestBaseline: true, reason: 'First', measureScript: writeFakeMeasurement(report(500)) });
    const renamed = writeFakeMeasurement(report(500, ['electron_launch', 'electron_press']));
    expect(await run({ measureScript: renamed })).toEqual({ success: false });
    expect(errors.join('\n')).toContain('added electron_press; removed electron_click');
    expect(await run({ updateManifestBaseline: true, reason: 'Rename click to press', measureScript: renamed })).toEqual({ success: true });
    expect(await run({ measureScript: renamed })).toEqual({ success: true });
    expect(readBaseline().reason).toBe('Rename click to press');
  });

  it('writes the baseline but still fails when a tool is over the ceiling', async () => {
    const fat = report(500);
    fat.variants['core-safe'].perTool = [{ name: 'electron_launch', bpe: 230 }];
    const measureScript = writeFakeMeasurement(fat);
    expect(await run({ updateManifestBaseline: true, reason: 'First', measureScript })).toEqual({ success: false });
    expect(readBaseline().reason).toBe('First');
    expect(errors.join('\n')).toContain('electron_launch is 230 BPE (limit 200) in core-safe');
  });
});
