// Why: menu items and native dialogs are driven from the main process (the native plugin clicks
// menu items by id, tests stub dialogs); the stand-in must run click handlers with Electron's
// arguments, honour accelerators typed in a window, and answer dialogs with Electron's shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { fixturePath } from './fixtures.js';
import type { MenuItemShape } from './electron-shapes.js';
import { AppScope, onlyOnStandIn } from '@stagewright/fake-electron';

const scope = new AppScope('menu');
let app: ElectronApplication;
let page: Page;
const lastAction = () => page.locator('#menu-action').textContent();

beforeAll(async () => {
  ({ app, page } = await scope.launchWindow(fixturePath('menu-dialog')));
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('application menu', () => {
  it('keeps the template as data: labels, roles, accelerators, submenus', async () => {
    const menu = await app.evaluate(({ Menu }) =>
      Menu.getApplicationMenu()!.items.map((item: MenuItemShape) => ({
        label: item.label,
        items: item
          .submenu!.items.filter((i: MenuItemShape) => i.type !== 'separator')
          .map((i: MenuItemShape) => i.accelerator ?? i.role ?? i.label),
      })),
    );
    expect(menu).toEqual([
      { label: 'File', items: ['CmdOrCtrl+N', 'CmdOrCtrl+O', 'CmdOrCtrl+Shift+S', 'Recent', 'quit'] },
      { label: 'Edit', items: ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll'] },
      { label: 'View', items: ['CmdOrCtrl+B', 'Light Theme', 'Dark Theme', 'reload', 'toggleDevTools'] },
      { label: 'Help', items: ['About'] },
    ]);
  });

  it('item.click() from main runs the handler with (menuItem, browserWindow, event)', async () => {
    const args = await app.evaluate(({ Menu, BrowserWindow }) => {
      const win = BrowserWindow.getAllWindows()[0]!;
      let seen: unknown[] = [];
      const menu = Menu.buildFromTemplate([{ id: 'probe', label: 'Probe', click: (...a: unknown[]) => (seen = a) }]);
      const item = menu.getMenuItemById('probe')!;
      (item.click as unknown as (e: unknown, w: unknown) => void)(undefined, win);
      const [menuItem, browserWindow, event] = seen as [unknown, unknown, { triggeredByAccelerator?: boolean }];
      return { sameItem: menuItem === item, sameWindow: browserWindow === win, accelerator: event.triggeredByAccelerator };
    });
    expect(args).toEqual({ sameItem: true, sameWindow: true, accelerator: false });
    await app.evaluate(({ Menu }) => Menu.getApplicationMenu()!.getMenuItemById('recent-2')!.click());
    await expect.poll(lastAction).toBe('Menu: recent (todo.md)');
  });

  it('checkbox items toggle and radio items switch within their group', async () => {
    const state = await app.evaluate(({ Menu }) => {
      const menu = Menu.getApplicationMenu()!;
      menu.getMenuItemById('show-sidebar')!.click();
      menu.getMenuItemById('theme-dark')!.click();
      return {
        sidebar: menu.getMenuItemById('show-sidebar')!.checked,
        light: menu.getMenuItemById('theme-light')!.checked,
        dark: menu.getMenuItemById('theme-dark')!.checked,
      };
    });
    expect(state).toEqual({ sidebar: false, light: false, dark: true });
    await expect.poll(lastAction).toBe('Menu: theme (dark)');
  });

  it('an accelerator typed in the window triggers its menu item', async () => {
    await page.getByLabel('Scratch').click();
    await page.keyboard.press('Control+N');
    await expect.poll(lastAction).toBe('Menu: new');
    await page.keyboard.press('Control+B');
    await expect.poll(lastAction).toBe('Menu: sidebar (shown)');
  });
});

describe('dialogs', () => {
  it(
    "resolve as canceled by default, with Electron's shapes",
    onlyOnStandIn("the stand-in's dialogs resolve as canceled; a real Electron opens a modal window and waits"),
    async () => {
      await page.getByRole('button', { name: 'Open file…' }).click();
      await expect.poll(() => page.locator('#dialog-result').textContent()).toBe('Open canceled');
      await page.getByRole('button', { name: 'Save file…' }).click();
      await expect.poll(() => page.locator('#dialog-result').textContent()).toBe('Save canceled');
      await page.getByRole('button', { name: 'Show message' }).click();
      await expect.poll(() => page.locator('#dialog-result').textContent()).toBe('Message box answered with button 1');
      const shapes = await app.evaluate(async ({ dialog }) => ({
        open: await dialog.showOpenDialog({ properties: ['openFile'] }),
        save: await dialog.showSaveDialog({}),
        box: await dialog.showMessageBox({ message: 'x', buttons: ['Yes', 'No'] }),
        openSync: dialog.showOpenDialogSync({}) ?? null,
        boxSync: dialog.showMessageBoxSync({ message: 'x', buttons: ['Save', 'Cancel', 'Discard'] }),
      }));
      expect(shapes).toEqual({
        open: { canceled: true, filePaths: [] },
        save: { canceled: true, filePath: '' },
        box: { response: 1, checkboxChecked: false },
        openSync: null,
        boxSync: 1,
      });
    },
  );

  it('can be replaced from the main process, as tests do on real Electron', async () => {
    await app.evaluate(({ dialog }) => {
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: ['/tmp/chosen.txt'] })) as typeof dialog.showOpenDialog;
    });
    await page.getByRole('button', { name: 'Open file…' }).click();
    await expect.poll(() => page.locator('#dialog-result').textContent()).toBe('Opened: /tmp/chosen.txt');
    await app.evaluate(({ Menu }) => Menu.getApplicationMenu()!.getMenuItemById('file-open')!.click());
    await expect.poll(lastAction).toBe('Menu: open (/tmp/chosen.txt)');
  });
});

