import { FIRST_PARTY_PLUGINS } from './plugins.js';

/** The named core profiles (ADR-021); `full` is measured as core-safe / core-eval. */
export const NAMED_PROFILES = ['essential', 'testing', 'debug'] as const;

/** Server options of one variant: a subset of createStagewrightServer's options. */
export interface VariantOptions {
  toolProfile: 'essential' | 'testing' | 'debug' | 'full';
  allowEval: boolean;
  plugins?: string[];
}

export interface VariantSpec {
  name: string;
  options: VariantOptions;
}

function safeAndEval(prefix: string, base: Omit<VariantOptions, 'allowEval'>): VariantSpec[] {
  return [
    { name: `${prefix}-safe`, options: { ...base, allowEval: false } },
    { name: `${prefix}-eval`, options: { ...base, allowEval: true } },
  ];
}

/**
 * Every variant the baseline covers: the full core surface, each named profile, each first-party
 * plugin on top of the full core, and all plugins together; each without and with eval.
 * Plugin variants appear only when plugins exist.
 */
export function manifestVariants(plugins: readonly string[] = FIRST_PARTY_PLUGINS): VariantSpec[] {
  const variants = [
    ...safeAndEval('core', { toolProfile: 'full' }),
    ...NAMED_PROFILES.flatMap((profile) => safeAndEval(profile, { toolProfile: profile })),
    ...plugins.flatMap((plugin) => safeAndEval(`plugin-${plugin}`, { toolProfile: 'full', plugins: [plugin] })),
  ];
  if (plugins.length > 0) variants.push(...safeAndEval('all-plugins', { toolProfile: 'full', plugins: [...plugins] }));
  return variants;
}

/** Picks variants by name; an unknown name is an error naming the known ones. */
export function selectVariants(all: readonly VariantSpec[], names: readonly string[]): VariantSpec[] {
  if (names.length === 0) return [...all];
  const unknown = names.filter((name) => !all.some((v) => v.name === name));
  if (unknown.length > 0) throw new Error(`Unknown variant ${unknown.join(', ')}; known: ${all.map((v) => v.name).join(', ')}`);
  return all.filter((v) => names.includes(v.name));
}
