// A file that imports a file importing it back (types included) ties both into one unit: neither
// can be read, moved or tested alone, and module-evaluation order starts to matter. The sdk's
// context/plugin/session/tool types and the driver's app-info/electron-session once did.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './cycles.js';

const WORKSPACE = resolve(import.meta.dirname, '../../..');

function workspaceWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  for (const [file, content] of Object.entries({ 'libs/sdk/project.json': '{"name":"sdk"}', ...files })) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  return root;
}

describe('import cycles', () => {
  it('there are none between the source files of this workspace', () => {
    const cycles = importCycles(importGraph(WORKSPACE)).map((cycle) => cycle.join(' -> '));
    expect(cycles).toEqual([]);
  });

  it('a type-only cycle through three files is found once, and tests do not count', () => {
    const root = workspaceWith({
      'libs/sdk/src/a.ts': "import type { B } from './b.js';\nexport interface A { b: B }\n",
      'libs/sdk/src/b.ts': "import type { C } from './c.js';\nexport interface B { c: C }\n",
      'libs/sdk/src/c.ts': "import type { A } from './a.js';\nexport interface C { a?: A }\n",
      'libs/sdk/src/d.ts': "import './a.js';\n",
      'libs/sdk/src/a.test.ts': "import './a.js';\nimport './d.js';\n",
      'libs/sdk/src/e.ts': "import './a.test.js';\n",
    });
    expect(importCycles(importGraph(root))).toEqual([['libs/sdk/src/a.ts', 'libs/sdk/src/b.ts', 'libs/sdk/src/c.ts']]);
  });
});
