// Why: the storage and network plugins are tested against these apps; they must really use an
// http://127.0.0.1 origin of their own (cookies, localStorage, IndexedDB) and really fetch from
// their own loopback server (list, slow, failing and POST requests).
import { afterAll, describe, expect, it } from 'vitest';
import { AppScope } from '@stagewright/fake-electron';
import { fixturePath } from './fixtures.js';

const scope = new AppScope('services');

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('storage fixture', () => {
  it('keeps localStorage, IndexedDB and cookies on its own http://127.0.0.1 origin', async () => {
    const app = await scope.launch(fixturePath('storage'));
    const page = await app.firstWindow();
    await page.waitForLoadState('load');
    expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect.poll(() => page.locator('#cookies').textContent()).toBe('Cookies: visited=yes');

    await page.getByLabel('Note').fill('buy milk');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByRole('button', { name: 'Add record' }).click();
    await expect.poll(() => page.locator('#records').textContent()).toBe('Records: 1');
    await page.getByLabel('Theme cookie').selectOption('dark');
    await page.getByRole('button', { name: 'Set cookie' }).click();

    await page.reload();
    await expect.poll(() => page.locator('#saved-note').textContent()).toBe('Saved note: buy milk');
    await expect.poll(() => page.locator('#records').textContent()).toBe('Records: 1');
    await expect.poll(() => page.locator('#cookies').textContent()).toBe('Cookies: visited=yes; theme=dark');

    const cookieNames = await app.evaluate(async ({ session }) =>
      (await session.defaultSession.cookies.get({})).map((cookie: { name: string }) => cookie.name).sort(),
    );
    expect(cookieNames).toEqual(['theme', 'visited']);
    await scope.close(app);
  });
});

describe('network fixture', () => {
  it('fetches JSON, slow, failing and POST requests from its own server', async () => {
    const app = await scope.launch(fixturePath('network'));
    const page = await app.firstWindow();
    await page.waitForLoadState('load');
    const status = () => page.getByRole('status').textContent();

    await page.getByRole('button', { name: 'Load items' }).click();
    await expect.poll(status).toBe('Loaded 3 items');
    expect(await page.getByRole('listitem').allTextContents()).toEqual(['Apples – $3', 'Bread – $2', 'Cheese – $7']);

    await page.getByRole('button', { name: 'Slow request' }).click();
    await expect.poll(status).toBe('Waiting for slow response…');
    await expect.poll(status, { timeout: 5000 }).toBe('Slow request done');

    await page.getByRole('button', { name: 'Failing request' }).click();
    await expect.poll(status).toBe('Request failed: 500 Internal failure');

    await page.getByRole('button', { name: 'Post echo' }).click();
    await expect.poll(status).toBe('Echo: ping');

    const requests = await app.evaluate(
      () => (globalThis as unknown as { networkFixture: { requests: string[] } }).networkFixture.requests,
    );
    expect(requests).toEqual(expect.arrayContaining(['GET /', 'GET /api/items', 'GET /api/slow', 'GET /api/error', 'POST /api/echo']));
    await scope.close(app);
  });
});
