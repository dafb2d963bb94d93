import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { extractFile, getRawHeader, uncache } from '@electron/asar';
import { type Check, LIMITS, check } from './check.js';

/** What the archive's header says, for the metadata and integrity checks. */
export interface ArchiveFacts {
  archive: string;
  headerString: string;
  files: Map<string, { size: number; integrity: boolean; unpacked: boolean }>;
}

/** app.asar present (not a loose app/ folder) and its header readable within bounds. */
export function asarChecks(resources: string | undefined): { checks: Check[]; facts?: ArchiveFacts } {
  if (!resources) return { checks: [check('asar:present', 'unknown', 'No resources folder found next to the executable.')] };
  const archive = join(resources, 'app.asar');
  if (!existsSync(archive)) {
    const loose = existsSync(join(resources, 'app'));
    return {
      checks: [
        loose
          ? check('asar:present', 'fail', 'The app ships as a loose resources/app folder: its code can be read and edited in place.')
          : check('asar:present', 'fail', 'No app.asar and no app folder in resources: Electron would start its default app.'),
      ],
    };
  }
  const present = check('asar:present', 'pass', `resources/app.asar, ${statSync(archive).size} bytes.`);
  const declared = headerSize(archive);
  if (declared === undefined || declared > LIMITS.asarHeaderBytes) {
    const why =
      declared === undefined
        ? 'too short to hold a header'
        : `its header claims ${declared} bytes, over the ${LIMITS.asarHeaderBytes}-byte bound`;
    return { checks: [present, check('asar:readable', 'fail', `app.asar is ${why}.`)] };
  }
  let raw: ReturnType<typeof getRawHeader>;
  try {
    raw = getRawHeader(archive);
  } catch (error) {
    return { checks: [present, check('asar:readable', 'fail', `app.asar cannot be read: ${(error as Error).message.split('\n')[0]}`)] };
  }
  const files = new Map<string, { size: number; integrity: boolean; unpacked: boolean }>();
  const walk = (dir: { files?: Record<string, unknown> }, prefix: string) => {
    for (const [name, entry] of Object.entries(dir.files ?? {})) {
      const node = entry as { files?: Record<string, unknown>; size?: number; integrity?: unknown; unpacked?: boolean; link?: string };
      if (node.files) walk(node, `${prefix}${name}/`);
      else if (node.link === undefined)
        files.set(`${prefix}${name}`, {
          size: Number(node.size ?? 0),
          integrity: Boolean(node.integrity),
          unpacked: Boolean(node.unpacked),
        });
    }
  };
  walk(raw.header as { files?: Record<string, unknown> }, '');
  const readable = check('asar:readable', 'pass', `Header of ${raw.headerSize} bytes lists ${files.size} files.`);
  return { checks: [present, readable], facts: { archive, headerString: raw.headerString, files } };
}

/** The header hash Electron's embedded integrity compares: SHA-256 of the header JSON. */
export const headerHash = (facts: ArchiveFacts) => createHash('sha256').update(facts.headerString).digest('hex');

/** Every packed file carries an integrity record (block hashes), which integrity validation needs. */
export function integrityRecordsCheck(facts: ArchiveFacts): Check {
  const packed = [...facts.files.entries()].filter(([, file]) => !file.unpacked);
  const missing = packed.filter(([, file]) => !file.integrity).map(([name]) => name);
  if (missing.length === 0) return check('asar:integrity', 'pass', `All ${packed.length} packed files carry SHA256 block hashes.`);
  return check(
    'asar:integrity',
    'fail',
    `${missing.length} of ${packed.length} files have no integrity record (e.g. ${missing.slice(0, 3).join(', ')}): built by an old packager, so Electron cannot verify them.`,
  );
}

/** A file of the archive, read only when its declared size is within the bound. */
export function readArchiveFile(facts: ArchiveFacts, name: string, maxBytes: number): Buffer | undefined {
  const entry = facts.files.get(name);
  if (!entry || entry.size > maxBytes) return undefined;
  try {
    return extractFile(facts.archive, name);
  } finally {
    uncache(facts.archive);
  }
}

/** The header size from the archive's first 8 bytes (a pickle: payload size, then header size). */
function headerSize(archive: string): number | undefined {
  const fd = openSync(archive, 'r');
  try {
    const head = Buffer.alloc(8);
    return readSync(fd, head, 0, 8, 0) === 8 ? head.readUInt32LE(4) : undefined;
  } finally {
    closeSync(fd);
  }
}

export { LIMITS };
