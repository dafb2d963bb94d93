/** Edit distance (insert, delete, substitute), for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** A tool name without its family prefix (`electron_`, `<plugin>_`): the part a typo or a guess is in. */
function bareName(name: string): string {
  return name.replace(/^[a-z0-9]+_/, '');
}

/**
 * Up to `limit` candidates close to `name`: a small edit distance between the names without their
 * prefix (a quarter of the guessed part, at least 1), or one containing the other. Measured on
 * whole names, `electron_menu` was "close" to `electron_find` (3 edits in 13 characters).
 */
export function similarNames(name: string, candidates: readonly string[], limit = 3): string[] {
  const bare = bareName(name);
  const scored = candidates
    .map((candidate) => {
      const other = bareName(candidate);
      const distance = Math.min(editDistance(bare, other), editDistance(name, candidate));
      const contains = bare.length >= 3 && candidate.includes(bare);
      return { candidate, score: contains ? Math.min(distance, 1) : distance };
    })
    .filter(({ score }) => score <= Math.max(1, Math.floor(bare.length / 4)))
    .sort((a, b) => a.score - b.score || (a.candidate < b.candidate ? -1 : 1));
  return scored.slice(0, limit).map(({ candidate }) => candidate);
}
