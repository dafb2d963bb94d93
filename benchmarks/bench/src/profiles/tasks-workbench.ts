import { readFileSync } from 'node:fs';
import { check, findRef as find, hasTitle, must, okOrThrow, textOf, type BenchTask, type Envelope } from './task-api.js';

/**
 * The twelve tasks of issue 28, on the workbench fixture. Each is written the way an agent that
 * sees the whole catalogue would do it, with the tool made for the job; under a smaller profile
 * the call is still made, and the runner follows the server's restart hint. Texts below are the
 * workbench fixture's visible contract (libs/testing/fixtures/README.md).
 */
export const WORKBENCH = {
  boardTitle: 'Board — Workbench',
  tooltip: 'Due Friday, 12 December',
  dragged: 'Review pull request',
  syncCause: 'E_TOKEN_EXPIRED',
  tip: 'Tip: drag a card to Done to finish it.',
  cardWindow: 'Write report — Card',
  urgentColour: 'rgb(224, 82, 82)',
  attachment: 'Attached: notes.txt (28 characters)',
  labels: ['Bug', 'Urgent'],
  script: 'export function onCardMoved(card) {\n  return card.title;\n}',
} as const;

const status = '#status';

function entriesOf(env: Envelope): { text?: string; level?: string }[] {
  return Array.isArray(env.entries) ? (env.entries as { text?: string; level?: string }[]) : [];
}

