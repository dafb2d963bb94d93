/** Remove comments so that commented-out imports do not count (strings are left alone). */
function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

const STATIC = /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w$*{},\s]*?\s+from\s+)?['"]([^'"\n]+)['"]/g;
const DYNAMIC = /\b(?:import|require)\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** Every module specifier a file imports, re-exports, dynamically imports or requires. */
export function extractImports(source: string): string[] {
  const code = stripComments(source);
  const found = new Set<string>();
  for (const pattern of [STATIC, DYNAMIC]) {
    for (const match of code.matchAll(pattern)) found.add(match[1]);
  }
  return [...found];
}
