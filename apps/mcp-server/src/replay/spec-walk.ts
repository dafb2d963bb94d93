/** A `{"$param": name}` reference: the only `$` key a spec may use inside values. */
export function paramRefName(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const ref = (value as Record<string, unknown>).$param;
  return typeof ref === 'string' ? ref : undefined;
}

/**
 * Visits every JSON value under `value` with its path (`steps/2/args/text`). The visitor returns
 * false to skip the children (e.g. of a parameter reference).
 */
export function walkValues(value: unknown, path: string, visit: (node: unknown, path: string) => boolean | undefined): void {
  if (visit(value, path) === false) return;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walkValues(item, `${path}/${i}`, visit);
  } else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) walkValues(child, `${path}/${key}`, visit);
}

/** A copy with every parameter reference replaced by its value. */
export function substitute(value: unknown, values: Readonly<Record<string, unknown>>): unknown {
  const name = paramRefName(value);
  if (name !== undefined) return Object.hasOwn(values, name) ? values[name] : undefined;
  if (Array.isArray(value)) return value.map((item) => substitute(item, values));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, substitute(child, values)]));
}
