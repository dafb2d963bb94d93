import { type ArchiveFacts, readArchiveFile } from '../asar-checks.js';
import { LIMITS } from '../check.js';

export interface PackedScripts {
  texts: { name: string; text: string }[];
  /** Scripts left unread by the bounds: a finding absent from `texts` may be in them. */
  skipped: number;
}

/** The app's own scripts in app.asar (outside node_modules), read within the bounds. */
export function packedScripts(facts: ArchiveFacts): PackedScripts {
  const texts: PackedScripts['texts'] = [];
  let skipped = 0;
  let total = 0;
  for (const [name, file] of facts.files) {
    if (!/\.(c|m)?js$/.test(name) || /(^|\/)node_modules\//.test(name) || file.unpacked) continue;
    if (texts.length >= LIMITS.scannedFiles || file.size > LIMITS.scriptBytes || total + file.size > LIMITS.scannedBytes) {
      skipped += 1;
      continue;
    }
    const bytes = readArchiveFile(facts, name, LIMITS.scriptBytes);
    if (!bytes) {
      skipped += 1;
      continue;
    }
    total += bytes.length;
    texts.push({ name, text: bytes.toString('utf8') });
  }
  return { texts, skipped };
}

/** Whether a package is packed in the archive (its node_modules/<name>/package.json). */
export const packsModule = (facts: ArchiveFacts, name: string) => facts.files.has(`node_modules/${name}/package.json`);
