// THE tool matrix (issue 37): one row per listed tool of the installed package, started with every
// first-party plugin, --allow-eval and --allow-impersonation. Each row calls its tool once, on a fixture app, with
// arguments that do something real, checks the documented success fields, and reads the effect
// back through other tools. Rows of a group share one app launch and run in order: a row may use
// what an earlier row of its group did. tool-matrix.test.ts runs it over stdio; docs/tool-matrix.md
// is generated from it (`npm run gen`). A new tool lands with its row: the
// test fails when tools/list names a tool without one.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { benchApp } from '@stagewright/fixtures/bench';
import { chatApp } from '@stagewright/fixtures/chat';
import { clockApp } from '@stagewright/fixtures/clock';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { mailApp } from '@stagewright/fixtures/mail';
import { mainNetApp } from '@stagewright/fixtures/main-net';
import { menuDialogApp } from '@stagewright/fixtures/menu-dialog';
import { signalsApp } from '@stagewright/fixtures/signals';
import { storageApp } from '@stagewright/fixtures/storage';
import { workbenchApp } from '@stagewright/fixtures/workbench';
import type { Group, MatrixContext, MatrixEnv } from './types.js';

/** The first-party plugins the package ships (what `--plugin <name>` finds in it). */
export const FIRST_PARTY_PLUGINS: string[] = JSON.parse(
  readFileSync(new URL('../../../mcp-server/package/first-party-plugins.json', import.meta.url), 'utf8'),
);

/**
 * Every server flag the matrix runs with, in one place: a grant a new tool needs (or one a
 * hardening change asks for, e.g. to let an agent impersonate what the app trusts) is added here.
 */
export function serverFlags(env: Pick<MatrixEnv, 'screenshots' | 'traces'>): string[] {
  return [
    '--plugin',
    FIRST_PARTY_PLUGINS.join(','),
    '--allow-eval',
    // Stubs with a body, storage writes and ipc stubs/invokes answer as the app's server, storage
    // and main process: the operator's grant (ADR-0034).
    '--allow-impersonation',
    // Every tool is called, so every tool is listed: 111 with the plugins, over the default cap of
    // 100 (ADR-0045); and a profile is offered, so electron_enable is listed too.
    '--max-tools',
    '200',
    '--offer',
    'full',
    // Every file the run writes stays in its own temporary folders: screenshots and the visual
    // plugin's baselines and artifacts under --screenshot-dir, traces in their own.
    '--screenshot-dir',
    env.screenshots,
    '--plugin-config',
    `trace=${JSON.stringify({ dir: env.traces })}`,
  ];
}

const FROZEN = '2030-01-02T03:04:05.000Z';
const text = (ctx: MatrixContext, selector: string, equals: string) => ctx.must('electron_expect_text', { selector, equals });
const reload = (ctx: MatrixContext) =>
  ctx.must('electron_eval_main', { code: 'electron.BrowserWindow.getAllWindows()[0].webContents.reload(); return true;' });
const isPng = (file: string) => existsSync(file) && readFileSync(file).subarray(1, 4).toString() === 'PNG';
const launch = (main: string, args?: string[]) => (ctx: MatrixContext) => ctx.must('electron_launch', { main, ...(args ? { args } : {}) });
const stop = (ctx: MatrixContext) => ctx.call('electron_stop', {});

