import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, find, firstRef, must, snapshotText, switchTo, TaskFailure, waitForWindow, type RealAppTask } from './task-kit.js';

/**
 * The QA tasks of each corpus app, as a scripted agent performs them through the server. Names
 * and texts are each app's visible UI at its pin (English locale); each task ends in a check that
 * fails when the app did not do what was asked.
 */

// Stretchly: the welcome window opens on a fresh profile; Preferences and breaks are reached from the tray.
export const STRETCHLY_TASKS: readonly RealAppTask[] = [
  {
    id: 'tray-preferences',
    title: 'Open Preferences from the tray menu; a Preferences window opens',
    async run(api) {
      const trays = await must(api, 'native_trays');
      check(Array.isArray(trays.trays) && trays.trays.length > 0, 'the app shows no tray icon');
      await must(api, 'native_tray_click', { path: ['Preferences'] });
      await switchTo(api, await waitForWindow(api, (w) => /preferences\.html/.test(w.url ?? ''), 'with preferences.html'));
      await must(api, 'electron_expect_visible', { selector: 'role=link[name="Schedule"]', timeoutMs: 10_000 });
    },
  },
  {
    id: 'change-interval',
    title: 'In Preferences > Schedule, raise the Mini Break interval by one step; the shown interval follows',
    async run(api) {
      await switchTo(api, await waitForWindow(api, (w) => /preferences\.html/.test(w.url ?? ''), 'with preferences.html'));
      await must(api, 'electron_click', { selector: 'role=link[name="Schedule"]' });
      const slider = '#miniBreakEvery';
      await must(api, 'electron_expect_visible', { selector: slider, timeoutMs: 5000 });
      const before = Number((await must(api, 'electron_get_value', { selector: slider })).value);
      await must(api, 'electron_key', { selector: slider, key: 'ArrowRight' });
      await must(api, 'electron_expect_value', { selector: slider, equals: String(before + 5), timeoutMs: 5000 });
      await must(api, 'electron_expect_text', { selector: '#miniBreakEvery ~ output', contains: String(before + 5), timeoutMs: 5000 });
    },
  },
  {
    id: 'mini-break-now',
    title: 'Skip to the next Mini Break from the tray; a break window opens',
    async run(api) {
      await must(api, 'native_tray_click', { path: ['Skip to the next', 'Mini Break'] });
      const win = await waitForWindow(api, (w) => /microbreak\.html/.test(w.url ?? ''), 'with microbreak.html', 15_000);
      await switchTo(api, win);
      // The window may be listed before its page has drawn: look again for up to 10 s, as an agent would.
      const deadline = Date.now() + 10_000;
      let text = await snapshotText(api);
      while (text.trim().length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        text = await snapshotText(api);
      }
      check(text.trim().length > 0, 'the break window shows nothing');
    },
  },
];

// Min: a BaseWindow whose UI and every tab are WebContentsViews; Preferences opens as a tab (min:// protocol).
export const MIN_TASKS: readonly RealAppTask[] = [
  {
    id: 'new-tab',
    title: 'Click New Tab; the tab strip holds one more tab',
    async run(api) {
      // Min also opens a hidden "Min history service" window; the browser's UI is the one titled Min.
      await switchTo(api, await waitForWindow(api, (w) => w.title === 'Min', 'titled Min'));
      const before = (await must(api, 'electron_elements', { selector: '.tab-item' })).count as number;
      await must(api, 'electron_click', { selector: '#add-tab-button' });
      await must(api, 'electron_expect_count', { selector: '.tab-item', equals: before + 1, timeoutMs: 5000 });
    },
  },
  {
    id: 'menu-preferences',
    // Min's en-US strings at the pin (localization/languages/en-US.json): the page's title is
    // "Preferences | Min" (settingsPreferencesHeading) and its section "Search Engine".
    title: 'Choose Edit > Preferences in the app menu; a Preferences tab opens',
    async run(api) {
      await must(api, 'native_menu_click', { path: ['Edit', 'Preferences'] });
      await must(api, 'electron_expect_text', { selector: '.tab-item.active', contains: 'Preferences', timeoutMs: 10_000 });
    },
  },
  {
    id: 'settings-view',
    title: 'Switch to the Settings page (a WebContentsView) and read its options',
    async run(api) {
      const page = await waitForWindow(api, (w) => /settings\/index\.html/.test(w.url ?? ''), 'showing min://app/pages/settings');
      await switchTo(api, page);
      await must(api, 'electron_expect_text', { selector: 'body', contains: 'Search Engine', timeoutMs: 10_000 });
    },
  },
];

