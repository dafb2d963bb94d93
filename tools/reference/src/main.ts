import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderCatalogue, CATALOGUE_FILE } from './catalogue.js';
import { collectCoreEntries } from './collect.js';
import { collectPluginEntries } from './plugin-entries.js';
import { PLUGIN_INDEX_FILE, firstPartyNames, renderPluginIndex } from './plugin-index.js';
import { renderReadmeTable, renderToolReference, type ReferenceEntry } from './render.js';
import { README_MARKERS, referenceFile, replaceBetweenMarkers } from './markers.js';
import { assertPluginsBuilt, discoverWorkspacePlugins } from './workspace-plugins.js';

/**
 * `node dist/tools/reference/docs.mjs --write | --check | --catalogue` from the workspace root.
 * `--write` regenerates TOOL-REFERENCE.md (shared parameters and errors, core modules, then a section per
 * workspace plugin) and the README's tools by group (between its `<!-- tools:start -->` / `<!-- tools:end -->` markers, which must exist),
 * `--check` fails when a committed copy is stale; `--write` and `--catalogue` write the tool
 * catalogue (a build output, never committed, so never checked) to dist/docs. Plugins come from the
 * Nx project graph (tag `type:plugin`) and are read from their built bundles; a folder without
 * nx.json (the script's own tests) has none.
 */
interface Target {
  file: string;
  expected: string | undefined;
  note?: string;
}

const REGENERATE = 'npm run gen';

async function collectEntries(root: string): Promise<{ entries: ReferenceEntry[]; firstParty: Set<string> }> {
  const plugins = fs.existsSync(path.join(root, 'nx.json')) ? await discoverWorkspacePlugins(root) : [];
  assertPluginsBuilt(plugins);
  return { entries: [...collectCoreEntries(), ...(await collectPluginEntries(plugins))], firstParty: firstPartyNames(plugins) };
}

function targets(root: string, entries: readonly ReferenceEntry[], firstParty: ReadonlySet<string>): Target[] {
  const referencePath = path.join(root, 'TOOL-REFERENCE.md');
  const referenceBody = renderToolReference(entries);
  // The whole file is generated, header included, so the header cannot go stale either.
  const reference = referenceFile(referenceBody);

  const readmeFile = path.join(root, 'README.md');
  const readme = fs.existsSync(readmeFile)
    ? replaceBetweenMarkers(fs.readFileSync(readmeFile, 'utf8'), README_MARKERS, renderReadmeTable(entries))
    : undefined;
  const index = path.join(root, PLUGIN_INDEX_FILE);
  return [
    { file: referencePath, expected: reference },
    // The first-party plugin index the server's discovery reads (ADR-0045), where the server is.
    ...(fs.existsSync(path.dirname(index)) ? [{ file: index, expected: renderPluginIndex(entries, firstParty) }] : []),
    {
      file: readmeFile,
      expected: readme?.found ? readme.text : undefined,
      note: readme ? `README.md has no ${README_MARKERS.start} / ${README_MARKERS.end} markers.` : 'README.md does not exist.',
    },
  ];
}

function writeCatalogue(root: string, entries: readonly ReferenceEntry[]): void {
  const file = path.join(root, CATALOGUE_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, renderCatalogue(entries));
  console.log(`wrote ${CATALOGUE_FILE}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      write: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      catalogue: { type: 'boolean', default: false },
    },
  });
  if ([values.write, values.check, values.catalogue].filter(Boolean).length !== 1) {
    console.error('usage: docs.mjs --write | --check | --catalogue');
    return 2;
  }
  const root = process.cwd();
  const { entries, firstParty } = await collectEntries(root);
  if (values.write || values.catalogue) writeCatalogue(root, entries);
  if (values.catalogue) return 0;
  const stale: string[] = [];
  for (const t of targets(root, entries, firstParty)) {
    const name = path.relative(root, t.file);
    if (t.expected === undefined) {
      // The README's tool table is generated too; without its markers it would drift unchecked.
      console.error(`${t.note} Add the markers where the table belongs, then run: ${REGENERATE}`);
      return 1;
    }
    const now = fs.existsSync(t.file) ? fs.readFileSync(t.file, 'utf8') : undefined;
    if (now === t.expected) continue;
    if (values.write) {
      fs.mkdirSync(path.dirname(t.file), { recursive: true });
      fs.writeFileSync(t.file, t.expected);
      console.log(`wrote ${name}`);
    } else stale.push(name);
  }
  if (stale.length > 0) {
    console.error(`Stale generated docs: ${stale.join(', ')}. Regenerate them from the tool definitions with: ${REGENERATE}`);
    return 1;
  }
  if (values.check) console.log('Generated docs are up to date.');
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
