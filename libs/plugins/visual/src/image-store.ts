import { lstat, open, readFile, realpath, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isInsideRoot, privateFolder, ToolError, writeFileSafely } from '@stagewright/sdk';

/** Largest image read or kept: edges in device pixels, total pixels, and file bytes. */
export const IMAGE_LIMITS = { edge: 8_192, pixels: 16_777_216, bytes: 64 * 1024 * 1024 } as const;

/**
 * One configured folder (baselines or artifacts). Every file it touches is `<name><suffix>`
 * directly inside the folder's real path: names are validated by the tool schema (no separators,
 * no leading dot), and a file that is a symlink resolving outside the folder is refused, so
 * neither reads nor writes ever leave it. Writes go to a temporary file in the same folder and
 * are renamed over the target: a reader never sees half an image, and rename replaces a link
 * rather than writing through it. The folder itself must be a real directory of this user
 * (sdk privateFolder: UNSAFE_FOLDER otherwise); `below` is where that check starts.
 */
export class ImageFolder {
  constructor(
    readonly root: string,
    private readonly label: 'baseline' | 'artifact',
    private readonly below?: string,
  ) {}

  /** The confined path of `<name><suffix>`, creating the folder when asked; throws visual.PATH_OUTSIDE_ROOT. */
  async file(name: string, suffix: string): Promise<string> {
    const realRoot = await privateFolder(this.root, `${this.label} folder`, this.below);
    const file = join(realRoot, `${name}${suffix}`);
    const stat = await lstat(file).catch(() => undefined);
    if (stat?.isSymbolicLink()) {
      // Containment by path components, not by prefix: `<root>-evil/x` shares the root's prefix.
      const real = await realpath(file).catch(() => undefined);
      if (real === undefined || real === realRoot || !isInsideRoot(realRoot, real)) {
        throw new ToolError('visual.PATH_OUTSIDE_ROOT', `The ${this.label} file for "${name}" links outside the ${this.label} folder.`, {
          details: { file },
        });
      }
    } else if (stat && !stat.isFile()) {
      throw new ToolError('BAD_ARGUMENT', `The ${this.label} path for "${name}" is not a file.`, { details: { param: 'name', file } });
    }
    return file;
  }

  async exists(name: string, suffix: string): Promise<boolean> {
    return (await lstat(await this.file(name, suffix)).catch(() => undefined)) !== undefined;
  }

  /** Reads a file of at most IMAGE_LIMITS.bytes; undefined when it does not exist. */
  async read(name: string, suffix: string): Promise<Buffer | undefined> {
    const file = await this.file(name, suffix);
    const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!handle) return undefined;
    try {
      const { size } = await handle.stat();
      if (size > IMAGE_LIMITS.bytes) {
        throw new ToolError(
          'visual.IMAGE_TOO_LARGE',
          `The ${this.label} file for "${name}" has ${size} bytes (limit ${IMAGE_LIMITS.bytes}).`,
        );
      }
      return await readFile(handle);
    } finally {
      await handle.close();
    }
  }

  /** Writes atomically (temporary file + rename); returns the final path. */
  async write(name: string, suffix: string, bytes: Buffer | string): Promise<string> {
    const file = await this.file(name, suffix);
    await writeFileSafely(file, bytes, false);
    return file;
  }

  async remove(name: string, suffix: string): Promise<void> {
    await unlink(await this.file(name, suffix)).catch(() => undefined);
  }
}

/** Width and height from a PNG's IHDR, checked against IMAGE_LIMITS before anything is decoded. */
export function pngSizeOrThrow(bytes: Buffer, what: string): { width: number; height: number } {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') {
    throw new ToolError('visual.BAD_IMAGE', `${what} is not a PNG image.`);
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width > IMAGE_LIMITS.edge || height > IMAGE_LIMITS.edge || width * height > IMAGE_LIMITS.pixels) {
    throw new ToolError(
      'visual.IMAGE_TOO_LARGE',
      `${what} is ${width}×${height} px (limit ${IMAGE_LIMITS.edge} px per edge, ${IMAGE_LIMITS.pixels} px in all).`,
      {
        details: { width, height },
      },
    );
  }
  return { width, height };
}
