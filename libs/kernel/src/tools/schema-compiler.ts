import type { Compile as TypeboxCompile } from 'typebox/compile';

/**
 * typebox's schema compiler, loaded when the first schema must be checked. It is a fifth of the
 * server bundle and no part of answering tools/list, so a start without plugins never loads it:
 * the dispatcher awaits it before validating a call, the plugin loader before checking a plugin.
 * Code that compiles (registry, plugin contract and config) runs only after one of those.
 */
let compile: typeof TypeboxCompile | undefined;
let loading: Promise<void> | undefined;

export function loadSchemaCompiler(): Promise<void> {
  loading ??= import('typebox/compile').then((module) => {
    compile = module.Compile;
  });
  return loading;
}

/** typebox's `Compile`; throws when called before loadSchemaCompiler() has resolved. */
export const compileSchema = ((...args: Parameters<typeof TypeboxCompile>) => {
  if (!compile) throw new Error('the schema compiler is not loaded yet: await loadSchemaCompiler() first');
  return (compile as (...a: unknown[]) => unknown)(...args);
}) as typeof TypeboxCompile;
