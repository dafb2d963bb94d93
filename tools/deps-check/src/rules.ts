import type { ProjectInfo } from './workspace.js';

/** The layer a project belongs to, from its `scope:` tag (plugins also by their folder). */
export type Layer = 'sdk' | 'kernel' | 'driver' | 'core-tools' | 'plugin' | 'testing' | 'bench' | 'app' | 'other';

export function layerOf(project: ProjectInfo): Layer {
  if (project.root.startsWith('libs/plugins/')) return 'plugin';
  const scope = project.tags.find((tag) => tag.startsWith('scope:'))?.slice('scope:'.length);
  if (scope === 'plugin' || scope === 'plugins') return 'plugin';
  const known: Layer[] = ['sdk', 'kernel', 'driver', 'core-tools', 'testing', 'bench', 'app'];
  return known.includes(scope as Layer) ? (scope as Layer) : 'other';
}

/**
 * ARCHITECTURE.md §1. Which workspace layers a layer's (non-test) source may import; `all` means
 * any. Testing libs are governed separately: only tests, testing and bench may import them.
 */
const ALLOWED: Record<Layer, readonly Layer[] | 'all'> = {
  sdk: [],
  kernel: ['sdk'],
  driver: ['sdk'],
  'core-tools': ['sdk'],
  plugin: ['sdk'],
  app: 'all',
  testing: 'all',
  bench: 'all',
  other: 'all',
};

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

/**
 * Tests and test-only code (fixtures and helpers in `test-fixtures/`, `test-support/`,
 * `__fixtures__/`, `__tests__/`) may import testing libs and reach other layers to set up scenarios.
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
  const bare = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  if (bare === 'gpt-tokenizer' && !file.startsWith('benchmarks/')) {
    violations.push({ file, specifier, rule: 'gpt-tokenizer is a benchmark dependency: import it only under benchmarks/' });
  }
  if (!to || to === from) return violations;
  const source = layerOf(from);
  const target = layerOf(to);
  const test = isTestFile(file);
  if (target === 'testing' && !test && source !== 'testing' && source !== 'bench') {
    violations.push({ file, specifier, rule: `testing lib "${to.name}" may be imported only by tests, testing libs and benchmarks` });
    return violations;
  }
  const allowed = ALLOWED[source];
  if (!test && allowed !== 'all' && !allowed.includes(target)) {
    const may = allowed.length ? `only ${allowed.join(', ')}` : 'no workspace lib';
    violations.push({ file, specifier, rule: `${source} ("${from.name}") may import ${may}, not ${target} ("${to.name}")` });
  }
  return violations;
}
