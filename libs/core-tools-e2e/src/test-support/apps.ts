import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test apps of this library (not fixtures): each isolates behaviour a tool test needs. */
export function testApp(name: 'hazards' | 'two-windows' | 'no-window'): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'apps', name);
}
