import { format } from 'node:util';

/**
 * Over stdio, stdout is the JSON-RPC channel: one stray console.log from any dependency would
 * corrupt it. Imported right after reflect-metadata so it is in place before anything else runs.
 */
const toStderr = (...args: unknown[]) => void process.stderr.write(`${format(...args)}\n`);
console.log = toStderr;
console.info = toStderr;
console.debug = toStderr;
console.dir = (item: unknown) => toStderr(item);
console.table = (data: unknown) => toStderr(data);

/**
 * Take stdout for JSON-RPC alone: returns a writer on the real stdout for the transport and
 * points `process.stdout.write` at stderr, so even a dependency that writes to process.stdout
 * directly cannot corrupt the channel. Called once, when the server is about to serve.
 */
export function claimStdout(): NodeJS.WritableStream {
  const stdout = process.stdout;
  const realWrite = stdout.write.bind(stdout);
  const channel = {
    write: realWrite,
    once: (event: string, listener: (...args: unknown[]) => void) => stdout.once(event, listener),
    on: (event: string, listener: (...args: unknown[]) => void) => stdout.on(event, listener),
  } as unknown as NodeJS.WritableStream;
  stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) =>
    (process.stderr.write as (...a: unknown[]) => boolean)(chunk, ...rest)) as typeof stdout.write;
  return channel;
}
