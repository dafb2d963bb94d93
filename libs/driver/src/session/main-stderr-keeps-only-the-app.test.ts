// The main process's stderr is where Electron reports a main-process exception; it is also where
// the runtime prints its banners and Chromium its own logging. Only the app's output may remain.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConsoleBuffer } from './console-buffer.js';
import { captureMainStderr } from './main-stderr.js';

describe('captureMainStderr', () => {
  it('drops runtime noise, marks uncaught exceptions, skips console echoes, strips ANSI', async () => {
    const buffer = new ConsoleBuffer();
    const stderr = new PassThrough();
    captureMainStderr(stderr, buffer);
    buffer.fromMessage({ type: () => 'error', text: () => 'save failed: EACCES' }, undefined, 'main');
    stderr.write('Debugger listening on ws://127.0.0.1:1/x\nFor help, see: https://nodejs.org/en/docs/inspector\n');
    stderr.write('[17218:17218:1130/150807.066790:ERROR:content/common/zygote/zygote_communication_linux.cc:313] Failed\n');
    stderr.write('/usr/bin/chromium: 9: [: 25276502016: unexpected operator\n');
    stderr.write('save failed: EACCES\n');
    stderr.write('\u001b[33mwarning:\u001b[39m cache is stale\n');
    stderr.write('A JavaScript error occurred in the main process\nUncaught Exception:\nError: boom\n    at main.js:3:9\n');
    // Lines are grouped for a moment before they are judged (a console call's own echo is skipped).
    await expect
      .poll(() => buffer.all().map((e) => [e.source, e.kind ?? 'console', e.level, e.text.split('\n')[0]]))
      .toEqual([
        ['main', 'console', 'error', 'save failed: EACCES'],
        ['main', 'stderr', 'warning', 'warning: cache is stale'],
        ['main', 'exception', 'error', 'A JavaScript error occurred in the main process'],
      ]);
  });
});
