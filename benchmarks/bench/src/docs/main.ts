import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectCoreEntries } from './collect.js';
import { renderReadmeTable, renderToolReference } from './render.js';
import { README_MARKERS, REFERENCE_MARKERS, newReferenceFile, replaceBetweenMarkers } from './markers.js';

/**
 * `node dist/benchmarks/bench/docs.mjs --write | --check` from the workspace root.
 * Regenerates TOOL-REFERENCE.md and the README tool table (between the README's
 * `<!-- tools:start -->` / `<!-- tools:end -->` markers, which must exist), or fails when a
 * committed copy is stale.
 */
interface Target {
  file: string;
  expected: string | undefined;
  note?: string;
}

function targets(root: string): Target[] {
  const entries = collectCoreEntries();
  const referenceFile = path.join(root, 'TOOL-REFERENCE.md');
  const referenceBody = renderToolReference(entries);
  const current = fs.existsSync(referenceFile) ? fs.readFileSync(referenceFile, 'utf8') : undefined;
  const replaced = current === undefined ? undefined : replaceBetweenMarkers(current, REFERENCE_MARKERS, referenceBody);
  const reference = replaced?.found ? replaced.text : newReferenceFile(referenceBody);

  const readmeFile = path.join(root, 'README.md');
  const readme = fs.existsSync(readmeFile) ? replaceBetweenMarkers(fs.readFileSync(readmeFile, 'utf8'), README_MARKERS, renderReadmeTable(entries)) : undefined;
  return [
    { file: referenceFile, expected: reference },
    {
      file: readmeFile,
      expected: readme?.found ? readme.text : undefined,
      note: readme ? `README.md has no ${README_MARKERS.start} / ${README_MARKERS.end} markers.` : 'README.md does not exist.',
    },
  ];
}

function main(): number {
  const { values } = parseArgs({ options: { write: { type: 'boolean', default: false }, check: { type: 'boolean', default: false } } });
  if (values.write === values.check) {
    console.error('usage: docs.mjs --write | --check');
    return 2;
  }
  const root = process.cwd();
  const stale: string[] = [];
  for (const t of targets(root)) {
    const name = path.relative(root, t.file);
    if (t.expected === undefined) {
      // The README's tool table is generated too; without its markers it would drift unchecked.
      console.error(`${t.note} Add the markers where the table belongs, then run: npx nx run bench:docs`);
      return 1;
    }
    const now = fs.existsSync(t.file) ? fs.readFileSync(t.file, 'utf8') : undefined;
    if (now === t.expected) continue;
    if (values.write) {
      fs.writeFileSync(t.file, t.expected);
      console.log(`wrote ${name}`);
    } else stale.push(name);
  }
  if (stale.length > 0) {
    console.error(`Stale generated docs: ${stale.join(', ')}. Regenerate them from the tool definitions with: npx nx run bench:docs`);
    return 1;
  }
  if (values.check) console.log('Generated docs are up to date.');
  return 0;
}

process.exitCode = main();
