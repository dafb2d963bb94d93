/**
 * Just enough semver to check a plugin's `sdkRange` against the SDK version: comparators
 * (`>=1.2.0`, `<2`, `=1.0.0`, `1.2.3`), caret, tilde, x-ranges and `*`, AND by space, OR by `||`.
 * Prerelease tags are ignored. Unsupported syntax is an error, never a silent yes.
 */
type Triple = [number, number, number];

const PARTIAL = /^v?(\d+|x|\*)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:[-+][0-9A-Za-z.-]+)?$/;

function parseVersion(version: string): Triple {
  const match = PARTIAL.exec(version.trim());
  if (!match || match.slice(1).some((part) => part !== undefined && !/^\d+$/.test(part))) {
    throw new Error(`not a version: "${version}"`);
  }
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Bounds [lower inclusive, upper exclusive] of a caret, tilde or partial (x-range) version. */
function bounds(operator: '^' | '~' | '', text: string): [Triple, Triple | undefined] {
  const match = PARTIAL.exec(text);
  if (!match) throw new Error(`unsupported range part "${operator}${text}"`);
  const parts = match.slice(1, 4).map((part) => (part === undefined || part === 'x' || part === '*' ? undefined : Number(part)));
  const [major, minor, patch] = parts;
  if (major === undefined) return [[0, 0, 0], undefined];
  const lower: Triple = [major, minor ?? 0, patch ?? 0];
  if (operator === '^') {
    if (major > 0 || minor === undefined) return [lower, [major + 1, 0, 0]];
    if (minor > 0 || patch === undefined) return [lower, [0, minor + 1, 0]];
    return [lower, [0, 0, patch + 1]];
  }
  if (operator === '~' || patch === undefined) {
    return minor === undefined ? [lower, [major + 1, 0, 0]] : [lower, [major, minor + 1, 0]];
  }
  return [lower, [major, minor ?? 0, patch + 1]];
}

function satisfiesPart(version: Triple, part: string): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?\s*(.+)$/.exec(part);
  if (!match) throw new Error(`unsupported range part "${part}"`);
  const [, operator = '', rest] = match;
  if (operator === '^' || operator === '~' || operator === '' || operator === '=') {
    const [lower, upper] = bounds(operator === '=' ? '' : operator, rest);
    return compare(version, lower) >= 0 && (upper === undefined || compare(version, upper) < 0);
  }
  const target = parseVersion(rest);
  const order = compare(version, target);
  return operator === '>=' ? order >= 0 : operator === '<=' ? order <= 0 : operator === '>' ? order > 0 : order < 0;
}

export function satisfiesRange(version: string, range: string): boolean {
  const current = parseVersion(version);
  return range.split('||').some((alternative) => {
    const parts = alternative.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split(/\s+/).filter(Boolean);
    if (parts.length === 0) return true;
    return parts.every((part) => satisfiesPart(current, part));
  });
}
