// The bundle is what hosts run: it must start with a shebang (bin `stagewright`), define
// `require` for CommonJS dependencies, keep playwright-core external (it reads its own files at
// runtime) and carry the tokenizer only in budget.mjs, which only `stagewright plugin check` loads
// (by a computed URL, so no chunk of a server start imports it; ADR-0024).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, assertBundleBuilt } from '@stagewright/harness';

describe('the esbuild bundle', () => {
  assertBundleBuilt();
  const code = readFileSync(SERVER_BUNDLE, 'utf8');
  // main.mjs and the chunks the build split off (loaded by dynamic imports).
  const dir = dirname(SERVER_BUNDLE);
  const files = readdirSync(dir).filter((name) => name.endsWith('.mjs'));
  const all = files.map((name) => readFileSync(join(dir, name), 'utf8')).join('\n');
  const served = files
    .filter((name) => name !== 'budget.mjs')
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');

  it('starts with a shebang and the createRequire banner', () => {
    const [shebang, banner] = code.split('\n', 2);
    expect(shebang).toBe('#!/usr/bin/env node');
    expect(banner).toMatch(/^import \{ createRequire as \w+ \} from 'node:module'; const require = \w+\(import\.meta\.url\);$/);
  });

  it('imports playwright-core at runtime instead of bundling it, and only at first use', () => {
    // A static import would load it before tools/list: most of a cold start (issue 15).
    expect(all).toMatch(/import\("playwright-core"\)/);
    expect(all).not.toMatch(/from "playwright-core"/);
    expect(all).not.toMatch(/playwright-core\/lib\/server/);
  });

  it('keeps gpt-tokenizer in budget.mjs, which no chunk imports by name', () => {
    expect(served).not.toMatch(/gpt-tokenizer|bpeRanks/);
    expect(served).not.toMatch(/import\(["']\.\/budget\.mjs["']\)|from ["']\.\/budget\.mjs["']/);
    expect(readFileSync(join(dir, 'budget.mjs'), 'utf8')).toMatch(/bpeRanks\/o200k_base/);
  });
});
