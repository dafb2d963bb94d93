// Why: interaction tools are tested on the editor's two kinds of text surface, and robustness
// tools (timeouts, crash detection, reload) on the troublesome app; both must behave as described.
import { afterAll, describe, expect, it } from 'vitest';
import { AppScope } from '@stagewright/fake-electron';
import { fixturePath } from './fixtures.js';

const scope = new AppScope('editor-trouble');

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('editor fixture', () => {
  it('edits a textarea and a contenteditable code surface, and saves with Ctrl+S through main', async () => {
    const app = await scope.launch(fixturePath('editor'));
    const page = await app.firstWindow();
    await page.waitForLoadState('load');
    const code = page.getByRole('textbox', { name: 'Code' });
    expect(await page.locator('#gutter').textContent()).toBe('1\n2\n3');

    await page.getByLabel('Notes').fill('remember the milk');
    await code.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('greet("Ada");');
    await expect.poll(() => page.locator('#gutter').textContent()).toBe('1\n2\n3\n4');
    expect((await code.innerText()).split('\n').at(-1)).toBe('  greet("Ada");');
    await expect.poll(() => page.locator('#position').textContent()).toBe('Ln 4, Col 16');

    await page.keyboard.press('Control+S');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Saved \d+ characters \(save 1\)$/);
    const saved = await app.evaluate(() => (globalThis as unknown as { editorFixture: { notes: string; code: string } }).editorFixture);
    expect(saved.notes).toBe('remember the milk');
    expect(saved.code.endsWith('\n  greet("Ada");')).toBe(true);
    await scope.close(app);
  });
});

describe('troublesome fixture', () => {
  it('reloads its renderer on request', async () => {
    const app = await scope.launch(fixturePath('troublesome'));
    const page = await app.firstWindow();
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Page loads: 1');
    await page.getByRole('button', { name: 'Reload renderer' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Page loads: 2');
    await scope.close(app);
  });

  it('crashes its renderer: render-process-gone reaches main, and a reload recovers', async () => {
    const app = await scope.launch(fixturePath('troublesome'));
    const page = await app.firstWindow();
    await page.waitForLoadState('load');
    const crashed = page.waitForEvent('crash');
    await page.getByRole('button', { name: 'Crash renderer' }).click();
    await crashed;
    await expect
      .poll(() => app.evaluate(() => (globalThis as unknown as { troublesomeFixture: { events: string[] } }).troublesomeFixture.events))
      .toContain('render-process-gone:crashed');
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.isCrashed())).toBe(true);
    // Playwright keeps a crashed Page crashed; the recovery is observed from the main process.
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.reload());
    await expect
      .poll(() =>
        app.evaluate(async ({ BrowserWindow }) => {
          const contents = BrowserWindow.getAllWindows()[0]!.webContents;
          return contents.isCrashed() ? 'crashed' : contents.executeJavaScript('document.querySelector("h1").textContent');
        }),
      )
      .toBe('Troublesome');
    await scope.close(app);
  });

  it('hangs its renderer: the page stops answering, and the app still quits', async () => {
    const app = await scope.launch(fixturePath('troublesome'));
    const page = await app.firstWindow();
    await page.waitForLoadState('load');
    await page.evaluate(() => setTimeout(() => document.querySelector<HTMLButtonElement>('#hang')!.click(), 0));
    const answer = await Promise.race([
      page.evaluate(() => 'answered').catch(() => 'failed'),
      new Promise((resolve) => setTimeout(() => resolve('no answer'), 1500)),
    ]);
    expect(answer).toBe('no answer');
    const exited = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)));
    await scope.close(app);
    expect(await exited).toBe(0);
  });

  it('reports renderer errors and warnings as console messages in main', async () => {
    const app = await scope.launch(fixturePath('troublesome'));
    const page = await app.firstWindow();
    await page.waitForLoadState('load');
    const messages = app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]!.webContents;
      const seen: string[] = [];
      return new Promise<string[]>((resolve) => {
        contents.on('console-message', (event: unknown) => {
          const { level, message } = event as { level: string; message: string };
          seen.push(`${level}: ${message}`);
          if (seen.length === 3) resolve(seen);
        });
      });
    });
    await page.getByRole('button', { name: 'Log warnings' }).click();
    await page.getByRole('button', { name: 'Throw error' }).click();
    expect(await messages).toEqual([
      'warning: Something looks off',
      'error: Something went wrong',
      'error: Uncaught Error: Boom from the renderer',
    ]);
    await scope.close(app);
  });
});
