// Why: the snapshot, find and scale tests and the snapshot-scale benchmark read the big-page app
// at a chosen size; if the size argument is ignored or the page drifts, they measure the wrong page.
import { afterAll, describe, expect, it } from 'vitest';
import { AppScope } from '@stagewright/fake-electron';
import { fixturePath } from './fixtures.js';

const scope = new AppScope('big-page');

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('big-page fixture', () => {
  it('builds as many interactive elements as asked, with Details 2666 deep in the items', async () => {
    const app = await scope.launch(fixturePath('big-page'), { env: { BIG_PAGE_ITEMS: '5000' } });
    const page = await app.firstWindow();
    await expect
      .poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle()))
      .toBe('Big Page — 5000 elements');
    const counts = await page.evaluate(() => ({
      interactive: document.querySelectorAll('a, button:not([hidden]), input').length,
      hidden: document.querySelectorAll('button[hidden]').length,
    }));
    expect(counts).toEqual({ interactive: 5000, hidden: 2998 });
    await page.getByRole('button', { name: 'Details 2666', exact: true }).click();
    expect(await page.locator('#status').textContent()).toBe('Opened details of item 2666');
    await scope.close(app);
  });

  it('defaults to 200 elements', async () => {
    const { app, page } = await scope.launchWindow(fixturePath('big-page'));
    await expect.poll(() => page.locator('#status').textContent()).toBe('Showing 200 elements');
    expect(await page.getByRole('link').count()).toBe(19 + 60 + 1);
    await scope.close(app);
  });
});
