import { existsSync, readFileSync, statSync } from 'node:fs';
import { type ArchiveFacts, headerHash, readArchiveFile } from './asar-checks.js';
import { type Check, LIMITS, check } from './check.js';
import type { AppLayout } from './locate-app.js';

export interface PackageFacts {
  name?: string;
  productName?: string;
  version?: string;
  main?: string;
}

/** package.json inside the archive: present, named and versioned, and its main script packed. */
export function packageChecks(facts: ArchiveFacts): { checks: Check[]; pkg?: PackageFacts } {
  const size = facts.files.get('package.json')?.size;
  if (size === undefined)
    return { checks: [check('package:metadata', 'fail', 'app.asar has no package.json: Electron cannot find the app.')] };
  const bytes = readArchiveFile(facts, 'package.json', LIMITS.packageJsonBytes);
  if (!bytes)
    return {
      checks: [check('package:metadata', 'unknown', `package.json is ${size} bytes, over the ${LIMITS.packageJsonBytes}-byte bound.`)],
    };
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return { checks: [check('package:metadata', 'fail', `package.json is not JSON: ${(error as Error).message.split('\n')[0]}`)] };
  }
  const str = (key: string) => (typeof json[key] === 'string' ? (json[key] as string).slice(0, 200) : undefined);
  const pkg: PackageFacts = { name: str('name'), productName: str('productName'), version: str('version'), main: str('main') };
  const metadata =
    pkg.name && pkg.version
      ? check('package:metadata', 'pass', `${pkg.productName ?? pkg.name} ${pkg.version}.`)
      : check(
          'package:metadata',
          'fail',
          `package.json lacks ${pkg.name ? 'version' : 'name'}: app.getName()/getVersion() fall back to Electron's.`,
        );
  const main = (pkg.main ?? 'index.js').replace(/^\.\//, '');
  const found = [main, `${main}.js`, `${main}/index.js`].find((candidate) => facts.files.has(candidate));
  const mainCheck = found
    ? check('package:main', 'pass', `main "${main}" is packed.`)
    : check(
        'package:main',
        'fail',
        `main "${main}" is not in app.asar: the app fails at start.`,
        'electron_launch of this build ends with LAUNCH_FAILED.',
      );
  return { checks: [metadata, mainCheck], pkg };
}

/** The archive's header hash against the one embedded in the app (what EmbeddedAsarIntegrityValidation compares). */
export function embeddedIntegrityCheck(layout: AppLayout, facts: ArchiveFacts): Check {
  const id = 'asar:embedded-integrity';
  const hash = headerHash(facts);
  if (layout.platform === 'linux') return check(id, 'unknown', 'Electron validates asar integrity only on macOS and Windows builds.');
  if (layout.platform === 'win32') {
    return check(
      id,
      'unknown',
      `Windows keeps the expected hash in an INTEGRITY resource of the .exe, which is not parsed here; the header hash is ${hash}.`,
    );
  }
  const plist = layout.infoPlist;
  if (!plist || !existsSync(plist)) return check(id, 'unknown', 'No Contents/Info.plist to read the expected hash from.');
  if (statSync(plist).size > LIMITS.plistBytes) return check(id, 'unknown', `Info.plist is over the ${LIMITS.plistBytes}-byte bound.`);
  const text = readFileSync(plist, 'utf8');
  if (text.startsWith('bplist')) return check(id, 'unknown', 'Info.plist is a binary plist, which is not parsed here.');
  const entry = /<key>ElectronAsarIntegrity<\/key>[\s\S]*?<key>Resources\/app\.asar<\/key>\s*<dict>([\s\S]*?)<\/dict>/.exec(text);
  if (!entry) return check(id, 'fail', 'Info.plist has no ElectronAsarIntegrity hash for Resources/app.asar: the archive is not verified.');
  const expected = /<key>hash<\/key>\s*<string>([0-9a-fA-F]+)<\/string>/.exec(entry[1])?.[1]?.toLowerCase();
  if (expected === hash) return check(id, 'pass', 'The header hash matches the one in Info.plist.');
  return check(
    id,
    'fail',
    `Info.plist expects ${expected ?? 'no hash'}, the archive's header hashes to ${hash}: Electron refuses to start.`,
    'electron_launch of this build fails.',
  );
}
