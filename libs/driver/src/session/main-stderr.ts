import type { Readable } from 'node:stream';
import type { ConsoleBuffer } from './console-buffer.js';
import { plainText } from './plain-text.js';

/**
 * Lines the runtime prints about itself, not the app: inspector and DevTools banners, Chromium's
 * internal logging (`[pid:tid:date/time:LEVEL:file(line)]`), the Debian Chromium wrapper's shell noise.
 */
const RUNTIME_NOISE = [
  /^Debugger (listening on|attached)/,
  /^For help, see: https:\/\/nodejs\.org/,
  /^Waiting for the debugger to disconnect/,
  /^DevTools listening on ws:/,
  /^\[\d+(:\d+)*\/[\d.]+:(ERROR|WARNING|INFO|VERBOSE\d*|FATAL):/,
  /^\/usr\/bin\/chromium: .*unexpected operator/,
  /^\[: .*unexpected operator/,
];

/** Electron's (and the stand-in's) heading of an uncaught main-process exception. */
const UNCAUGHT = /A JavaScript error occurred in the main process|Uncaught Exception/;

/** How long a stderr chunk waits for the console event that may describe the same write. */
const DEDUPE_MS = 300;

/**
 * The main process's stderr as console entries of source `main`: each write is one entry (a
 * stack stays whole), uncaught exceptions marked `exception`, the rest `stderr`. console.error
 * and console.warn also reach stderr; those already arrive as console events and are not repeated.
 */
export function captureMainStderr(stderr: Readable | null | undefined, buffer: ConsoleBuffer): void {
  stderr?.on('data', (chunk: Buffer | string) => {
    const lines = plainText(String(chunk))
      .split(/\r?\n/)
      .filter((line) => line.trim() && !RUNTIME_NOISE.some((noise) => noise.test(line)));
    if (!lines.length) return;
    const text = lines.join('\n');
    setTimeout(() => {
      const echoed = buffer
        .recent(50)
        .some((entry) => entry.source === 'main' && !entry.kind && lines.every((line) => entry.text.includes(line.trim())));
      if (echoed) return;
      const exception = UNCAUGHT.test(text);
      buffer.push({ source: 'main', level: exception ? 'error' : 'warning', text, kind: exception ? 'exception' : 'stderr' });
    }, DEDUPE_MS).unref();
  });
}
