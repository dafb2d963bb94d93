// The layering CONTRIBUTING.md ("Layout") describes is what lets third parties build plugins against the sdk
// alone and keeps the kernel free of tool modules; one stray import silently breaks it, so the
// whole workspace is scanned on every test run.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWorkspace, extractImports, formatViolations } from './index.js';

const WORKSPACE = resolve(import.meta.dirname, '../../..');

function fakeWorkspace(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'deps-check-'));
  const projects: Record<string, string[]> = {
    'libs/sdk': ['scope:sdk'],
    'libs/kernel': ['scope:kernel'],
    'libs/driver': ['scope:driver'],
    'libs/core-tools': ['scope:core-tools'],
    'libs/plugins/trace': ['scope:plugin'],
    'libs/testing/harness': ['scope:testing'],
    'libs/testing/fake-electron': ['scope:testing'],
    'libs/testing/fixtures/apps/bench': ['scope:testing', 'type:fixture'],
    'libs/core-tools-e2e': ['scope:e2e'],
    'apps/mcp-server': ['scope:app'],
    'apps/mcp-server-e2e': ['scope:e2e'],
    'benchmarks/bench': ['scope:bench'],
    'libs/listing-budget': ['scope:budget'],
  };
  const paths: Record<string, string[]> = {};
  for (const [dir, tags] of Object.entries(projects)) {
    const name = dir.split('/').pop()!;
    mkdirSync(join(root, dir, 'src'), { recursive: true });
    writeFileSync(join(root, dir, 'project.json'), JSON.stringify({ name, tags }));
    writeFileSync(join(root, dir, 'src/index.ts'), 'export {};\n');
    paths[`@stagewright/${name}`] = [`./${dir}/src/index.ts`];
  }
  paths['@stagewright/fixtures/*'] = ['./libs/testing/fixtures/apps/*/fixture.mts'];
  writeFileSync(join(root, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { paths } }));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  return root;
}

