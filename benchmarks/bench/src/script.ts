import fs from 'node:fs';
import path from 'node:path';

/** Shared plumbing of the benchmark scripts: argument checks, the JSON figure file, the exit code. */
export function positiveInt(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} must be a positive integer, got ${value}`);
  return n;
}

export function writeFigures(file: string, figures: unknown): void {
  const out = path.resolve(file);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
}

/** Run a script's main and exit with its code; a throw prints its stack and exits 1. */
export function runScript(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exit(1);
    },
  );
}
