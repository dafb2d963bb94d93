import {
  check,
  findRef,
  hasTitle,
  must,
  okOrThrow,
  readSnapshot,
  textOf,
  TaskFailure,
  type BenchTask,
  type TaskApi,
  type TaskEnv,
} from './task-api.js';
import { WORKBENCH_TASKS } from './tasks-workbench.js';

/**
 * The profile tasks. The first twelve (issue 7) run on the bench fixture and need only the
 * `essential` surface; the twelve of issue 28 (tasks-workbench.ts) run on the workbench fixture
 * and each calls for a tool an agent would pick from the full catalogue. Every task uses only
 * what an agent would: find by role and name, act, then one retrying expectation.
 * Texts below are the bench fixture's visible contract.
 */
export const BENCH = {
  nameLabel: 'Your name',
  name: 'Ada',
  greeting: 'Hello, Ada!',
  statusSelector: '#status',
  detailsSelector: '#details',
  /** Role selectors skip hidden elements, so reading this before loading is a structured not-found. */
  detailsRegion: 'role=region[name="Details"]',
  detailsText: 'Order #1042',
  refreshedItem: 'Item 3 (refreshed 1)',
  lastItem: 'Item 40',
  selectLabel: 'Size',
  selectValue: 'Large',
  checkboxLabel: 'Subscribe to newsletter',
  prefsTitle: 'Preferences',
  computeResult: 'Sum of squares 1..10 = 385',
  resultSelector: '#compute-result',
} as const;

const find = findRef;

async function typeName(api: TaskApi): Promise<string> {
  const ref = await find(api, 'textbox', BENCH.nameLabel);
  await must(api, 'electron_type', { ref, text: BENCH.name });
  return ref;
}

async function expectGreeting(api: TaskApi): Promise<void> {
  await must(api, 'electron_expect_text', { selector: BENCH.statusSelector, contains: BENCH.greeting });
}