export const GROUPS: Group[] = [
  {
    app: 'bench, started outside the server',
    rows: [
      {
        tool: 'electron_discover_running',
        plugin: 'core',
        did: "probed the outside app's DevTools port",
        args: (ctx) => ({ ports: [ctx.env.outside!.cdp] }),
        result: { kind: 'ok', shape: (a, ctx) => expect(a.endpoints).toMatchObject([{ port: ctx.env.outside!.cdp, kind: 'cdp' }]) },
      },
      {
        tool: 'electron_attach',
        plugin: 'core',
        did: 'attached by that port, then read its page',
        args: (ctx) => ({ port: ctx.env.outside!.cdp }),
        result: {
          kind: 'ok',
          shape: (a) =>
            // No inspectPort given: a renderer-only session (pid and main-process access come with inspectPort).
            expect(a).toMatchObject({ sessionId: expect.any(String), capabilities: { renderer: true, mainProcess: false, owned: false } }),
        },
        readBack: async (_a, ctx) => expect((await ctx.must('electron_snapshot')).snapshot).toContain('heading "Bench"'),
      },
      {
        tool: 'electron_detach',
        plugin: 'core',
        did: 'detached; the app kept running',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
        readBack: async (_a, ctx) => {
          expect((await ctx.must('electron_status')).sessions).not.toContainEqual(expect.objectContaining({ id: ctx.sessionId }));
          expect(ctx.env.outside!.alive()).toBe(true);
        },
      },
      {
        tool: 'electron_inject',
        plugin: 'core',
        did: 'opened its inspector by pid (SIGUSR1) and reached main and windows',
        args: (ctx) => ({ pid: ctx.env.outside!.pid }),
        result: {
          kind: 'ok',
          shape: (a, ctx) => expect(a).toMatchObject({ pid: ctx.env.outside!.pid, capabilities: { mainProcess: true, owned: false } }),
        },
        readBack: async (_a, ctx) => expect(await ctx.must('electron_info')).toMatchObject({ kind: 'injected' }),
      },
      {
        tool: 'electron_force_kill',
        plugin: 'core',
        did: 'killed the injected app at once',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ signal: 'SIGKILL' }) },
        readBack: async (_a, ctx) => {
          const deadline = Date.now() + 10_000;
          while (ctx.env.outside!.alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
          expect(ctx.env.outside!.alive()).toBe(false);
        },
      },
    ],
  },
  {
    app: 'workbench',
    teardown: stop,
    rows: [
      {
        tool: 'electron_launch',
        plugin: 'core',
        did: 'launched the app on the stand-in',
        args: { main: workbenchApp.dir },
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a).toMatchObject({ sessionId: expect.any(String), windows: [expect.objectContaining({ title: 'Board — Workbench' })] }),
        },
      },
      {
        tool: 'electron_status',
        plugin: 'core',
        did: 'listed the server and the app session',
        args: {},
        result: {
          kind: 'ok',
          shape: (a, ctx) => {
            expect(a.server).toMatchObject({ version: expect.any(String) });
            expect(a.sessions).toContainEqual(expect.objectContaining({ id: ctx.sessionId, kind: 'launched', state: 'running' }));
          },
        },
      },
      {
        tool: 'electron_info',
        plugin: 'core',
        did: 'read app name and versions',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ kind: 'launched', versions: { electron: expect.any(String) } }) },
      },
      {
        tool: 'electron_plugins',
        plugin: 'core',
        did: 'listed the ten loaded plugins',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) => expect((a.plugins as { name: string }[]).map((p) => p.name).sort()).toEqual([...FIRST_PARTY_PLUGINS].sort()),
        },
      },
      {
        tool: 'electron_enable',
        plugin: 'core',
        did: 'enabled the offered full profile (already active: nothing new to list)',
        args: { name: 'full' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ enabled: 'full', kind: 'profile', tools: [] }) },
        readBack: async (_a, ctx) => {
          const status = await ctx.must('electron_status', {});
          expect(status).not.toHaveProperty('offered');
        },
      },
      {
        tool: 'electron_windows',
        plugin: 'core',
        did: 'listed the board window',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a.windows).toMatchObject([{ id: 'w1', title: 'Board — Workbench', active: true }]) },
      },
      {
        tool: 'electron_snapshot',
        plugin: 'core',
        did: 'read the page with refs',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a.snapshot).toMatch(/heading "Board".*\n[\s\S]*button "Sync now" \[ref=e\d+\]/) },
      },
      {
        tool: 'electron_find',
        plugin: 'core',
        did: 'found the Sync now button by role and name',
        args: { role: 'button', name: 'sync now' },
        result: {
          kind: 'ok',
          shape: (a) => expect(a.matches).toMatchObject([{ ref: expect.stringMatching(/^e\d+$/), role: 'button', name: 'Sync now' }]),
        },
      },
      {
        tool: 'electron_elements',
        plugin: 'core',
        did: 'listed the three To do cards',
        args: { selector: '#todo > li' },
        result: {
          kind: 'ok',
          shape: (a) => expect(a).toMatchObject({ count: 3, elements: [{ tag: 'li' }, { tag: 'li' }, { tag: 'li' }] }),
        },
      },
      {
        tool: 'electron_hover',
        plugin: 'core',
        did: 'hovered Due date; its tooltip appeared',
        args: { selector: '.due' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_expect_visible',
        plugin: 'core',
        did: 'saw the tooltip the hover opened',
        args: { selector: '#due-tip' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_drag',
        plugin: 'core',
        did: 'dragged the Plan sprint card onto Done',
        args: { selector: '#todo > li:has-text("Plan sprint")', targetSelector: '#done' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
        readBack: (_a, ctx) => text(ctx, '#status', 'Moved "Plan sprint" to Done'),
      },
      {
        tool: 'electron_expect_count',
        plugin: 'core',
        did: 'counted two cards in Done after the drag',
        args: { selector: '#done > li', equals: 2 },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ count: 2 }) },
      },
      {
        tool: 'electron_set_files',
        plugin: 'core',
        did: 'attached a 5-character file to the file input',
        args: (ctx) => ({ selector: '#attach', paths: [join(ctx.env.files, 'notes.txt')] }),
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_get_text',
        plugin: 'core',
        did: 'read what the page made of the attached file',
        args: { selector: '#attachments' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ text: 'Attached: notes.txt (5 characters)' }) },
      },
      {
        tool: 'electron_select_option',
        plugin: 'core',
        did: 'chose two labels of a multiple select',
        args: { selector: '#labels', values: ['Bug', 'Docs'] },
        result: { kind: 'ok', shape: (a) => expect(a.selected).toEqual(['bug', 'docs']) },
        readBack: (_a, ctx) => text(ctx, '#labels-summary', 'Labels: Bug, Docs'),
      },
      {
        tool: 'electron_get_value',
        plugin: 'core',
        did: 'read the select back',
        args: { selector: '#labels' },
        result: { kind: 'ok', shape: (a) => expect(a.value).toEqual(['bug', 'docs']) },
      },
      {
        tool: 'electron_type_into_editor',
        plugin: 'core',
        did: 'replaced the code surface with three lines',
        args: { selector: '#script', text: 'one\ntwo\nthree', replace: true },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_expect_text',
        plugin: 'core',
        did: "saw the editor's line count follow",
        args: { selector: '#script-status', equals: '3 lines' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_surfaces',
        plugin: 'core',
        did: 'listed the page and its Help frame',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a.surfaces).toMatchObject([{ id: 'main' }, { id: 'f1' }]) },
      },
      {
        tool: 'electron_switch_surface',
        plugin: 'core',
        did: 'entered the Help frame and clicked in it',
        args: { surfaceId: 'f1' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
        readBack: async (_a, ctx) => {
          await ctx.must('electron_click', { selector: '#tip-button' });
          await ctx.must('electron_expect_visible', { selector: '#tip' });
          await ctx.must('electron_switch_surface', { surfaceId: 'main' });
        },
      },
      {
        tool: 'electron_drop_file',
        plugin: 'core',
        did: 'dropped a file on the To do list; the page saw its name',
        before: (ctx) =>
          ctx.must('electron_eval_renderer', {
            code: "window.__dropped = []; document.querySelector('#todo').addEventListener('drop', (e) => window.__dropped.push(...[...e.dataTransfer.files].map((f) => f.name))); return true;",
          }),
        args: (ctx) => ({ selector: '#todo', paths: [join(ctx.env.files, 'notes.txt')] }),
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
        readBack: async (_a, ctx) =>
          expect((await ctx.must('electron_eval_renderer', { code: 'return window.__dropped;' })).result).toEqual(['notes.txt']),
      },
      {
        tool: 'electron_eval_renderer',
        plugin: 'core',
        did: 'counted the cards in the page',
        args: { code: "return document.querySelectorAll('.cards > li').length;" },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ result: 4 }) },
      },
      {
        tool: 'electron_eval_main',
        plugin: 'core',
        did: 'read the window title in main',
        args: { code: 'return electron.BrowserWindow.getAllWindows()[0].getTitle();' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ result: 'Board — Workbench' }) },
      },
      {
        tool: 'electron_screenshot',
        plugin: 'core',
        did: 'wrote a PNG of the window',
        args: {},
        result: {
          kind: 'ok',
          shape: (a, ctx) => {
            expect(a).toMatchObject({ format: 'png', width: expect.any(Number), height: expect.any(Number), bytes: expect.any(Number) });
            expect(a.path.startsWith(ctx.env.screenshots)).toBe(true);
            expect(isPng(a.path)).toBe(true);
          },
        },
      },
      {
        tool: 'visual_capture',
        plugin: 'visual',
        did: 'saved the To do list as an artifact',
        args: { name: 'todo', selector: '#todo' },
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a).toMatchObject({ name: 'todo', width: expect.any(Number), height: expect.any(Number), bytes: expect.any(Number) });
            expect(isPng(a.file)).toBe(true);
          },
        },
      },
      {
        tool: 'visual_approve',
        plugin: 'visual',
        did: 'made the capture of a first check (NO_BASELINE) the heading baseline',
        before: async (ctx) =>
          expect(await ctx.call('visual_check', { name: 'heading', selector: 'h1' })).toMatchObject({ code: 'visual.NO_BASELINE' }),
        args: { name: 'heading', confirm: true },
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a).toMatchObject({ name: 'heading', replaced: false, width: expect.any(Number), height: expect.any(Number) });
            expect(isPng(a.baseline)).toBe(true);
            expect(existsSync(a.sidecar)).toBe(true);
          },
        },
      },
      {
        tool: 'visual_check',
        plugin: 'visual',
        did: 'compared the heading with that baseline: a match',
        args: { name: 'heading', selector: 'h1' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ name: 'heading', match: true, diffPixels: 0 }) },
      },
      {
        tool: 'a11y_audit',
        plugin: 'a11y',
        did: 'ran axe-core on the board',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a).toMatchObject({
              url: expect.stringContaining('index.html'),
              summary: { violations: expect.any(Number), passes: expect.any(Number) },
            });
            expect(a.summary.passes).toBeGreaterThan(0);
            expect(a.violations).toEqual(expect.any(Array));
          },
        },
      },
      {
        tool: 'electron_click',
        plugin: 'core',
        did: "clicked a card's Pop out; main opened its window",
        args: { selector: '.pop-out' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_switch_window',
        plugin: 'core',
        did: 'switched to the card window',
        args: { title: 'Write report — Card' },
        result: { kind: 'ok', shape: (a) => expect(a.window).toMatchObject({ id: 'w2', title: 'Write report — Card', active: true }) },
        readBack: (_a, ctx) => ctx.must('electron_expect_url', { contains: 'card.html' }),
      },
      {
        tool: 'electron_window_set',
        plugin: 'core',
        did: 'moved and resized the card window, then maximized and restored it',
        args: { window: 'w2', bounds: [10, 20, 700, 500] },
        result: {
          kind: 'ok',
          shape: (a) => expect(a.caused).toEqual({ window: { id: 'w2', bounds: [10, 20, 700, 500], state: 'normal' } }),
        },
        readBack: async (_a, ctx) => {
          expect((await ctx.must('electron_windows')).windows).toContainEqual(
            expect.objectContaining({ id: 'w2', bounds: [10, 20, 700, 500], state: 'normal' }),
          );
          expect((await ctx.must('electron_window_set', { window: 'w2', state: 'maximized' })).caused).toMatchObject({
            window: { state: 'maximized' },
          });
          expect((await ctx.must('electron_window_set', { window: 'w2', state: 'normal' })).caused).toMatchObject({
            window: { bounds: [10, 20, 700, 500], state: 'normal' },
          });
        },
      },
      {
        tool: 'electron_stop',
        plugin: 'core',
        did: 'closed the app',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a).toMatchObject({ graceful: true });
            expect(a).toHaveProperty('exitCode');
            expect(a).toHaveProperty('signal');
          },
        },
        readBack: async (_a, ctx) =>
          expect((await ctx.must('electron_status')).sessions).not.toContainEqual(expect.objectContaining({ id: ctx.sessionId })),
      },
    ],
  },
  {
    app: 'signals',
    setup: launch(signalsApp.dir),
    teardown: stop,
    rows: [
      {
        tool: 'electron_type',
        plugin: 'core',
        did: 'filled the Email field',
        args: { selector: '#email', text: 'ada@example.com' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_expect_value',
        plugin: 'core',
        did: 'saw the typed value',
        args: { selector: '#email', equals: 'ada@example.com' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_clear_input',
        plugin: 'core',
        did: 'emptied the field',
        args: { selector: '#email' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
        readBack: async (_a, ctx) => expect(await ctx.must('electron_get_value', { selector: '#email' })).toMatchObject({ value: '' }),
      },
      {
        tool: 'electron_keyboard_type',
        plugin: 'core',
        did: 'typed seven keystrokes into it',
        args: { selector: '#email', text: 'bo@x.io' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ typed: 7 }) },
      },
      {
        tool: 'electron_key',
        plugin: 'core',
        did: 'pressed Backspace in it',
        args: { selector: '#email', key: 'Backspace' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
        readBack: async (_a, ctx) =>
          expect(await ctx.must('electron_get_value', { selector: '#email' })).toMatchObject({ value: 'bo@x.i' }),
      },
      {
        tool: 'electron_press_sequence',
        plugin: 'core',
        did: 'pressed Home, then End and o',
        args: { selector: '#email', keys: ['Home', 'End', 'o'] },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
        readBack: async (_a, ctx) =>
          expect(await ctx.must('electron_get_value', { selector: '#email' })).toMatchObject({ value: 'bo@x.io' }),
      },
      {
        tool: 'electron_focused_element',
        plugin: 'core',
        did: 'found focus in the Email field',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a.focused).toMatchObject({ role: 'textbox', name: 'Email', tag: 'input' }) },
      },
      {
        tool: 'electron_check',
        plugin: 'core',
        did: 'ticked I agree, which enables Submit',
        args: { selector: '#agree' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_expect_state',
        plugin: 'core',
        did: 'saw the box checked',
        args: { selector: '#agree', state: ['checked'] },
        result: { kind: 'ok', shape: (a) => expect(a.state).toMatchObject({ checked: true }) },
      },
      {
        tool: 'electron_wait_for_state',
        plugin: 'core',
        did: 'waited for Submit to be enabled',
        args: { selector: '#submit', state: ['enabled'] },
        result: { kind: 'ok', shape: (a) => expect(a.state).toMatchObject({ enabled: true }) },
      },
      {
        tool: 'electron_uncheck',
        plugin: 'core',
        did: 'unticked I agree',
        args: { selector: '#agree' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_get_state',
        plugin: 'core',
        did: 'read Submit disabled again',
        args: { selector: '#submit' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ visible: true, enabled: false, focused: false }) },
      },
      {
        tool: 'visual_mouse',
        plugin: 'visual',
        did: 'clicked I agree at its window coordinates; the box read back ticked',
        before: async (ctx) => {
          const box = await ctx.must('electron_get_bbox', { selector: '#agree' });
          ctx.state.agree = JSON.stringify([box.x + box.width / 2, box.y + box.height / 2]);
        },
        args: (ctx) => {
          const [x, y] = JSON.parse(ctx.state.agree) as [number, number];
          return { action: 'click', x, y };
        },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
        readBack: async (_a, ctx) => {
          expect(await ctx.must('electron_get_state', { selector: '#agree' })).toMatchObject({ checked: true });
          await ctx.must('electron_uncheck', { selector: '#agree' });
        },
      },
      {
        tool: 'electron_exists',
        plugin: 'core',
        did: 'counted the list items without waiting',
        args: { selector: '#list li' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ exists: true, count: 3 }) },
      },
      {
        tool: 'electron_get_attribute',
        plugin: 'core',
        did: "read the Docs link's href",
        args: { selector: '#docs', name: 'href' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ name: 'href', value: 'https://example.invalid/docs' }) },
      },
      {
        tool: 'electron_assert_pattern',
        plugin: 'core',
        did: 'checked that href once against ^https://',
        args: { selector: '#docs', attribute: 'href', matches: '^https://' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
      },
      {
        tool: 'electron_get_bbox',
        plugin: 'core',
        did: 'measured the Save button',
        args: { selector: '#save' },
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a).toMatchObject({ x: expect.any(Number), y: expect.any(Number) });
            expect(a.width).toBeGreaterThan(0);
            expect(a.height).toBeGreaterThan(0);
          },
        },
      },
      {
        tool: 'electron_get_computed_style',
        plugin: 'core',
        did: "read the panel's computed width",
        args: { selector: '#panel', properties: ['width', 'display'] },
        result: { kind: 'ok', shape: (a) => expect(a.styles).toEqual({ width: '200px', display: 'none' }) },
      },
      {
        tool: 'electron_wait_for_selector',
        plugin: 'core',
        did: 'waited for the panel Toggle shows 300 ms later',
        before: (ctx) => ctx.must('electron_click', { selector: '#toggle' }),
        args: { selector: '#panel', state: 'visible' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ state: 'visible', count: 1 }) },
      },
      {
        tool: 'electron_scroll',
        plugin: 'core',
        did: 'scrolled the page down 400 px',
        args: { dy: 400 },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ x: 0, y: 400 }) },
      },
      {
        tool: 'electron_scroll_into_view',
        plugin: 'core',
        did: 'brought the Bottom paragraph into view',
        args: { selector: '#bottom' },
        result: { kind: 'ok', shape: (a) => expect(a.ok).toBe(true) },
        readBack: async (_a, ctx) => expect((await ctx.must('electron_scroll', { dy: 1 })).y).toBeGreaterThan(1000),
      },
      {
        tool: 'electron_dialog_handler',
        plugin: 'core',
        did: 'set prompts to be accepted with a text, then a prompt showed it',
        args: { action: 'accept', promptText: 'matrix' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ policy: expect.anything(), dialogs: [] }) },
        readBack: async (_a, ctx) => {
          await ctx.must('electron_click', { selector: '#prompt' });
          await text(ctx, '#dialog-result', 'prompt: matrix');
          expect((await ctx.must('electron_dialog_handler', {})).dialogs).toMatchObject([
            { type: 'prompt', message: 'Your name?', action: 'accept' },
          ]);
        },
      },
      {
        tool: 'electron_console_logs',
        plugin: 'core',
        did: 'read the warning and error Log messages printed',
        before: (ctx) => ctx.must('electron_click', { selector: '#log' }),
        args: { level: 'warning', matches: 'message' },
        result: {
          kind: 'ok',
          shape: (a) => {
            expect((a.entries as { level: string; text: string }[]).map((e) => `${e.level} ${e.text}`)).toEqual([
              'warning warn message',
              'error error message 42',
            ]);
            expect(a.entries[0]).toMatchObject({ seq: expect.any(Number), time: expect.any(String), source: expect.any(String) });
            // omitted is left out when nothing was.
            expect(a).toMatchObject({ cursor: expect.any(Number) });
            expect(a.omitted ?? 0).toBe(0);
          },
        },
      },
      {
        tool: 'electron_wait_for_event',
        plugin: 'core',
        did: 'caught the app:ready event Fire event dispatches',
        args: { eventName: 'app:ready', timeoutMs: 10_000 },
        // The listener exists only once the call is in: fire until the wait has its event (no sleep).
        during: async (ctx, settled) => {
          for (let i = 0; i < 50 && !settled(); i++) await ctx.must('electron_click', { selector: '#fire' });
        },
        result: { kind: 'ok', shape: (a) => expect(a.event).toEqual({ type: 'app:ready', target: 'document', detail: '{"n":1}' }) },
      },
      {
        tool: 'electron_expect_url',
        plugin: 'core',
        did: 'saw the hash route Settings sets',
        before: (ctx) => ctx.must('electron_click', { selector: '#go-settings' }),
        args: { contains: '#/settings' },
        result: { kind: 'ok', shape: (a) => expect(a.url).toMatch(/index\.html#\/settings$/) },
      },
      {
        tool: 'electron_wait',
        plugin: 'core',
        did: 'paused 20 ms on the server',
        args: { ms: 20 },
        result: { kind: 'ok', shape: (a) => expect(a.waitedMs).toBeGreaterThanOrEqual(20) },
      },
      {
        tool: 'electron_downloads',
        plugin: 'core',
        did: 'waited for a download the page started, saved under the screenshot folder without a dialog',
        before: (ctx) =>
          ctx.must('electron_eval_main', {
            code: "electron.BrowserWindow.getAllWindows()[0].webContents.downloadURL('data:text/plain,matrix'); return true;",
          }),
        args: { wait: true, timeoutMs: 10_000 },
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a.downloads).toMatchObject([
              { id: 'd1', url: 'data:text/plain,matrix', state: 'completed', path: expect.stringContaining('/downloads/') },
            ]),
        },
        readBack: async (a, ctx) => {
          const { path } = a.downloads[0] as { path: string };
          expect(realpathSync(dirname(path))).toBe(join(realpathSync(ctx.env.screenshots), 'downloads'));
          expect(readFileSync(path, 'utf8')).toBe('matrix');
        },
      },
      {
        tool: 'electron_doctor',
        plugin: 'core',
        did: 'ran the preflight checks',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a.checks.length).toBeGreaterThan(0);
            expect(a.checks[0]).toMatchObject({ name: expect.any(String), ok: expect.any(Boolean), detail: expect.anything() });
          },
        },
      },
      {
        tool: 'perf_metrics',
        plugin: 'perf',
        did: 'read CPU and memory per process, both heaps and the launch stages',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) => {
            expect((a.processes as { type: string }[]).map((p) => p.type)).toContain('Browser');
            expect(a.renderer).toMatchObject({ heapKB: expect.any(Number), nodes: expect.any(Number), listeners: expect.any(Number) });
            expect(a.startup.readyMs).toBeGreaterThan(0);
            expect(a.startup.firstPaintMs).toBeGreaterThanOrEqual(a.startup.firstWindowMs);
          },
        },
      },
      {
        tool: 'perf_profile',
        plugin: 'perf',
        did: 'profiled the renderer over a leak check of Toggle panel, saved as a .cpuprofile',
        before: async (ctx) => {
          await ctx.must('perf_profile', { action: 'start' });
          const check = await ctx.must('perf_leaks', { clicks: ['#toggle', '#toggle'], times: 3 });
          expect(check).toMatchObject({ rounds: 3, verdict: expect.stringMatching(/^(flat|leak)$/) });
        },
        args: { action: 'stop' },
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a.file).toMatch(/\/perf\/renderer-.*\.cpuprofile$/);
            expect(JSON.parse(readFileSync(a.file, 'utf8')).nodes.length).toBeGreaterThan(0);
            expect(a.top).toEqual(expect.any(Array));
          },
        },
      },
      {
        tool: 'perf_leaks',
        plugin: 'perf',
        did: 'opened and closed the panel three times with garbage collected between: flat',
        args: { clicks: ['#toggle', '#toggle'], times: 3 },
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a).toMatchObject({ verdict: 'flat', rounds: 3, growth: { listeners: 0 } });
            expect(a.samples).toHaveLength(4);
          },
        },
      },
    ],
  },
  {
    app: 'storage',
    setup: launch(storageApp.dir),
    teardown: stop,
    rows: [
      {
        tool: 'storage_cookie_set',
        plugin: 'storage',
        did: 'set a cookie the page then read',
        args: { name: 'matrix', value: '42' },
        result: { kind: 'ok', shape: (a) => expect(a.cookie).toMatchObject({ name: 'matrix', value: '42', path: '/' }) },
        readBack: async (_a, ctx) => {
          await ctx.must('electron_click', { selector: '#set-cookie' });
          await ctx.must('electron_expect_text', { selector: '#cookies', contains: 'matrix=42' });
        },
      },
      {
        tool: 'storage_cookies',
        plugin: 'storage',
        did: 'listed the cookies with values',
        args: { values: true },
        result: { kind: 'ok', shape: (a) => expect(a.cookies).toContainEqual(expect.objectContaining({ name: 'matrix', value: '42' })) },
      },
      {
        tool: 'storage_cookies_clear',
        plugin: 'storage',
        did: 'deleted that cookie',
        args: { name: 'matrix' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ removed: 1, remaining: expect.any(Number) }) },
        readBack: async (_a, ctx) =>
          expect((await ctx.must('storage_cookies', {})).cookies).not.toContainEqual(expect.objectContaining({ name: 'matrix' })),
      },
      {
        tool: 'storage_web',
        plugin: 'storage',
        did: 'wrote a note to localStorage; the reloaded page showed it',
        args: { op: 'set', key: 'note', value: 'from the matrix' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ key: 'note', replaced: false }) },
        readBack: async (_a, ctx) => {
          await reload(ctx);
          await text(ctx, '#saved-note', 'Saved note: from the matrix');
        },
      },
      {
        tool: 'storage_snapshot',
        plugin: 'storage',
        did: 'overviewed the origin: the note key is there',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a.origins).toContainEqual(
              expect.objectContaining({
                origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
                localStorage: expect.objectContaining({ keys: ['note'] }),
              }),
            ),
        },
      },
      {
        tool: 'storage_idb_put',
        plugin: 'storage',
        did: 'put a draft into IndexedDB; the reloaded Drafts page listed it',
        before: async (ctx) => {
          await ctx.must('electron_click', { selector: 'a:text-is("Drafts")' });
          await text(ctx, '#draft-count', 'Drafts: 0');
        },
        args: { database: 'drafts', store: 'drafts', records: [{ value: { id: 'm1', title: 'Matrix', body: 'row' } }] },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ put: 1, keys: ['m1'] }) },
        readBack: async (_a, ctx) => {
          await reload(ctx);
          await text(ctx, '#draft-count', 'Drafts: 1');
        },
      },
      {
        tool: 'storage_idb',
        plugin: 'storage',
        did: 'read that draft back',
        args: { op: 'read', database: 'drafts', store: 'drafts' },
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a).toMatchObject({ records: [{ key: 'm1', value: { id: 'm1', title: 'Matrix', body: 'row' } }], more: false }),
        },
      },
      {
        tool: 'storage_idb_delete',
        plugin: 'storage',
        did: 'deleted it by key',
        args: { database: 'drafts', store: 'drafts', query: 'm1' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ removed: 1 }) },
        readBack: async (_a, ctx) =>
          expect(await ctx.must('storage_idb', { op: 'count', database: 'drafts', store: 'drafts' })).toMatchObject({ count: 0 }),
      },
      {
        tool: 'storage_idb_clear',
        plugin: 'storage',
        did: 'emptied the store after two more puts',
        before: (ctx) =>
          ctx.must('storage_idb_put', {
            database: 'drafts',
            store: 'drafts',
            records: [{ value: { id: 'a', title: 'A', body: '' } }, { value: { id: 'b', title: 'B', body: '' } }],
          }),
        args: { database: 'drafts', store: 'drafts' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ removed: 2 }) },
      },
      {
        tool: 'storage_site_clear',
        plugin: 'storage',
        did: 'reset the origin: the note and the cookie the page set are gone',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a).toMatchObject({
              origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
              removed: { cookies: expect.any(Number), localStorage: 1, databases: expect.arrayContaining(['drafts']) },
            }),
        },
        readBack: async (_a, ctx) => {
          expect(await ctx.must('storage_cookies', {})).toMatchObject({ total: 0 });
          expect(await ctx.must('storage_web', { op: 'keys' })).toMatchObject({ count: 0 });
        },
      },
    ],
  },
  {
    app: 'main-net',
    setup: (ctx) => launch(mainNetApp.dir, [`api=${ctx.env.api.origin}`])(ctx),
    teardown: stop,
    rows: [
      {
        tool: 'network_capture',
        plugin: 'network',
        did: "started recording the page's /items requests",
        args: { url: '**/items*' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ capturing: true, url: '**/items*' }) },
      },
      {
        tool: 'network_stub',
        plugin: 'network',
        did: 'answered /items with five items; the page showed 5, the API saw nothing',
        args: { url: '**/items*', body: '{"items":[1,2,3,4,5]}' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ stubId: expect.any(String) }) },
        readBack: async (_a, ctx) => {
          await ctx.must('electron_click', { selector: '#items' });
          await text(ctx, '#result', 'Loaded 5 items');
          expect(ctx.env.api.received).not.toContain('/items');
        },
      },
      {
        tool: 'network_read',
        plugin: 'network',
        did: 'read the stubbed request back',
        args: { timeoutMs: 5000 },
        result: {
          kind: 'ok',
          shape: (a, ctx) => {
            expect(a.events).toMatchObject([
              { method: 'GET', url: expect.stringContaining('/items?from=account'), status: 200, stubbed: true },
            ]);
            ctx.state.networkCursor = String(a.cursor);
          },
        },
      },
      {
        tool: 'network_unstub',
        plugin: 'network',
        did: 'removed the stub; the real API answered 3 items',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ removed: 1, remaining: [] }) },
        readBack: async (_a, ctx) => {
          await ctx.must('electron_click', { selector: '#items' });
          await text(ctx, '#result', 'Loaded 3 items');
          // The page can show the answer before the request is reported finished: wait for its event.
          const next = await ctx.must('network_read', { cursor: Number(ctx.state.networkCursor), timeoutMs: 5000 });
          expect(next.events).toMatchObject([{ url: expect.stringContaining('/items'), status: 200 }]);
          expect(next.events[0].stubbed).toBeUndefined();
        },
      },
      {
        tool: 'network_main_capture',
        plugin: 'network',
        did: "started recording the main process's requests",
        args: { url: '**/profile' },
        result: {
          kind: 'ok',
          shape: (a) => expect(a).toMatchObject({ capturing: true, hooked: expect.arrayContaining(['net.fetch', 'fetch']) }),
        },
      },
      {
        tool: 'network_main_stub',
        plugin: 'network',
        did: "answered main's /profile once; the page showed the stubbed plan",
        args: { url: '**/profile', body: '{"plan":"matrix"}', times: 1 },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ stubId: 'main1' }) },
        readBack: async (_a, ctx) => {
          await ctx.must('electron_click', { selector: '#profile' });
          await text(ctx, '#result', 'Plan: matrix');
          expect(ctx.env.api.received).not.toContain('/profile');
        },
      },
      {
        tool: 'network_main_read',
        plugin: 'network',
        did: 'read the stubbed main-process request back',
        args: { timeoutMs: 5000 },
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a.events).toMatchObject([{ api: 'fetch', method: 'GET', url: expect.stringContaining('/profile'), stubbed: true }]),
        },
      },
      {
        tool: 'network_stop',
        plugin: 'network',
        did: 'stopped both captures; their events stay counted',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ events: 2, main: { events: 1 } }) },
      },
    ],
  },
  {
    app: 'ipc',
    setup: launch(ipcApp.dir),
    teardown: stop,
    rows: [
      {
        tool: 'ipc_handlers',
        plugin: 'ipc',
        did: 'listed the channels main handles',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a.handle).toEqual(expect.arrayContaining(['math:add', 'whoami']));
            expect(a.on).toEqual(expect.arrayContaining(['log', 'ping']));
          },
        },
      },
      {
        tool: 'ipc_capture',
        plugin: 'ipc',
        did: 'recorded math:add while the page added 2 + 3',
        args: { channels: ['math:add'] },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ channels: ['math:add'], handle: ['math:add'] }) },
        readBack: async (_a, ctx) => {
          await ctx.must('electron_click', { selector: '#add' });
          await text(ctx, '#sum', 'Sum: 5');
        },
      },
      {
        tool: 'ipc_read',
        plugin: 'ipc',
        did: 'read that call with its arguments and result',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) => expect(a.events).toMatchObject([{ type: 'handle', channel: 'math:add', args: [2, 3], result: 5 }]),
        },
      },
      {
        tool: 'ipc_invoke',
        plugin: 'ipc',
        did: 'called the math:add handler with 4 and 5',
        args: { channel: 'math:add', args: [4, 5] },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ channel: 'math:add', result: 9 }) },
      },
      {
        tool: 'ipc_stub',
        plugin: 'ipc',
        did: 'made math:add answer 42; the page showed it',
        args: { channel: 'math:add', value: 42 },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ channel: 'math:add', stubbed: true, replaced: true }) },
        readBack: async (_a, ctx) => {
          await ctx.must('electron_click', { selector: '#add' });
          await text(ctx, '#sum', 'Sum: 42');
        },
      },
      {
        tool: 'ipc_stop',
        plugin: 'ipc',
        did: 'stopped the capture; its events stay buffered',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ stopped: ['math:add'], buffered: 3 }) },
      },
    ],
  },
  {
    app: 'menu-dialog',
    setup: launch(menuDialogApp.dir),
    teardown: stop,
    rows: [
      {
        tool: 'native_menu',
        plugin: 'native',
        did: 'read the application menu tree',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) => expect((a.menu as { label: string }[]).map((item) => item.label)).toEqual(['File', 'Edit', 'View', 'Help']),
        },
      },
      {
        tool: 'native_menu_item',
        plugin: 'native',
        did: 'read View › Show Sidebar with its state',
        args: { path: ['View', 'Show Sidebar'] },
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a).toMatchObject({ path: ['View', 'Show Sidebar'], item: { type: 'checkbox', checked: true, enabled: true } }),
        },
      },
      {
        tool: 'native_menu_click',
        plugin: 'native',
        did: 'clicked View › Show Sidebar; the page saw it',
        args: { path: ['View', 'Show Sidebar'] },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ clicked: ['View', 'Show Sidebar'], checked: false }) },
        readBack: (_a, ctx) => text(ctx, '#menu-action', 'Menu: sidebar (hidden)'),
      },
      {
        tool: 'native_notifications',
        plugin: 'native',
        did: 'read the notification main showed at startup',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a).toMatchObject({ notifications: [{ seq: 1, title: 'Menu Dialog is ready' }], cursor: 1, more: false, dropped: 0 }),
        },
      },
      {
        tool: 'native_trays',
        plugin: 'native',
        did: 'listed the tray icon and its menu',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) => expect(a.trays).toMatchObject([{ tray: 0, toolTip: 'Menu Dialog', events: expect.arrayContaining(['click']) }]),
        },
      },
      {
        tool: 'native_tray_click',
        plugin: 'native',
        did: 'clicked the tray icon; the page saw it',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ tray: 0, emitted: 'click' }) },
        readBack: (_a, ctx) => text(ctx, '#menu-action', 'Menu: tray (clicked)'),
      },
      {
        tool: 'native_dialog_answer',
        plugin: 'native',
        did: "chose a file in the app's open dialog; the app loaded it",
        before: (ctx) => ctx.must('electron_click', { selector: '#open' }),
        args: { paths: ['notes/welcome.txt'] },
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a.answered).toMatchObject({
              type: 'open',
              result: { canceled: false, filePaths: [expect.stringMatching(/notes[\\/]welcome\.txt$/)] },
            }),
        },
        readBack: (_a, ctx) => text(ctx, '#document-name', 'welcome.txt'),
      },
      {
        tool: 'native_dialogs',
        plugin: 'native',
        did: 'listed that dialog, answered',
        args: {},
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a).toMatchObject({ open: 0, dialogs: [{ type: 'open', title: 'Open file', state: 'answered', by: 'agent' }] }),
        },
      },
    ],
  },
  {
    app: 'mail',
    setup: launch(mailApp.dir),
    teardown: stop,
    rows: [
      {
        tool: 'native_context_menu',
        plugin: 'native',
        did: 'read the menu a right-click on the subject popped up',
        before: (ctx) => ctx.must('electron_click', { selector: '#subject', button: 'right' }),
        args: {},
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a).toMatchObject({ window: { title: 'Inbox — Mail' }, for: { x: expect.any(Number) } });
            expect((a.menu as { label: string }[]).map((item) => item.label)).toEqual(['Mark as Important', 'Move to', 'Print…']);
          },
        },
      },
      {
        tool: 'native_context_menu_click',
        plugin: 'native',
        did: 'clicked Mark as Important in it; the page showed it',
        args: { path: ['Mark as Important'] },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ clicked: ['Mark as Important'], checked: true }) },
        readBack: (_a, ctx) => text(ctx, '#important', 'Important'),
      },
      {
        tool: 'native_external_opens',
        plugin: 'native',
        did: 'read the sign-in URL Sign in sent to the browser',
        before: (ctx) => ctx.must('electron_click', { selector: '#sign-in' }),
        args: {},
        result: {
          kind: 'ok',
          shape: (a, ctx) => {
            const last = (a.opens as { url: string; via: string }[]).at(-1)!;
            expect(last).toMatchObject({
              via: 'shell.openExternal',
              url: expect.stringMatching(/^https:\/\/auth\.example\.test\/authorize\?/),
            });
            ctx.state.oauthState = new URL(last.url).searchParams.get('state') ?? '';
          },
        },
      },
      {
        tool: 'native_open_url',
        plugin: 'native',
        did: 'handed the app its OAuth callback; it signed in',
        args: (ctx) => ({ url: `myapp://oauth/callback?code=c0de&state=${ctx.state.oauthState}` }),
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ via: expect.any(String), handled: expect.any(Boolean) }) },
        readBack: (_a, ctx) => text(ctx, '#account', 'Signed in (code c0de)'),
      },
      {
        tool: 'native_open_file',
        plugin: 'native',
        did: 'opened messages/welcome.eml in the app',
        args: { path: 'messages/welcome.eml' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ via: expect.any(String), handled: expect.any(Boolean) }) },
        readBack: (_a, ctx) => text(ctx, '#subject', 'Welcome to Mail'),
      },
    ],
  },
  {
    app: 'chat',
    setup: launch(chatApp.dir),
    teardown: stop,
    rows: [
      {
        tool: 'native_web_notifications',
        plugin: 'native',
        did: "read the page's notification of a message from Bob",
        before: async (ctx) => {
          await ctx.must('electron_click', { selector: '#incoming-bob' });
          await text(ctx, '#status', 'Notified: Bob');
        },
        args: {},
        result: {
          kind: 'ok',
          shape: (a) =>
            expect(a).toMatchObject({
              notifications: [{ seq: 1, title: 'New message from Bob', tag: 'conversation-bob' }],
              cursor: 1,
              more: false,
            }),
        },
      },
      {
        tool: 'native_notification_click',
        plugin: 'native',
        did: 'clicked it; the app opened the conversation',
        args: { web: 1 },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ clicked: { web: 1, title: 'New message from Bob' } }) },
        readBack: (_a, ctx) => text(ctx, '#conversation', 'Conversation with Bob'),
      },
    ],
  },
  {
    app: 'clock',
    setup: launch(clockApp.dir),
    teardown: stop,
    rows: [
      {
        tool: 'trace_start',
        plugin: 'trace',
        did: 'started a trace of the clock calls',
        args: { name: 'matrix-clock' },
        result: {
          kind: 'ok',
          shape: (a, ctx) => {
            expect(a).toMatchObject({ name: 'matrix-clock', file: `${ctx.env.traces}/matrix-clock.trace.jsonl` });
            ctx.state.traceFile = a.file;
          },
        },
      },
      {
        tool: 'clock_status',
        plugin: 'clock',
        did: 'saw real time before any install',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ installed: false }) },
      },
      {
        tool: 'clock_install',
        plugin: 'clock',
        did: 'put the page on a paused fake clock; Show time showed it',
        args: { time: FROZEN, paused: true },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ installed: true, now: FROZEN, paused: true }) },
        readBack: async (_a, ctx) => {
          await ctx.must('electron_click', { selector: '#show-time' });
          await text(ctx, '#now', `Now: ${FROZEN}`);
        },
      },
      {
        tool: 'clock_advance',
        plugin: 'clock',
        did: 'ran a minute of fake time; the reminder fired',
        before: async (ctx) => {
          await ctx.must('electron_click', { selector: '#remind' });
          await text(ctx, '#reminder', 'Reminder set');
        },
        args: { ms: 60_000, mode: 'run' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ now: '2030-01-02T03:05:05.000Z' }) },
        readBack: (_a, ctx) => text(ctx, '#reminder', 'Reminder fired'),
      },
      {
        tool: 'clock_set',
        plugin: 'clock',
        did: 'moved the paused clock to noon',
        args: { time: '2030-01-02T12:00:00.000Z', mode: 'pause' },
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ now: '2030-01-02T12:00:00.000Z', mode: 'pause', paused: true }) },
      },
      {
        tool: 'clock_resume',
        plugin: 'clock',
        did: 'let fake time flow again',
        args: {},
        result: { kind: 'ok', shape: (a) => expect(a).toMatchObject({ paused: false, now: expect.any(String) }) },
      },
      {
        tool: 'trace_status',
        plugin: 'trace',
        did: 'saw the trace recording the calls so far',
        args: {},
        result: {
          kind: 'ok',
          shape: (a, ctx) => {
            expect(a).toMatchObject({ recording: true, file: ctx.state.traceFile });
            expect(a.records).toBeGreaterThanOrEqual(5);
          },
        },
      },
      {
        tool: 'trace_tokens',
        plugin: 'trace',
        did: "read this server's answer tokens by tool",
        args: { limit: 3 },
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a.tokens).toBeGreaterThan(0);
            expect(a.calls).toBeGreaterThan(0);
            expect(a.byTool).toContainEqual(expect.objectContaining({ tool: 'clock_install', calls: 1 }));
            expect(a.largest).toHaveLength(3);
          },
        },
      },
      {
        tool: 'trace_stop',
        plugin: 'trace',
        did: 'finished the trace file; it holds the clock calls',
        args: {},
        result: {
          kind: 'ok',
          shape: (a, ctx) => {
            expect(a).toMatchObject({ file: ctx.state.traceFile, overflow: 0 });
            expect(a.records).toBeGreaterThanOrEqual(7);
            const tools = readFileSync(a.file, 'utf8')
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line).tool);
            expect(tools).toEqual(expect.arrayContaining(['clock_install', 'clock_advance', 'electron_click']));
          },
        },
      },
    ],
  },
  {
    app: 'a packaged-app folder (production plugin fixture)',
    rows: [
      {
        tool: 'production_validate',
        plugin: 'production',
        did: 'checked its fuses, asar and package.json',
        args: (ctx) => ({ path: ctx.env.packagedApp }),
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a).toMatchObject({
              verdict: expect.stringMatching(/^(pass|fail|unknown)$/),
              counts: { pass: expect.any(Number) },
              platform: 'linux',
            });
            expect(a.checks.length).toBeGreaterThan(3);
            expect(a.checks[0]).toMatchObject({ id: expect.any(String), verdict: expect.any(String), reason: expect.any(String) });
          },
        },
      },
      {
        tool: 'production_packaging',
        plugin: 'production',
        did: 'checked its URL schemes, update feed and crash reporter',
        args: (ctx) => ({ path: ctx.env.packagedApp }),
        result: {
          kind: 'ok',
          shape: (a) => {
            expect(a).toMatchObject({ verdict: expect.any(String), counts: expect.any(Object) });
            expect((a.checks as { id: string }[]).map((c) => c.id).sort()).toEqual([
              'packaging:crash-reporter',
              'packaging:updater',
              'packaging:url-schemes',
            ]);
          },
        },
      },
    ],
  },
];

/** The bench app runs outside the server for the attach/inject rows. */
export const OUTSIDE_APP = benchApp;

/** Every row, in run order. */
export const ROWS = GROUPS.flatMap((group) => group.rows.map((row) => ({ ...row, app: group.app })));
