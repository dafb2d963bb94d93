import { measureServer, type ServerFactory } from './measure.js';
import type { VariantMeasurement } from './figures.js';
import type { VariantOptions, VariantSpec } from './variants.js';

/**
 * Measures variants one after another (one live server at a time), each on a fresh server built
 * from its options.
 */
export async function measureVariants(
  specs: readonly VariantSpec[],
  serverFor: (options: VariantOptions) => ReturnType<ServerFactory>,
): Promise<Record<string, VariantMeasurement>> {
  const results: Record<string, VariantMeasurement> = {};
  for (const spec of specs) {
    try {
      results[spec.name] = await measureServer(() => serverFor(spec.options));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`Variant ${spec.name} (${JSON.stringify(spec.options)}) could not be measured: ${message}`, { cause: error });
    }
  }
  return results;
}