const ESSENTIAL_TASKS: readonly Omit<BenchTask, 'app'>[] = [
  {
    id: 'inspect',
    title: 'Snapshot, find the name field, read its state, expect it visible',
    async run(api) {
      const { text } = await readSnapshot(api, {}, BENCH.nameLabel);
      check(text.includes(BENCH.nameLabel), 'snapshot lacks the name field');
      const ref = await find(api, 'textbox', BENCH.nameLabel);
      const state = await must(api, 'electron_get_state', { ref });
      check((state.state as Record<string, unknown> | undefined)?.visible ?? state.visible, 'field not reported visible');
      await must(api, 'electron_expect_visible', { ref });
    },
  },
  {
    id: 'fill-and-read',
    title: 'Type a name and read the value back',
    async run(api) {
      const ref = await typeName(api);
      const value = textOf(await must(api, 'electron_get_value', { ref }));
      check(value === BENCH.name, `value read back was ${JSON.stringify(value)}`);
    },
  },
  {
    id: 'greet',
    title: 'Type a name, click Greet, expect the greeting',
    async run(api) {
      await typeName(api);
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Greet') });
      await expectGreeting(api);
    },
  },
  {
    id: 'enter-submits',
    fresh: true,
    title: 'Type a name, press Enter in the field, expect the greeting',
    async run(api) {
      const ref = await typeName(api);
      await must(api, 'electron_key', { ref, key: 'Enter' });
      await expectGreeting(api);
    },
  },
  {
    id: 'clear',
    title: 'Type, clear, expect an empty value',
    async run(api) {
      const ref = await typeName(api);
      await must(api, 'electron_clear_input', { ref });
      await must(api, 'electron_expect_value', { ref, equals: '' });
    },
  },
  {
    id: 'deferred',
    title: 'Click Load details, expect the details visible (server-side wait)',
    async run(api) {
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Load details') });
      await must(api, 'electron_expect_visible', { selector: BENCH.detailsSelector, timeoutMs: 5000 });
    },
  },
  {
    id: 'deferred-retry',
    fresh: true,
    title: 'Read details before loading (structured error), load, wait, read again',
    async run(api) {
      const early = await api.call('electron_get_text', { selector: BENCH.detailsRegion });
      check(!early.ok && typeof early.code === 'string', 'reading absent details did not give a structured error');
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Load details') });
      await must(api, 'electron_wait_for_selector', { selector: BENCH.detailsRegion, state: 'visible', timeoutMs: 5000 });
      const text = textOf(okOrThrow('electron_get_text', await api.retry('electron_get_text', { selector: BENCH.detailsRegion })));
      check(text?.includes(BENCH.detailsText), `details read ${JSON.stringify(text)}`);
    },
  },
  {
    id: 'refresh-diff',
    title: 'Snapshot, click Refresh list, snapshot since last: the diff is small and holds the change',
    async run(api) {
      const full = (await readSnapshot(api)).viewText;
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Refresh list') });
      // In the interactive view the relabelled item (not actionable) is read from the whole page.
      const diff = await readSnapshot(api, { since: 'last' }, BENCH.refreshedItem);
      check(diff.text.includes(BENCH.refreshedItem), 'diff lacks the relabelled item');
      const size = diff.viewText.length;
      check(size < full.length, `diff (${size} chars) is not smaller than the full snapshot (${full.length})`);
    },
  },
  {
    id: 'scroll',
    title: 'Find the last list item, scroll it into view, expect it visible',
    async run(api) {
      const ref = await find(api, 'listitem', BENCH.lastItem, 'text');
      await must(api, 'electron_scroll_into_view', { ref });
      await must(api, 'electron_expect_visible', { ref });
    },
  },
  {
    id: 'select-and-check',
    title: 'Choose an option and check the checkbox; expect value and state',
    async run(api) {
      const select = await find(api, 'combobox', BENCH.selectLabel);
      await must(api, 'electron_select_option', { ref: select, values: [BENCH.selectValue] });
      const box = await find(api, 'checkbox', BENCH.checkboxLabel);
      await must(api, 'electron_check', { ref: box });
      await must(api, 'electron_expect_value', { ref: select, equals: BENCH.selectValue });
      await must(api, 'electron_expect_state', { ref: box, state: ['checked'] });
    },
  },
  {
    id: 'second-window',
    title: 'Open Preferences, list windows, switch to it, expect its heading, switch back',
    async run(api) {
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Preferences') });
      let windows = await must(api, 'electron_windows');
      for (let attempt = 0; attempt < 5 && !hasTitle(windows.windows, BENCH.prefsTitle); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        windows = okOrThrow('electron_windows', await api.retry('electron_windows'));
      }
      check(hasTitle(windows.windows, BENCH.prefsTitle), 'the Preferences window never appeared');
      await must(api, 'electron_switch_window', { title: BENCH.prefsTitle });
      await must(api, 'electron_expect_text', { selector: 'h1', equals: BENCH.prefsTitle });
      const back = await must(api, 'electron_switch_window', { index: 0 });
      const title = (back.window as { title?: string } | undefined)?.title;
      check(title !== undefined && title !== BENCH.prefsTitle, `switching back landed on ${JSON.stringify(title)}`);
    },
  },
  {
    id: 'ipc-compute',
    title: 'Trigger Compute; expect the main-process result in the page',
    async run(api) {
      await must(api, 'electron_click', { ref: await find(api, 'button', 'Compute') });
      await must(api, 'electron_expect_text', { selector: BENCH.resultSelector, contains: BENCH.computeResult });
    },
  },
];

export const TASKS: readonly BenchTask[] = [...ESSENTIAL_TASKS.map((task) => ({ ...task, app: 'bench' as const })), ...WORKBENCH_TASKS];

export { TaskFailure };
export type { BenchTask, TaskApp } from './task-api.js';
