/**
 * URL patterns shared by capture and stubs, so one pattern means the same thing in both.
 * A pattern with `*` is a glob over the whole URL: `*` matches within a path segment (no `/`),
 * `**` matches anything. A pattern without `*` matches any URL that contains it, which is what
 * an agent typing `/api/items` means.
 */
export type UrlMatcher = (url: string) => boolean;

/**
 * The matcher of a list of patterns (any one matches; an empty list matches every URL). Glob
 * matching runs without a regular expression: the set of URL positions the pattern so far can end
 * at, advanced token by token. Time is bounded by tokens x URL length x literal length, whatever
 * the pattern (a translated regex such as `^.*a.*a.*a…$` backtracks polynomially in the number of
 * wildcards, and a stub's pattern is tested against every request of the app).
 * Self-contained (no outer names): the main-process agent receives it as source (mainAgentBody).
 */
export function compileUrlPatterns(patterns: readonly string[]): UrlMatcher {
  type Token = { literal: string } | 'star' | 'globstar';
  const tokenize = (pattern: string): Token[] => {
    const tokens: Token[] = [];
    for (let i = 0; i < pattern.length; ) {
      if (pattern.startsWith('**', i)) {
        tokens.push('globstar');
        i += 2;
      } else if (pattern[i] === '*') {
        tokens.push('star');
        i += 1;
      } else {
        const next = pattern.indexOf('*', i);
        const end = next === -1 ? pattern.length : next;
        tokens.push({ literal: pattern.slice(i, end) });
        i = end;
      }
    }
    return tokens;
  };
  const globMatches = (tokens: readonly Token[], url: string): boolean => {
    let reach = new Uint8Array(url.length + 1);
    reach[0] = 1;
    for (const token of tokens) {
      const next = new Uint8Array(url.length + 1);
      if (token === 'globstar') {
        const first = reach.indexOf(1);
        if (first !== -1) next.fill(1, first);
      } else if (token === 'star') {
        let open = false;
        for (let q = 0; q <= url.length; q++) {
          if (reach[q]) open = true;
          if (open) next[q] = 1;
          if (url[q] === '/') open = false;
        }
      } else {
        for (let p = 0; p + token.literal.length <= url.length; p++) {
          if (reach[p] && url.startsWith(token.literal, p)) next[p + token.literal.length] = 1;
        }
      }
      reach = next;
    }
    return reach[url.length] === 1;
  };
  const one = patterns
    .filter((pattern) => pattern.length > 0)
    .map((pattern): UrlMatcher => {
      if (!pattern.includes('*')) return (url) => url.includes(pattern);
      const tokens = tokenize(pattern);
      return (url) => globMatches(tokens, url);
    });
  if (one.length === 0) return () => true;
  return (url) => one.some((matches) => matches(url));
}

/** One pattern or several (space-separated, or a list; any matches); none matches every URL. */
export function urlMatcher(pattern: string | readonly string[] | undefined): UrlMatcher {
  return compileUrlPatterns(patternList(pattern));
}

/** A `url` or `method` argument as a list: space-separated words, or an array as given. */
export function patternList(pattern: string | readonly string[] | undefined): string[] {
  if (pattern === undefined) return [];
  return typeof pattern === 'string' ? pattern.split(/\s+/).filter(Boolean) : [...pattern];
}

/** Methods compared upper-case; an empty or missing list accepts every method. */
export function methodMatcher(methods: string | readonly string[] | undefined): (method: string) => boolean {
  const list = patternList(methods);
  if (list.length === 0) return () => true;
  const wanted = new Set(list.map((method) => method.toUpperCase()));
  return (method) => wanted.has(method.toUpperCase());
}
