import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The generated tool catalogue (tools/reference/src/catalogue.ts), a build output, not a committed file. */
export const CATALOGUE_PATH = resolve(import.meta.dirname, '../../../../dist/docs/tool-catalogue.json');

/**
 * Every core and first-party plugin tool, as `reference:catalogue` generated it from the
 * definitions (security-e2e:test depends on that target). A missing catalogue is an error, never
 * an empty list: a check over no tools would pass without checking anything.
 */
export function readCatalogue<Tool>(): { tools: Tool[] } {
  if (!existsSync(CATALOGUE_PATH)) {
    throw new Error(`${CATALOGUE_PATH} is missing: run npx nx run reference:catalogue (security-e2e:test depends on it)`);
  }
  const catalogue = JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8')) as { tools?: Tool[] };
  if (!Array.isArray(catalogue.tools) || catalogue.tools.length === 0) throw new Error(`${CATALOGUE_PATH} lists no tools`);
  return { tools: catalogue.tools };
}
