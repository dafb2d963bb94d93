/** The named core profiles (ADR-0035); `full` is measured as core-safe / core-eval. */
export const NAMED_PROFILES = ['essential', 'testing', 'debug'] as const;

/** Server options of one variant: a subset of createStagewrightServer's options. */
export interface VariantOptions {
  toolProfile: 'essential' | 'testing' | 'debug' | 'full';
  allowEval: boolean;
  /** The `-eval` variants measure everything an operator can open: impersonation too (ADR-0034). */
  allowImpersonation?: boolean;
  plugins?: string[];
}

export interface VariantSpec {
  name: string;
  options: VariantOptions;
}

function safeAndEval(prefix: string, base: Omit<VariantOptions, 'allowEval' | 'allowImpersonation'>): VariantSpec[] {
  return [
    { name: `${prefix}-safe`, options: { ...base, allowEval: false } },
    { name: `${prefix}-eval`, options: { ...base, allowEval: true, allowImpersonation: true } },
  ];
}

/** A plugin to measure: its namespace (variant `plugin-<name>-…`) and what `--plugin` loads. */
export interface MeasuredPlugin {
  name: string;
  spec: string;
}

/**
 * Every variant the baseline covers: the full core surface, each named profile, each workspace
 * plugin (Nx projects tagged `type:plugin`) on top of the full core, and all plugins together;
 * each without and with eval. Plugin variants appear only when plugins exist.
 */
export function manifestVariants(plugins: readonly MeasuredPlugin[] = []): VariantSpec[] {
  const variants = [
    ...safeAndEval('core', { toolProfile: 'full' }),
    ...NAMED_PROFILES.flatMap((profile) => safeAndEval(profile, { toolProfile: profile })),
    ...plugins.flatMap((plugin) => safeAndEval(`plugin-${plugin.name}`, { toolProfile: 'full', plugins: [plugin.spec] })),
  ];
  if (plugins.length > 0)
    variants.push(...safeAndEval('all-plugins', { toolProfile: 'full', plugins: plugins.map((plugin) => plugin.spec) }));
  return variants;
}

/** Picks variants by name; an unknown name is an error naming the known ones. */
export function selectVariants(all: readonly VariantSpec[], names: readonly string[]): VariantSpec[] {
  if (names.length === 0) return [...all];
  const unknown = names.filter((name) => !all.some((v) => v.name === name));
  if (unknown.length > 0) throw new Error(`Unknown variant ${unknown.join(', ')}; known: ${all.map((v) => v.name).join(', ')}`);
  return all.filter((v) => names.includes(v.name));
}