const TODO = 'Water the plants';
const LINKED = 'Call the dentist';

// todometer: React renderer, items in SQLite (better-sqlite3) in the main process, todometer:// deep links.
export const TODOMETER_TASKS: readonly RealAppTask[] = [
  {
    id: 'add-item',
    title: `Add the item "${TODO}"; it is listed`,
    async run(api) {
      const ref = await firstRef(api, { role: 'textbox', name: 'Add new item' });
      await must(api, 'electron_type', { ref, text: TODO });
      await must(api, 'electron_key', { ref, key: 'Enter' });
      // The item's text is a button inside a dnd-kit sortable wrapper that is role=button too (with
      // the same name), so the check is on the exact text.
      await must(api, 'electron_expect_visible', { selector: `text="${TODO}"`, timeoutMs: 5000 });
    },
  },
  {
    id: 'complete-item',
    title: 'Mark the item done; no pending item is left to complete',
    async run(api) {
      await must(api, 'electron_click', { selector: 'button[class*="complete"]' });
      await must(api, 'electron_expect_count', { selector: 'button[class*="complete"]', equals: 0, timeoutMs: 5000 });
    },
  },
  {
    id: 'deep-link',
    title: `Open todometer://add?text=${LINKED} (a deep link); the item is stored and listed`,
    async run(api) {
      const opened = await must(api, 'native_open_url', { url: `todometer://add?text=${encodeURIComponent(LINKED)}` });
      check(opened.registered !== false, 'the app did not claim the todometer scheme');
      await must(api, 'electron_expect_visible', { selector: `text="${LINKED}"`, timeoutMs: 10_000 });
    },
  },
];

