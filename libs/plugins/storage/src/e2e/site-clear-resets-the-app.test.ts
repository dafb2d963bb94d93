// A test reset in one call: after storage_site_clear the drafts page, reloaded, must start as on a
// first run (no drafts, default theme, no unsaved title, no offline worker or cache, no cookies), and the answer
// must say what was removed. Run without any eval grant: the clear runs no script in the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageApp } from '@stagewright/fixtures/storage';
import type { InMemoryConnection } from '@stagewright/harness';
import { connectWith } from './test-support/connect.js';

let app: InMemoryConnection;

async function must(tool: string, args: Record<string, unknown>) {
  const result = await app.call(tool, args);
  if (!result.ok) throw new Error(`${tool} failed: ${JSON.stringify(result)}`);
  return result;
}

const shows = (selector: string, equals: string) => must('electron_expect_text', { selector, equals });

/** Leaves the drafts page and opens it again through the app's own links: a fresh load. */
async function reopenDrafts(): Promise<void> {
  await must('electron_click', { selector: 'a:text-is("Storage")' });
  await must('electron_click', { selector: 'a:text-is("Drafts")' });
  await must('electron_expect_text', { selector: '#offline', contains: 'Offline:' });
}

beforeAll(async () => {
  app = await connectWith([])();
  await must('electron_launch', { main: storageApp.dir });
  await must('electron_click', { selector: 'a:text-is("Drafts")' });
  await must('electron_expect_text', { selector: '#offline', contains: 'Offline:' });
}, 120_000);

afterAll(async () => {
  await app?.call('electron_stop', {}).catch(() => undefined);
  await app?.close();
});

describe('storage_site_clear', () => {
  it('removes cookies, storage, databases, caches and workers, so the reloaded app starts afresh', async () => {
    await must('electron_type', { selector: '#title', text: 'Plan' });
    await must('electron_click', { selector: '#save-draft' });
    await shows('#draft-count', 'Drafts: 1');
    await must('electron_select_option', { selector: '#theme', values: ['dark'] });
    await must('electron_click', { selector: '#save-settings' });
    await shows('#settings', 'Theme: dark');
    await must('electron_click', { selector: '#go-offline' });
    await shows('#offline', 'Offline: worker registered, cache ready');
    await must('storage_cookie_set', { name: 'sid', value: 'abc' });
    // The typed title is kept for this tab (sessionStorage) across the app's own navigation.
    await reopenDrafts();
    await must('electron_expect_value', { selector: '#title', equals: 'Plan' });

    const cleared = await must('storage_site_clear', {});
    expect(cleared).toMatchObject({
      origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      removed: { cookies: 2, localStorage: 1, sessionStorage: 1, databases: ['drafts', 'fixture'], caches: ['offline'] },
    });
    expect(await must('storage_cookies', {})).toMatchObject({ total: 0 });

    await reopenDrafts();
    await shows('#draft-count', 'Drafts: 0');
    await shows('#settings', 'Theme: light');
    await must('electron_expect_value', { selector: '#title', equals: '' });
    await shows('#offline', 'Offline: worker none, cache empty');
  });
});