describe('dependency rules', () => {
  it('hold in this workspace', () => {
    const violations = checkWorkspace(WORKSPACE);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  it('accept the allowed edges', () => {
    const root = fakeWorkspace({
      'libs/kernel/src/ok.ts': "import { Type } from '@stagewright/sdk';\nimport 'tsyringe';\n",
      'libs/plugins/trace/src/ok.ts': "export * from '@stagewright/sdk';\n",
      'libs/kernel/src/ok.test.ts': "import { connectInMemory } from '@stagewright/harness';\n",
      'libs/core-tools/src/test-support/mcp.ts': "export { withApp } from '@stagewright/harness';\nimport '@stagewright/kernel';\n",
      'apps/mcp-server/src/compose.ts': "import '@stagewright/kernel';\nimport '@stagewright/driver';\nimport '@stagewright/core-tools';\n",
      'apps/mcp-server/src/ok.test.ts': "import '@stagewright/kernel';\nimport '@stagewright/harness';\n",
      'apps/mcp-server-e2e/src/ok.test.ts': "import '@stagewright/mcp-server';\nimport '@stagewright/fixtures/bench';\n",
      'benchmarks/bench/src/measure.ts': "import { encode } from 'gpt-tokenizer';\nimport '@stagewright/harness';\n",
      'libs/listing-budget/src/figures.ts': "import { encode } from 'gpt-tokenizer/encoding/o200k_base';\n",
      'apps/mcp-server/src/check.ts': "import '@stagewright/listing-budget';\n",
      'libs/testing/harness/src/x.ts': "import '@stagewright/fake-electron';\n",
      'libs/plugins/trace/src/trace.test.ts': "import '@stagewright/mcp-server';\nimport '@stagewright/harness';\n",
      'libs/core-tools-e2e/src/x.ts':
        "import '@stagewright/mcp-server';\nimport '@stagewright/harness';\nimport '@stagewright/fixtures/bench';\n",
    });
    expect(formatViolations(checkWorkspace(root))).toBe('');
  });

  it('catch each forbidden edge in a deliberately bad workspace', () => {
    const root = fakeWorkspace({
      'libs/sdk/src/bad.ts': "import { createServer } from '@stagewright/kernel';\n",
      'libs/kernel/src/bad.ts': "import { LifecycleModule } from '@stagewright/core-tools';\n",
      'libs/kernel/src/bad-relative.ts': "import '../../driver/src/index.js';\n",
      'libs/driver/src/bad.ts': "export { x } from '@stagewright/kernel';\n",
      'libs/core-tools/src/bad.ts': "const driver = await import('@stagewright/driver');\n",
      'libs/plugins/trace/src/bad.ts': "import type { Dispatcher } from '@stagewright/kernel';\n",
      'apps/mcp-server/src/bad.ts': "import { withApp } from '@stagewright/harness';\n",
      'libs/kernel/src/tokens.ts': "import { encode } from 'gpt-tokenizer';\n",
      'libs/listing-budget/src/bad.ts': "import '@stagewright/sdk';\n",
      'libs/kernel/src/commented.ts': "// import '@stagewright/driver';\n/* import '@stagewright/core-tools'; */\nexport {};\n",
      'libs/kernel/src/fixture.ts': "import '@stagewright/fixtures/bench';\n",
      'libs/kernel/src/cycle.test.ts': "import '@stagewright/core-tools';\n",
      'libs/core-tools/src/server.test.ts': "import '@stagewright/mcp-server';\n",
      'libs/testing/harness/src/server.ts': "import '@stagewright/mcp-server';\n",
      'libs/testing/harness/src/kernel.test.ts': "import '@stagewright/kernel';\n",
      'apps/mcp-server/src/leaf.test.ts': "import '@stagewright/core-tools-e2e';\n",
      'apps/mcp-server/src/launches.test.ts': "import { benchApp } from '@stagewright/fixtures/bench';\n",
    });
    const found = checkWorkspace(root)
      .map((v) => `${v.file} -> ${v.specifier}`)
      .sort();
    expect(found).toEqual([
      'apps/mcp-server/src/bad.ts -> @stagewright/harness',
      'apps/mcp-server/src/launches.test.ts -> @stagewright/fixtures/bench',
      'apps/mcp-server/src/leaf.test.ts -> @stagewright/core-tools-e2e',
      'libs/core-tools/src/bad.ts -> @stagewright/driver',
      'libs/core-tools/src/server.test.ts -> @stagewright/mcp-server',
      'libs/driver/src/bad.ts -> @stagewright/kernel',
      'libs/kernel/src/bad-relative.ts -> ../../driver/src/index.js',
      'libs/kernel/src/bad.ts -> @stagewright/core-tools',
      'libs/kernel/src/cycle.test.ts -> @stagewright/core-tools',
      'libs/kernel/src/fixture.ts -> @stagewright/fixtures/bench',
      'libs/kernel/src/tokens.ts -> gpt-tokenizer',
      'libs/listing-budget/src/bad.ts -> @stagewright/sdk',
      'libs/plugins/trace/src/bad.ts -> @stagewright/kernel',
      'libs/sdk/src/bad.ts -> @stagewright/kernel',
      'libs/testing/harness/src/kernel.test.ts -> @stagewright/kernel',
      'libs/testing/harness/src/server.ts -> @stagewright/mcp-server',
    ]);
    expect(formatViolations(checkWorkspace(root))).toMatch(/sdk \("sdk"\) may import no workspace lib, not kernel/);
  });
});

describe('extractImports', () => {
  it('finds static, type-only, re-export, side-effect, dynamic and require imports across lines', () => {
    const source = [
      "import a from 'a';",
      "import type { B } from 'b';",
      'import {',
      '  c1,',
      '  c2,',
      "} from 'c';",
      "export * from 'd';",
      "import 'e';",
      "const f = await import('f');",
      "const g = require('g');",
      'const text = \'import x from "not-an-import"\';',
    ].join('\n');
    expect(extractImports(source)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });
});
