import { lstat } from 'node:fs/promises';
import { writeFileSafely } from '@stagewright/sdk';

/** An output the operator named cannot be written: nothing was written. */
export class OutputRefused extends Error {
  override name = 'OutputRefused';
}

/**
 * Writes an output page, spec or test through a temporary file renamed over the name, so a link
 * planted at the name (e.g. next to a trace in a shared folder) is never written through: refused instead.
 */
export async function writeOutput(target: string, text: string): Promise<void> {
  const present = await lstat(target).catch(() => undefined);
  if (present?.isSymbolicLink()) throw new OutputRefused(`${target} is a symbolic link; nothing was written: remove it or pass another -o`);
  if (present && !present.isFile()) throw new OutputRefused(`${target} is not a file; nothing was written: pass another -o`);
  await writeFileSafely(target, text, false);
}
