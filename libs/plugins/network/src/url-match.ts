/**
 * URL patterns shared by capture and stubs, so one pattern means the same thing in both.
 * A pattern with `*` is a glob over the whole URL: `*` matches within a path segment (no `/`),
 * `**` matches anything. A pattern without `*` matches any URL that contains it, which is what
 * an agent typing `/api/items` means.
 */
export type UrlMatcher = (url: string) => boolean;

function escapeLiteral(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\/]/g, '\\$&');
}

export function urlMatcher(pattern: string | undefined): UrlMatcher {
  if (!pattern) return () => true;
  if (!pattern.includes('*')) return (url) => url.includes(pattern);
  const source = pattern
    .split('**')
    .map((part) => part.split('*').map(escapeLiteral).join('[^/]*'))
    .join('.*');
  const regex = new RegExp(`^${source}$`);
  return (url) => regex.test(url);
}

/** Methods compared upper-case; an empty or missing list accepts every method. */
export function methodMatcher(methods: readonly string[] | undefined): (method: string) => boolean {
  if (!methods || methods.length === 0) return () => true;
  const wanted = new Set(methods.map((method) => method.toUpperCase()));
  return (method) => wanted.has(method.toUpperCase());
}
