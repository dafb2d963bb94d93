// Why: the profile benchmark's tasks are written against the bench app's exact labels, texts and
// timings (greet, delayed details, relabelled list item, second window, main-process compute);
// if the app drifts, benchmark tasks fail for reasons that have nothing to do with the tools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { AppScope } from '@stagewright/fake-electron';
import { fixturePath } from './fixtures.js';

const scope = new AppScope('bench');
let app: ElectronApplication;
let page: Page;
const status = () => page.locator('#status').textContent();

beforeAll(async () => {
  ({ app, page } = await scope.launchWindow(fixturePath('bench')));
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('bench fixture', () => {
  it('exposes clean accessible names for every control', async () => {
    const snapshot = await page.locator('main').ariaSnapshot();
    for (const line of [
      'heading "Bench" [level=1]',
      'textbox "Your name"',
      'button "Greet"',
      'button "Load details"',
      'combobox "Size"',
      'checkbox "Subscribe to newsletter"',
      'spinbutton "Number"',
      'button "Compute"',
      'button "Preferences"',
      'button "Refresh list"',
      'list "Items"',
    ]) {
      expect(snapshot).toContain(line);
    }
  });

  it('greets from the button and from Enter in the field', async () => {
    await page.getByLabel('Your name').fill('Ada');
    await page.getByRole('button', { name: 'Greet' }).click();
    await expect.poll(status).toBe('Hello, Ada!');
    await page.getByLabel('Your name').fill('Grace');
    await page.getByLabel('Your name').press('Enter');
    await expect.poll(status).toBe('Hello, Grace!');
    await page.getByLabel('Your name').fill('');
    await page.getByRole('button', { name: 'Greet' }).click();
    await expect.poll(status).toBe('Please enter your name.');
  });

  it('reveals the details block only after a loading phase', async () => {
    expect(await page.getByRole('region', { name: 'Details' }).isVisible()).toBe(false);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const loading = !document.querySelector<HTMLElement>('#details-loading')!.hidden;
        const details = !document.querySelector<HTMLElement>('#details')!.hidden;
        seen.push(`${loading ? 'loading' : ''}${details ? 'details' : ''}`);
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
    });
    await page.getByRole('button', { name: 'Load details' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Details' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['loading', 'details']);
    expect(await page.getByRole('region', { name: 'Details' }).textContent()).toContain('Order #1042: 3 items, ships on Friday.');
  });

  it('has 40 list items running past the bottom of the window', async () => {
    const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
    expect(await items.count()).toBe(40);
    expect(await items.nth(39).textContent()).toBe('Item 40');
    const below = await items.nth(39).evaluate((item) => item.getBoundingClientRect().top > window.innerHeight);
    expect(below).toBe(true);
  });

  it('relabels one list item on every refresh', async () => {
    await page.getByRole('button', { name: 'Refresh list' }).click();
    await expect.poll(() => page.getByRole('listitem').nth(2).textContent()).toBe('Item 3 (refreshed 1)');
    await page.getByRole('button', { name: 'Refresh list' }).click();
    await expect.poll(() => page.getByRole('listitem').nth(2).textContent()).toBe('Item 3 (refreshed 2)');
    expect(await page.getByRole('listitem').nth(3).textContent()).toBe('Item 4');
  });

  it('keeps select and checkbox state', async () => {
    await page.getByLabel('Size').selectOption('Large');
    await page.getByLabel('Subscribe to newsletter').check();
    expect(await page.getByLabel('Size').inputValue()).toBe('Large');
    expect(await page.getByLabel('Subscribe to newsletter').isChecked()).toBe(true);
  });

  it('computes in the main process and shows the result', async () => {
    const result = () => page.locator('#compute-result').textContent();
    await page.getByRole('button', { name: 'Compute' }).click();
    await expect.poll(result).toBe('Sum of squares 1..10 = 385');
    await page.getByLabel('Number').fill('3');
    await page.getByRole('button', { name: 'Compute' }).click();
    await expect.poll(result).toBe('Sum of squares 1..3 = 14');
    await page.getByLabel('Number').fill('0');
    await page.getByRole('button', { name: 'Compute' }).click();
    await expect.poll(result).toBe('Compute failed: Number must be between 1 and 100000');
  });

  it('opens one Preferences window with its own heading, and closes it', async () => {
    const [preferences] = await Promise.all([app.waitForEvent('window'), page.getByRole('button', { name: 'Preferences' }).click()]);
    await preferences.waitForLoadState('load');
    expect(await preferences.getByRole('heading', { level: 1 }).textContent()).toBe('Preferences');
    expect(await preferences.title()).toBe('Preferences');
    await page.getByRole('button', { name: 'Preferences' }).click();
    await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getFocusedWindow()?.getTitle())).toBe('Preferences');
    expect(app.windows()).toHaveLength(2);
    await preferences.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => app.windows().length).toBe(1);
  });
});