// sleek: a todo.txt manager; the file is handed over as the OS would (open-file), items live in the file.
export const SLEEK_TASKS: readonly RealAppTask[] = [
  {
    id: 'open-file',
    title: 'Open a todo.txt; its items are listed',
    async run(api, ctx) {
      const file = join(ctx.scratchDir, 'todo.txt');
      writeFileSync(file, '(A) Renew passport +admin due:2030-01-01\nBuy milk @shop\n');
      await must(api, 'native_open_file', { path: file });
      await must(api, 'electron_expect_text', { selector: 'body', contains: 'Renew passport', timeoutMs: 15_000 });
      await must(api, 'electron_expect_text', { selector: 'body', contains: 'Buy milk', timeoutMs: 5000 });
    },
  },
  {
    id: 'add-todo',
    title: 'Add "Call mom +family" with the add button; it is listed',
    async run(api) {
      await must(api, 'electron_click', { selector: '[data-testid="navigation-button-add-todo"]' });
      const box = (await find(api, { role: 'textbox' })).at(-1)?.ref;
      if (!box) throw new TaskFailure('the add dialog has no text box');
      await must(api, 'electron_type', { ref: box, text: 'Call mom +family' });
      await must(api, 'electron_click', { selector: '[data-testid="dialog-button-add-update"]' });
      await must(api, 'electron_expect_text', { selector: 'body', contains: 'Call mom', timeoutMs: 10_000 });
    },
  },
  {
    id: 'settings-tray',
    title: 'Open sleek > Settings and turn on "Minimize to tray"; a tray icon appears (electron-store setting)',
    async run(api) {
      await must(api, 'native_menu_click', { path: ['sleek', 'Settings'] });
      // MUI 9's Switch is an input with role="switch", not a checkbox.
      await must(api, 'electron_click', { selector: 'role=switch[name=/minimize to tray/i]' });
      const deadline = Date.now() + 10_000;
      for (;;) {
        const trays = await must(api, 'native_trays');
        if (Array.isArray(trays.trays) && trays.trays.length > 0) return;
        if (Date.now() > deadline) throw new TaskFailure('no tray icon 10 s after turning it on');
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  },
];

// BreakTimer: a tray app; the settings window opens on a fresh profile. Its tray menu depends on
// the working hours (Start break now is hidden outside them), so the tasks use what is always offered.
interface MenuNode {
  label?: string;
  visible?: boolean;
  submenu?: MenuNode[];
}
async function trayLabels(api: Parameters<RealAppTask['run']>[0]): Promise<string[]> {
  const trays = await must(api, 'native_trays');
  const menu = ((trays.trays as { menu?: MenuNode[] }[] | undefined)?.[0]?.menu ?? []) as MenuNode[];
  return menu.filter((n) => n.visible !== false && n.label).map((n) => n.label!);
}

export const BREAKTIMER_TASKS: readonly RealAppTask[] = [
  {
    id: 'settings-window',
    title: 'The settings window opens on first start; dismiss its welcome dialog and see the break settings',
    async run(api) {
      await switchTo(api, await waitForWindow(api, (w) => /page=settings/.test(w.url ?? ''), 'with page=settings'));
      // A fresh profile greets with a dialog about the tray first.
      const understood = 'role=button[name=/Understood/]';
      await must(api, 'electron_expect_visible', { selector: understood, timeoutMs: 10_000 });
      await must(api, 'electron_click', { selector: understood });
      await must(api, 'electron_expect_text', { selector: 'body', contains: 'Break', timeoutMs: 10_000 });
    },
  },
  {
    id: 'disable-30-min',
    title: 'Disable breaks for 30 minutes from the tray; the tray offers Enable and says for how long',
    async run(api) {
      await must(api, 'native_tray_click', { path: ['Disable...', '30 minutes'] });
      const deadline = Date.now() + 5000;
      let labels = await trayLabels(api);
      while (!(labels.includes('Enable') && labels.some((l) => l.startsWith('Disabled for'))) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        labels = await trayLabels(api);
      }
      check(
        labels.includes('Enable') && labels.some((l) => l.startsWith('Disabled for')),
        `tray menu after disabling: ${JSON.stringify(labels)}`,
      );
    },
  },
  {
    id: 'enable-again',
    title: 'Choose Enable in the tray; breaks are on again (Disable... is offered)',
    async run(api) {
      await must(api, 'native_tray_click', { path: ['Enable'] });
      const deadline = Date.now() + 5000;
      let labels = await trayLabels(api);
      while (!labels.includes('Disable...') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        labels = await trayLabels(api);
      }
      check(labels.includes('Disable...') && !labels.includes('Enable'), `tray menu after enabling: ${JSON.stringify(labels)}`);
    },
  },
];

const NOTE = 'corpus note 36';

// Heynote: one CodeMirror editor; Settings is a dialog reached from the File menu (electron-store behind it).
export const HEYNOTE_TASKS: readonly RealAppTask[] = [
  {
    id: 'type-note',
    title: `Type "${NOTE}" into the scratch buffer; the editor holds it`,
    async run(api) {
      await must(api, 'electron_type_into_editor', { selector: '.cm-content', text: NOTE });
      await must(api, 'electron_expect_text', { selector: '.cm-content', contains: NOTE, timeoutMs: 5000 });
    },
  },
  {
    id: 'menu-settings',
    title: 'Choose File > Settings; the settings dialog opens',
    async run(api) {
      await must(api, 'native_menu_click', { path: ['File', 'Settings'] });
      await must(api, 'electron_expect_visible', { selector: 'role=checkbox[name=/system tray/i]', timeoutMs: 10_000 });
    },
  },
  {
    id: 'buffer-selector',
    title: 'Open the buffer switcher with Ctrl+P; the scratch buffer is offered',
    async run(api) {
      await must(api, 'electron_key', { key: 'Escape' });
      await must(api, 'electron_key', { key: 'Control+p' });
      await must(api, 'electron_expect_text', { selector: 'body', contains: 'Scratch', timeoutMs: 5000 });
    },
  },
];
