// Packs a built publishable lib (dist/libs/sdk, dist/libs/testing/kit) into dist/packages/,
// beside the server's tarball: `npm pack` writes <name>-<version>.tgz there.
// Usage: node tools/scripts/pack-lib.mjs <built package folder>   (after its build target)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = join(import.meta.dirname, '../..');
const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('Usage: node tools/scripts/pack-lib.mjs <built package folder>');
  process.exit(64);
}
const built = resolve(root, folder);
if (!existsSync(join(built, 'package.json'))) {
  console.error(`${built}/package.json is missing: build the lib first.`);
  process.exit(1);
}
const destination = join(root, 'dist/packages');
mkdirSync(destination, { recursive: true });
const [packed] = JSON.parse(
  execFileSync('npm', ['pack', built, '--pack-destination', destination, '--json', '--silent'], { encoding: 'utf8' }),
);
console.error(`packed ${join(destination, packed.filename)} (${packed.entryCount} files, ${packed.size} bytes)`);
