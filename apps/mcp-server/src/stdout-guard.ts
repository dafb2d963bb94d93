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
