// When nothing works, the console is where an agent learns why: page exceptions, unhandled
// rejections and failed preloads of every window, and the main process's errors and stderr, each
// marked with where it came from. Messages of the first page load must never be lost.
import { describe, expect, it } from 'vitest';
import type { AppUnderTest } from '@stagewright/harness';
import { withApp } from '../test-support/with-app.js';

interface Entry {
  source: string;
  level: string;
  text: string;
  kind?: string;
  window?: string;
}

type App = Pick<AppUnderTest, 'call'>;

/** Console events arrive asynchronously: read until `enough` holds (or give the last read back). */
async function entriesUntil(app: App, enough: (entries: Entry[]) => boolean): Promise<Entry[]> {
  let entries: Entry[] = [];
  for (let i = 0; i < 100; i++) {
    entries = (await app.call('electron_console_logs', { limit: 200 })).entries as Entry[];
    if (enough(entries)) break;
    await app.call('electron_wait', { ms: 100 });
  }
  return entries;
}

const firstLoad = (entries: Entry[]) => ({
  ready: entries.some((e) => e.text === 'Notes renderer ready'),
  exception: entries.some((e) => e.kind === 'exception' && e.source === 'renderer' && /addEventListener/.test(e.text)),
  rejection: entries.some((e) => e.kind === 'rejection' && /recent files store is corrupt/.test(e.text)),
});

describe('electron_console_logs as a diagnostic', () => {
  it('keeps the first load of every launch: its log, its uncaught exception and its unhandled rejection', async () => {
    for (let launch = 0; launch < 4; launch++) {
      await withApp('notes', async (app) => {
        const entries = await entriesUntil(app, (all) => Object.values(firstLoad(all)).every(Boolean));
        expect({ launch, ...firstLoad(entries) }).toEqual({ launch, ready: true, exception: true, rejection: true });
        const exception = entries.find((e) => e.kind === 'exception')!;
        expect(exception).toMatchObject({ source: 'renderer', level: 'error', window: 'w1' });
      });
    }
  });

  it('reports a later window whose preload failed, and main-process stderr and uncaught exceptions', async () => {
    await withApp('notes', async (app) => {
      await app.call('electron_click', { selector: '#preferences' });
      const preload = await entriesUntil(app, (all) => all.some((e) => e.kind === 'preload'));
      expect(preload.find((e) => e.kind === 'preload')).toMatchObject({ source: 'renderer', level: 'error', window: 'w2' });
      expect(preload.find((e) => e.kind === 'preload')!.text).toMatch(/preferences-preload\.js[\s\S]*settings-schema/);

      await app.call('electron_click', { selector: '#sync' });
      const main = await entriesUntil(
        app,
        (all) => all.some((e) => e.kind === 'stderr') && all.some((e) => e.source === 'main' && e.kind === 'exception'),
      );
      expect(main.find((e) => e.kind === 'stderr')).toMatchObject({
        source: 'main',
        text: 'sync: remote unreachable (ECONNREFUSED 127.0.0.1:9)',
      });
      expect(main.find((e) => e.source === 'main' && e.kind === 'exception')).toMatchObject({ level: 'error' });
      expect(main.find((e) => e.source === 'main' && e.kind === 'exception')!.text).toContain('sync worker lost its connection');
      // The runtime's own banners are not the app's output.
      expect(main.filter((e) => /Debugger listening|DevTools listening/.test(e.text))).toEqual([]);
    });
  });
});
