// docs/tool-matrix.md, generated from the matrix rows (tool-matrix.ts): what each tool's call on
// the installed package did and what it must answer. tool-matrix-doc.test.ts fails when the file
// is stale; `npm run gen` rewrites it.
import { GROUPS, serverFlags } from './tool-matrix.js';

const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMatrixDoc(): string {
  const rows = GROUPS.flatMap((group) => group.rows.map((row) => ({ ...row, app: group.app })));
  const plugins = new Set(rows.map((row) => row.plugin));
  const flags = serverFlags({ screenshots: '<tmp>/screenshots', traces: '<tmp>/traces' }).join(' ');
  const lines = [
    '# Tool matrix',
    '',
    '<!-- Generated from apps/package-e2e/src/matrix/tool-matrix.ts by `npm run gen`; do not edit. -->',
    '',
    'Every tool the installed package lists, called once through it (issue 37): `apps/package-e2e`',
    'packs the server (`nx run mcp-server:pack`), installs the tarball into an empty folder with',
    '`npm install`, as `npx` does, and starts the installed `stagewright` bin over stdio with',
    '',
    '```',
    `stagewright ${flags}`,
    '```',
    '',
    'and `STAGEWRIGHT_ELECTRON` at the Electron stand-in. Rows run in order on one launch per app;',
    'each checks the fields the tool documents for success (TOOL-REFERENCE.md) and reads the effect',
    'back through other tools. A tool without a row fails the test; a smaller set also runs over',
    'Streamable HTTP from the same install (`src/http-subset.ts`).',
    '',
    `${rows.length} tools, ${plugins.size - (plugins.has('core') ? 1 : 0)} plugins and core.`,
    '',
    '| tool | plugin | app | what the call did | result |',
    '|---|---|---|---|---|',
    ...rows.map((row) => {
      const result = row.result.kind === 'ok' ? 'ok, documented fields checked' : `\`${row.result.code}\`: ${row.result.why}`;
      return `| \`${row.tool}\` | ${row.plugin} | ${cell(row.app)} | ${cell(row.did)} | ${cell(result)} |`;
    }),
    '',
  ];
  return lines.join('\n');
}
