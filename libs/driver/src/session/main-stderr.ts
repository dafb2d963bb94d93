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

/**
 * Electron's (and the stand-in's) heading of an uncaught main-process exception, and of a main
 * script that threw while it loaded (Electron's init prints it, then rethrows).
 */
const UNCAUGHT = /A JavaScript error occurred in the main process|Uncaught Exception|App threw an error during load/;

/** `at fn (/path/file.js:12:3)` or `at /path/file.js:12:3`: a frame of a stack with a file. */
const FRAME = /^\s*at (?:.*?\()?((?:file:\/\/|\/|[A-Za-z]:\\)[^()]*?:\d+:\d+)\)?\s*$/gm;

/** The files and lines of a stack's frames (`/path/main.js:9:9`), top first; internal frames (`node:`) are not files. */
export function stackLocations(text: string): string[] {
  return [...text.matchAll(FRAME)].map((m) => m[1]);
}

/** Where an exception's stack points first, when it names a file. */
export function stackLocation(text: string): string | undefined {
  return stackLocations(text)[0];
}

/** How long a stderr chunk waits for the console event that may describe the same write. */
const DEDUPE_MS = 300;

/**
 * The main process's stderr as console entries of source `main`: each write is one entry (a
 * stack stays whole), uncaught exceptions marked `exception`, the rest `stderr`. console.error
 * and console.warn also reach stderr; those already arrive as console events and are not repeated.
 */
export function captureMainStderr(
  stderr: Readable | null | undefined,
  buffer: ConsoleBuffer,
  /**
   * What the app wrote before this pipe was read (the launch's preload keeps it, main-instrumentation.ts).
   * Until it arrives, chunks wait; those it already holds are not repeated.
   */
  early?: Promise<readonly string[]>,
): void {
  let held: string[] | undefined = early ? [] : undefined;
  const take = (chunk: string) => {
    if (held) held.push(chunk);
    else record(chunk, buffer);
  };
  void early?.then(
    (chunks) => {
      // Their console events were sent before anyone listened: nothing to de-duplicate against.
      for (const chunk of chunks) record(chunk, buffer, true);
      const before = chunks.join('');
      const pending = held ?? [];
      held = undefined;
      for (const chunk of pending) if (!before.includes(chunk)) record(chunk, buffer);
    },
    () => {
      const pending = held ?? [];
      held = undefined;
      for (const chunk of pending) record(chunk, buffer);
    },
  );
  stderr?.on('data', (chunk: Buffer | string) => take(String(chunk)));
}

function record(chunk: string, buffer: ConsoleBuffer, now = false): void {
  {
    const lines = plainText(chunk)
      .split(/\r?\n/)
      .filter((line) => line.trim() && !RUNTIME_NOISE.some((noise) => noise.test(line)));
    if (!lines.length) return;
    const text = lines.join('\n');
    const add = () => {
      const echoed =
        !now &&
        buffer
          .recent(50)
          .some((entry) => entry.source === 'main' && !entry.kind && lines.every((line) => entry.text.includes(line.trim())));
      if (echoed) return;
      const exception = UNCAUGHT.test(text);
      const location = exception ? stackLocation(text) : undefined;
      buffer.push({
        source: 'main',
        level: exception ? 'error' : 'warning',
        text,
        kind: exception ? 'exception' : 'stderr',
        ...(location ? { location } : {}),
      });
    };
    if (now) add();
    else setTimeout(add, DEDUPE_MS).unref();
  }
}