const tasks: readonly Omit<BenchTask, 'app'>[] = [
  {
    id: 'hover-tooltip',
    title: 'Hover Due date on a card; expect the tooltip and its text',
    async run(api) {
      await must(api, 'electron_hover', { ref: await find(api, 'button', 'Due date') });
      await must(api, 'electron_expect_text', { selector: 'role=tooltip', equals: WORKBENCH.tooltip });
    },
  },
  {
    id: 'drag-card',
    title: 'Drag a card from To do onto Done; expect it listed under Done',
    async run(api) {
      const card = await find(api, 'listitem', WORKBENCH.dragged, 'text');
      await must(api, 'electron_drag', { ref: card, targetSelector: '#done' });
      await must(api, 'electron_expect_count', { selector: `#done li:has-text("${WORKBENCH.dragged}")`, equals: 1 });
      await must(api, 'electron_expect_count', { selector: `#todo li:has-text("${WORKBENCH.dragged}")`, equals: 0 });
    },
  },
  {
    id: 'confirm-dialog',
    title: 'Accept the next dialog, Clear done, confirm; expect the Done list empty',
    async run(api) {
      await must(api, 'electron_dialog_handler', { action: 'accept', oneShot: true });
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Clear done') });
      await must(api, 'electron_expect_text', { selector: status, matches: '^Removed \\d+ done cards?$' });
      await must(api, 'electron_expect_count', { selector: '#done li', equals: 0 });
      const seen = (await must(api, 'electron_dialog_handler')).dialogs as { type?: string; action?: string }[] | undefined;
      check(
        seen?.some((d) => d.type === 'confirm' && d.action === 'accept'),
        'no accepted confirm dialog was recorded',
      );
    },
  },
  {
    id: 'console-diagnose',
    title: 'Click Sync now; the page only says it failed: find the cause in the console errors',
    async run(api) {
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Sync now') });
      await must(api, 'electron_expect_text', { selector: status, contains: 'Sync failed' });
      const logs = await must(api, 'electron_console_logs', { level: 'error', matches: 'Sync failed' });
      check(
        entriesOf(logs).some((e) => e.text?.includes(WORKBENCH.syncCause)),
        `no console error names ${WORKBENCH.syncCause}`,
      );
    },
  },
  {
    id: 'help-iframe',
    title: 'Switch into the Help frame, click Show tip, expect the tip, switch back',
    async run(api) {
      const surfaces = (await must(api, 'electron_surfaces')).surfaces as { id: string; url?: string; name?: string }[];
      const help = surfaces?.find((s) => s.name === 'help' || s.url?.endsWith('help.html'));
      check(help, 'no Help frame among the surfaces');
      await must(api, 'electron_switch_surface', { surfaceId: help.id });
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Show tip') });
      await must(api, 'electron_expect_text', { selector: '#tip', equals: WORKBENCH.tip });
      await must(api, 'electron_switch_surface', { surfaceId: 'main' });
    },
  },
  {
    id: 'pop-out-window',
    title: 'Pop out a card into its own window; expect its label colour there, switch back',
    async run(api) {
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Pop out') });
      let windows = await must(api, 'electron_windows');
      for (let attempt = 0; attempt < 5 && !hasTitle(windows.windows, WORKBENCH.cardWindow); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        windows = okOrThrow('electron_windows', await api.retry('electron_windows'));
      }
      check(hasTitle(windows.windows, WORKBENCH.cardWindow), 'the card window never appeared');
      await must(api, 'electron_switch_window', { title: WORKBENCH.cardWindow });
      const style = await must(api, 'electron_get_computed_style', { selector: '#swatch', properties: ['background-color'] });
      const colour = (style.styles as Record<string, string> | undefined)?.['background-color'];
      check(colour === WORKBENCH.urgentColour, `the swatch is ${JSON.stringify(colour)}`);
      await must(api, 'electron_switch_window', { title: WORKBENCH.boardTitle });
    },
  },
  {
    id: 'attach-file',
    title: 'Choose a file through the file input; expect it listed',
    async run(api, env) {
      await must(api, 'electron_set_files', { selector: '#attach', paths: [env.sampleFile] });
      await must(api, 'electron_expect_text', { selector: '#attachments', equals: WORKBENCH.attachment });
    },
  },
  {
    id: 'chord-then-escape',
    title: 'Press Ctrl+K Ctrl+S; expect the shortcuts list; press Escape; expect it closed',
    async run(api) {
      await must(api, 'electron_press_sequence', { keys: ['Control+K', 'Control+S'] });
      await must(api, 'electron_expect_visible', { selector: 'role=dialog[name="Keyboard shortcuts"]' });
      await must(api, 'electron_key', { key: 'Escape' });
      await must(api, 'electron_expect_text', { selector: status, equals: 'Shortcuts closed' });
    },
  },
  {
    id: 'code-editor',
    title: 'Replace the script in the code editor; expect its text and line count',
    async run(api) {
      const editor = await find(api, 'textbox', 'Script');
      await must(api, 'electron_type_into_editor', { ref: editor, text: WORKBENCH.script, replace: true });
      await must(api, 'electron_expect_text', { ref: editor, equals: WORKBENCH.script });
      await must(api, 'electron_expect_text', { selector: '#script-status', equals: '3 lines' });
    },
  },
  {
    id: 'attach-running',
    title: 'Attach to the workbench already running with a debugging port; expect its board; detach',
    async run(api, env) {
      const attached = await must(api, 'electron_attach', { port: env.debugPort });
      check(typeof attached.sessionId === 'string', 'attach returned no session');
      api.bind(attached.sessionId);
      // Attached over CDP alone, the server sees the documents, not main's BrowserWindow titles.
      const windows = (Array.isArray(attached.windows) ? attached.windows : []) as { url?: string }[];
      check(
        windows.some((w) => w.url?.endsWith('/workbench/index.html')),
        'the attached app shows no board window',
      );
      await must(api, 'electron_expect_visible', { ref: await find(api, 'heading', 'Board') });
      await must(api, 'electron_detach', { sessionId: attached.sessionId });
    },
  },
  {
    id: 'screenshot-state',
    title: 'Mark the card blocked; keep a screenshot of the banner as evidence',
    async run(api) {
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Mark blocked') });
      await must(api, 'electron_expect_visible', { selector: 'role=alert' });
      const shot = await must(api, 'electron_screenshot', { selector: 'role=alert', format: 'png' });
      const path = typeof shot.path === 'string' ? shot.path : '';
      const bytes = path ? readFileSync(path) : Buffer.alloc(0);
      check(bytes.subarray(1, 4).toString('latin1') === 'PNG', `no PNG at ${JSON.stringify(path)}`);
      check(Number(shot.width) > 0 && Number(shot.height) > 0, 'the screenshot has no size');
    },
  },
  {
    id: 'multi-select',
    title: 'Choose two labels in a multi-select; expect both chosen',
    async run(api) {
      const labels = await find(api, 'listbox', 'Labels');
      await must(api, 'electron_select_option', { ref: labels, values: [...WORKBENCH.labels] });
      await must(api, 'electron_expect_count', { selector: '#labels option:checked', equals: WORKBENCH.labels.length });
      const summary = textOf(await must(api, 'electron_get_text', { selector: '#labels-summary' }));
      check(summary === `Labels: ${WORKBENCH.labels.join(', ')}`, `labels read ${JSON.stringify(summary)}`);
    },
  },
];

/** The attach task has no app of the runner's: it attaches to the one the harness started. */
export const WORKBENCH_TASKS: readonly BenchTask[] = tasks.map((task) => ({
  ...task,
  app: task.id === 'attach-running' ? ('none' as const) : ('workbench' as const),
}));
