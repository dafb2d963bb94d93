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

/** Up to `limit` candidates close to `name`: small edit distance, or one containing the other. */
export function similarNames(name: string, candidates: readonly string[], limit = 3): string[] {
  const bare = name.replace(/^electron_/, '');
  const scored = candidates
    .map((candidate) => {
      const distance = editDistance(name, candidate);
      const contains = bare.length >= 3 && candidate.includes(bare);
      return { candidate, score: contains ? Math.min(distance, 1) : distance };
    })
    .filter(({ score }) => score <= Math.max(2, Math.floor(name.length / 4)))
    .sort((a, b) => a.score - b.score || (a.candidate < b.candidate ? -1 : 1));
  return scored.slice(0, limit).map(({ candidate }) => candidate);
}
