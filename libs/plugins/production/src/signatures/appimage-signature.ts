import { closeSync, openSync, readSync } from 'node:fs';
import { type Check, check } from '../check.js';
import { type SignatureEnv, runProbe } from './probe.js';

const ID = 'signature:package';
/** Section headers and names are read within these bounds; an ELF claiming more is not judged. */
const MAX_SECTIONS = 4096;
const MAX_SECTION_NAMES = 64 * 1024;
const MAX_SIGNATURE = 64 * 1024;

interface Section {
  name: string;
  offset: number;
  size: number;
}

function readAt(fd: number, offset: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, offset);
  return buffer.subarray(0, read);
}

/** The section table of an ELF file (32/64-bit, either byte order), or a reason it cannot be read. */
export function elfSections(file: string): Section[] | string {
  const fd = openSync(file, 'r');
  try {
    const head = readAt(fd, 0, 64);
    if (head.length < 52 || head.readUInt32BE(0) !== 0x7f454c46) return 'not an ELF file (an AppImage of type 2 is one)';
    const wide = head[4] === 2;
    const little = head[5] !== 2;
    const u16 = (b: Buffer, at: number) => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));
    const u32 = (b: Buffer, at: number) => (little ? b.readUInt32LE(at) : b.readUInt32BE(at));
    const word = (b: Buffer, at: number) => (wide ? Number(little ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at)) : u32(b, at));
    const tableAt = word(head, wide ? 0x28 : 0x20);
    const entrySize = u16(head, wide ? 0x3a : 0x2e);
    const count = u16(head, wide ? 0x3c : 0x30);
    const namesIndex = u16(head, wide ? 0x3e : 0x32);
    if (count === 0 || count > MAX_SECTIONS || namesIndex >= count) return `its section table is absent or over ${MAX_SECTIONS} entries`;
    const table = readAt(fd, tableAt, entrySize * count);
    if (table.length < entrySize * count) return 'its section table is cut short';
    const raw = Array.from({ length: count }, (_, i) => {
      const at = i * entrySize;
      return { nameAt: u32(table, at), offset: word(table, at + (wide ? 0x18 : 0x10)), size: word(table, at + (wide ? 0x20 : 0x14)) };
    });
    const names = raw[namesIndex]!;
    if (names.size > MAX_SECTION_NAMES) return 'its section names are over the bound';
    const strings = readAt(fd, names.offset, names.size);
    return raw.map((section) => {
      const end = strings.indexOf(0, section.nameAt);
      return { name: strings.toString('latin1', section.nameAt, end < 0 ? undefined : end), offset: section.offset, size: section.size };
    });
  } finally {
    closeSync(fd);
  }
}

/** Whether a section holds anything but zero bytes (the runtime reserves the signature sections zero-filled). */
function holdsData(file: string, section: Section): boolean {
  const fd = openSync(file, 'r');
  try {
    return readAt(fd, section.offset, Math.min(section.size, MAX_SIGNATURE)).some((byte) => byte !== 0);
  } finally {
    closeSync(fd);
  }
}

/**
 * An AppImage's signature: appimagetool --sign fills the `.sha256_sig` (and `.sig_key`) sections
 * the runtime reserves. Empty or absent is a fail read from the file; a filled one is verified by
 * AppImageKit's `validate` where it is installed, else `unknown` with the command.
 */
export async function appImageSignatureCheck(file: string, env: SignatureEnv): Promise<Check> {
  const sections = elfSections(file);
  if (typeof sections === 'string') return check(ID, 'unknown', `The AppImage's signature sections cannot be read: ${sections}.`);
  const signature = sections.find((section) => section.name === '.sha256_sig');
  if (!signature)
    return check(ID, 'fail', 'The AppImage has no .sha256_sig section: it is unsigned (type 1, or a runtime without signature support).');
  if (!holdsData(file, signature))
    return check(ID, 'fail', 'The AppImage is unsigned: its .sha256_sig section is empty. Sign it with appimagetool --sign.');
  return runProbe(
    {
      id: ID,
      host: 'linux',
      file: 'validate',
      args: [file],
      judge: (exit) =>
        exit.code === 0
          ? check(ID, 'pass', 'AppImageKit validate accepts the embedded signature; compare its key with the publisher’s.')
          : check(ID, 'fail', `AppImageKit validate rejects the signature: ${exit.stderr.trim().split('\n')[0] || `exit ${exit.code}`}`),
    },
    env,
  ).then((verdict) =>
    verdict.verdict === 'unknown'
      ? check(ID, 'unknown', `The AppImage carries a signature (.sha256_sig filled) that was not verified. ${verdict.reason}`)
      : verdict,
  );
}
