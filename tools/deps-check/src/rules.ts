import type { ProjectInfo } from './workspace.js';

/** The layer a project belongs to, from its `scope:` tag (plugins also by their folder). */
export type Layer = 'sdk' | 'kernel' | 'driver' | 'core-tools' | 'plugin' | 'testing' | 'budget' | 'e2e' | 'bench' | 'app' | 'other';

export function layerOf(project: ProjectInfo): Layer {
  if (project.root.startsWith('libs/plugins/')) return 'plugin';
  const scope = project.tags.find((tag) => tag.startsWith('scope:'))?.slice('scope:'.length);
  if (scope === 'plugin' || scope === 'plugins') return 'plugin';
  const known: Layer[] = ['sdk', 'kernel', 'driver', 'core-tools', 'testing', 'budget', 'e2e', 'bench', 'app'];
  return known.includes(scope as Layer) ? (scope as Layer) : 'other';
}

/**
 * CONTRIBUTING.md, "Layout". Which workspace layers a layer's (non-test) source may import; `all` means
 * any. Testing libs and test projects (e2e) are governed by the rules in checkImport.
 */
const ALLOWED: Record<Layer, readonly Layer[] | 'all'> = {
  sdk: [],
  kernel: ['sdk'],
  driver: ['sdk'],
  'core-tools': ['sdk'],
  plugin: ['sdk'],
  app: 'all',
  testing: ['testing'],
  // The listing measurement (libs/listing-budget): the server bundles it for `plugin check`, the
  // benchmarks use it for manifest-check; it imports no workspace lib.
  budget: [],
  e2e: 'all',
  bench: 'all',
  other: 'all',
};

/**
 * What a library's tests may import besides testing libs: never a project that depends on the
 * library (that is a cycle, and it makes every change to the library affect its tests' targets
 * and theirs). Tool tests may build a kernel server; tests needing the whole server live in an
 * e2e project, and so do the server's own tests that launch fixture apps (mcp-server-e2e). Plugin tests may also run the shipped server (`app`), as the plugin generator
 * scaffolds them: the server loads plugins by path at run time and never imports a plugin lib,
 * so that edge makes no cycle.
 */
const TEST_ALLOWED: Partial<Record<Layer, readonly Layer[]>> = {
  sdk: [],
  kernel: ['sdk'],
  driver: ['sdk'],
  'core-tools': ['sdk', 'kernel'],
  // A plugin's end-to-end tests load it into the shipped server, as the generated test does
  // (docs/plugins.md §8): nothing depends on a plugin, so this adds no cycle.
  plugin: ['sdk', 'kernel', 'app'],
};

/** A fixture app (libs/testing/fixtures/apps/*): an Nx project of its own, so only its users are affected by it. */
function isFixtureApp(project: ProjectInfo): boolean {
  return project.tags.includes('type:fixture') || project.root.startsWith('libs/testing/fixtures/');
}

/** The one lib that may count BPE: what manifest-check and `stagewright plugin check` share. */
const TOKENIZER_LIB = 'libs/listing-budget';

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

/**
 * Tests and test-only code (fixtures and helpers in `test-fixtures/`, `test-support/`,
 * `__fixtures__/`, `__tests__/`) may import testing libs and build what they test on.
 */
export function isTestFile(file: string): boolean {
  return (
    /\.(?:test|spec)\.[cm]?[jt]s$/.test(file) ||
    /(?:^|\/)(?:test-fixtures|test-support|__fixtures__|__tests__)\//.test(file) ||
    /(?:^|\/)vitest\.config\.[cm]?[jt]s$/.test(file)
  );
}

/** Checks one import of `file` (owned by `from`) that resolves to project `to` (undefined: not a workspace project). */
export function checkImport(file: string, specifier: string, from: ProjectInfo, to: ProjectInfo | undefined): Violation[] {
  const violations: Violation[] = [];
  const bare = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  if (bare === 'gpt-tokenizer' && !file.startsWith('benchmarks/') && !file.startsWith(`${TOKENIZER_LIB}/`)) {
    violations.push({
      file,
      specifier,
      rule: `gpt-tokenizer is for measuring listings: import it only under benchmarks/ or ${TOKENIZER_LIB} (the server loads it only for plugin check)`,
    });
  }
  if (!to || to === from) return violations;
  const source = layerOf(from);
  const target = layerOf(to);
  const test = isTestFile(file);
  const rule = (text: string) => [...violations, { file, specifier, rule: text }];
  if (target === 'e2e') return rule(`test project "${to.name}" is a leaf: nothing may import it`);
  if (test && source === 'app' && isFixtureApp(to)) {
    // Plugins' tests load the server: a fixture the server's own tests launch would reach every plugin.
    return rule(`tests of the server ("${from.name}") may not launch fixture app "${to.name}": move the test to its e2e project`);
  }
  if (source === 'testing' && target !== 'testing') {
    // Tests included: Nx counts their imports, and products' tests import testing libs.
    return rule(`testing lib "${from.name}" may import only testing libs, not ${target} ("${to.name}"): products' tests use it`);
  }
  if (target === 'testing' && !test && source !== 'testing' && source !== 'bench' && source !== 'e2e') {
    return rule(`testing lib "${to.name}" may be imported only by tests, testing libs, test projects and benchmarks`);
  }
  if (test && target !== 'testing' && TEST_ALLOWED[source] && !TEST_ALLOWED[source].includes(target)) {
    const may = TEST_ALLOWED[source].length ? `only ${TEST_ALLOWED[source].join(', ')} and testing libs` : 'only testing libs';
    return rule(`tests of ${source} ("${from.name}") may import ${may}, not ${target} ("${to.name}"): move the test to an e2e project`);
  }
  const allowed = ALLOWED[source];
  if (!test && allowed !== 'all' && !allowed.includes(target)) {
    const may = allowed.length ? `only ${allowed.join(', ')}` : 'no workspace lib';
    violations.push({ file, specifier, rule: `${source} ("${from.name}") may import ${may}, not ${target} ("${to.name}")` });
  }
  return violations;
}
