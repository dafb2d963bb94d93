// Why: twelve profile-benchmark tasks are written against the workbench app's labels, texts and
// behaviour (hover tooltip, drag and drop, confirm, console-only sync cause, help frame, pop-out
// window, file input, two-chord shortcut, editor, multi-select); if the app drifts, those tasks
// fail for reasons that have nothing to do with the tools or the profiles.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { AppScope } from '@stagewright/fake-electron';
import { fixturePath } from './fixtures.js';

const scope = new AppScope('workbench');
let app: ElectronApplication;
let page: Page;
const status = () => page.locator('#status').textContent();

beforeAll(async () => {
  ({ app, page } = await scope.launchWindow(fixturePath('workbench')));
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('workbench fixture', () => {
  it('takes its title from main and names its controls', async () => {
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle())).toBe('Board — Workbench');
    const snapshot = await page.locator('main').ariaSnapshot();
    for (const line of [
      'heading "Board" [level=1]',
      'button "Due date"',
      'button "Clear done"',
      'button "Sync now"',
      'listbox "Labels"',
      'textbox "Script"',
    ]) {
      expect(snapshot).toContain(line);
    }
  });

  it('shows the due-date tooltip only while hovered', async () => {
    const tip = page.getByRole('tooltip');
    expect(await tip.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Due date' }).focus();
    expect(await tip.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Due date' }).hover();
    await expect.poll(() => tip.textContent()).toBe('Due Friday, 12 December');
    await page.getByRole('heading', { name: 'Board' }).hover();
    await expect.poll(() => tip.isVisible()).toBe(false);
  });

  it('moves a dragged card to Done, and clears Done only when the confirm is accepted', async () => {
    await page.locator('#todo li', { hasText: 'Review pull request' }).dragTo(page.locator('#done'));
    await expect.poll(() => page.locator('#done li').count()).toBe(2);
    page.once('dialog', (dialog) => dialog.dismiss());
    await page.getByRole('button', { name: 'Clear done' }).click();
    await expect.poll(status).toBe('Nothing removed');
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Clear done' }).click();
    await expect.poll(status).toBe('Removed 2 done cards');
    expect(await page.locator('#done li').count()).toBe(0);
  });

  it('says only that sync failed; the cause is in the console', async () => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(status).toBe('Sync failed. See the log for details.');
    expect(await page.locator('main').textContent()).not.toContain('E_TOKEN_EXPIRED');
    await expect.poll(() => errors.join('\n')).toContain('E_TOKEN_EXPIRED');
  });

  it('keeps the tip inside the Help frame', async () => {
    const help = page.frameLocator('iframe[name="help"]');
    await help.getByRole('button', { name: 'Show tip' }).click();
    await expect.poll(() => help.locator('#tip').textContent()).toBe('Tip: drag a card to Done to finish it.');
  });

  it('pops a card out into its own window with its label colour', async () => {
    const [card] = await Promise.all([app.waitForEvent('window'), page.getByRole('button', { name: 'Pop out' }).click()]);
    await card.waitForLoadState('load');
    await expect
      .poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w: { getTitle(): string }) => w.getTitle())))
      .toContain('Write report — Card');
    expect(await card.locator('#swatch').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(224, 82, 82)');
    await card.close();
  });

  it('lists a chosen file, the labels chosen and the editor lines', async () => {
    await page.locator('#attach').setInputFiles(join(fixturePath('workbench'), 'samples/notes.txt'));
    await expect.poll(() => page.locator('#attachments').textContent()).toBe('Attached: notes.txt (28 characters)');
    await page.getByRole('listbox', { name: 'Labels' }).selectOption(['Bug', 'Urgent']);
    expect(await page.locator('#labels-summary').textContent()).toBe('Labels: Bug, Urgent');
    await page.getByRole('textbox', { name: 'Script' }).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('a\nb\nc');
    await expect.poll(() => page.locator('#script-status').textContent()).toBe('3 lines');
  });

  it('opens the shortcuts list on Ctrl+K Ctrl+S, not on Ctrl+S alone, and closes it on Escape', async () => {
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await page.getByRole('heading', { name: 'Board' }).click();
    await page.keyboard.press('Control+S');
    expect(await shortcuts.isVisible()).toBe(false);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+S');
    await expect.poll(() => shortcuts.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(status).toBe('Shortcuts closed');
  });
});