describe('context menus', () => {
  it('a real right-click emits context-menu with its params; a scripted or cancelled one does not', async () => {
    await app.evaluate(({ BrowserWindow }) => {
      const g = globalThis as { contextSeen?: unknown[] };
      g.contextSeen = [];
      BrowserWindow.getAllWindows()[0].webContents.on(
        'context-menu',
        (_event: unknown, params: { isEditable: boolean; linkURL: string; menuSourceType: string; frame?: unknown }) => {
          g.contextSeen!.push({
            isEditable: params.isEditable,
            linkURL: params.linkURL,
            source: params.menuSourceType,
            mainFrame: !!params.frame,
          });
        },
      );
    });
    const seen = () => app.evaluate(() => (globalThis as { contextSeen?: unknown[] }).contextSeen);
    await page.locator('#scratch').click({ button: 'right' });
    await expect.poll(seen).toEqual([{ isEditable: true, linkURL: '', source: 'mouse', mainFrame: true }]);
    await page.evaluate(() =>
      document.querySelector('#scratch')!.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, button: 2 })),
    );
    await page.evaluate(() => document.addEventListener('contextmenu', (event) => event.preventDefault(), { once: true }));
    await page.locator('#menu-action').click({ button: 'right' });
    await page.locator('h1').click({ button: 'right' });
    await expect.poll(seen).toHaveLength(2);
    expect((await seen())?.[1]).toMatchObject({ isEditable: false });
  });

  it('popup stays open until closePopup, which emits menu-will-close and calls back', async () => {
    const events = await app.evaluate(({ Menu, BrowserWindow }) => {
      const seen: string[] = [];
      const menu = Menu.buildFromTemplate([{ label: 'One' }]);
      menu.on('menu-will-show', () => seen.push('show'));
      menu.on('menu-will-close', () => seen.push('close'));
      menu.popup({ window: BrowserWindow.getAllWindows()[0], callback: () => seen.push('callback') });
      seen.push('open');
      menu.closePopup();
      menu.closePopup();
      return seen;
    });
    expect(events).toEqual(['show', 'open', 'close', 'callback']);
  });
});
