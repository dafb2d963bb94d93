// The benchmark's verdicts are only as good as each task's checks: a check that cannot fail
// would report success for a broken server. These scripted runs pin what each check rejects.
import { describe, expect, it } from 'vitest';
import { PROFILE_LISTS } from '@stagewright/kernel';
import { TASKS, BENCH } from './tasks.js';
import { WORKBENCH } from './tasks-workbench.js';
import { TaskFailure, type Envelope, type TaskApi, type TaskEnv } from './task-api.js';

type Script = Record<string, (args: Record<string, unknown>) => Envelope>;

const env: TaskEnv = { debugPort: 9222, sampleFile: '/tmp/notes.txt' };

function scripted(script: Script): TaskApi & { log: string[]; retries: number; bound?: string } {
  const api = {
    log: [] as string[],
    retries: 0,
    bound: undefined as string | undefined,
    bind(sessionId: string) {
      api.bound = sessionId;
    },
    async call(name: string, args: Record<string, unknown> = {}) {
      api.log.push(name);
      const handler = script[name];
      if (!handler)
        return {
          ok: false,
          code: 'TOOL_NOT_IN_PROFILE',
          error: `${name} is not in this profile`,
          hint: 'restart with --tool-profile testing',
        };
      return handler(args);
    },
    async retry(name: string, args: Record<string, unknown> = {}) {
      api.retries++;
      return api.call(name, args);
    },
  };
  return api;
}

const byId = (id: string) => TASKS.find((t) => t.id === id)!;
const found = { electron_find: () => ({ ok: true, matches: [{ ref: 'e1', role: 'button', name: 'x' }] }) };

describe('profile task checks', () => {
  it('defines twenty-four distinct tasks, the first twelve on bench', () => {
    expect(new Set(TASKS.map((t) => t.id)).size).toBe(24);
    expect(TASKS.slice(0, 12).every((t) => t.app === 'bench')).toBe(true);
  });

  it('each of the twelve issue 28 tasks but multi-select calls a tool outside essential', async () => {
    const essential = new Set(PROFILE_LISTS.essential);
    const answers: Script = {
      ...found,
      electron_windows: () => ({ ok: true, windows: [{ title: WORKBENCH.boardTitle }, { title: WORKBENCH.cardWindow }] }),
    };
    const answerAll = new Proxy(answers, { get: (target, name: string) => target[name] ?? (() => ({ ok: true })) });
    for (const task of TASKS.slice(12)) {
      const api = scripted(answerAll);
      await task.run(api, env).catch(() => undefined);
      const outside = api.log.filter((name) => !essential.has(name));
      // electron_select_option is in essential: the multi-select task is honest that it needs nothing more.
      if (task.id === 'multi-select') expect(outside, task.id).toEqual([]);
      else expect(outside.length, task.id).toBeGreaterThan(0);
    }
  });

  it('fill-and-read fails when the value read back differs', async () => {
    const api = scripted({ ...found, electron_type: () => ({ ok: true }), electron_get_value: () => ({ ok: true, value: 'Bob' }) });
    await expect(byId('fill-and-read').run(api, env)).rejects.toThrow(/value read back was "Bob"/);
    const good = scripted({ ...found, electron_type: () => ({ ok: true }), electron_get_value: () => ({ ok: true, value: BENCH.name }) });
    await expect(byId('fill-and-read').run(good, env)).resolves.toBeUndefined();
  });

  it('a tool missing from the profile fails the task and keeps the server hint', async () => {
    const api = scripted({ ...found });
    const error = await byId('scroll')
      .run(api, env)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskFailure);
    expect(error).toMatchObject({ code: 'TOOL_NOT_IN_PROFILE', hint: 'restart with --tool-profile testing' });
  });

  it('refresh-diff fails when the diff is not smaller than the full snapshot', async () => {
    const snapshots = ['- list', `- list\n- listitem: ${BENCH.refreshedItem}\n- more`];
    const api = scripted({
      ...found,
      electron_click: () => ({ ok: true }),
      electron_snapshot: () => ({ ok: true, snapshot: snapshots.shift() }),
    });
    await expect(byId('refresh-diff').run(api, env)).rejects.toThrow(/not smaller/);
  });

  it('in the interactive view, refresh-diff reads the whole page only when the diff lacks the item', async () => {
    const seen: Record<string, unknown>[] = [];
    const answers = [
      '- button "Refresh list" [ref=e1]',
      '',
      `- list\n  - listitem: ${BENCH.refreshedItem}\n- button "Refresh list" [ref=e1]`,
    ];
    const api = Object.assign(
      scripted({
        ...found,
        electron_click: () => ({ ok: true }),
        electron_snapshot: (args) => {
          seen.push(args);
          return { ok: true, snapshot: answers.shift() };
        },
      }),
      { snapshotView: 'interactive' as const },
    );
    await byId('refresh-diff').run(api, env);
    expect(seen).toEqual([{ interactive: true }, { since: 'last', interactive: true }, { since: 'last' }]);
    // A view that holds the item needs no whole read, and its diff is still held to its own full size.
    const holds = [`- button "Refresh list"`, `- button "${BENCH.refreshedItem}"`];
    const enough = Object.assign(
      scripted({ ...found, electron_click: () => ({ ok: true }), electron_snapshot: () => ({ ok: true, snapshot: holds.shift() }) }),
      { snapshotView: 'interactive' as const },
    );
    await expect(byId('refresh-diff').run(enough, env)).rejects.toThrow(/not smaller/);
    expect(enough.log.filter((c) => c === 'electron_snapshot')).toHaveLength(2);
  });

  it('deferred-retry requires a structured error first and counts the second read as a retry', async () => {
    let reads = 0;
    const script: Script = {
      ...found,
      electron_click: () => ({ ok: true }),
      electron_wait_for_selector: () => ({ ok: true }),
      electron_get_text: () => (reads++ === 0 ? { ok: false, code: 'ELEMENT_NOT_FOUND' } : { ok: true, text: BENCH.detailsText }),
    };
    const api = scripted(script);
    await byId('deferred-retry').run(api, env);
    expect(api.retries).toBe(1);
    const noError = scripted({ ...script, electron_get_text: () => ({ ok: true, text: '' }) });
    await expect(byId('deferred-retry').run(noError, env)).rejects.toThrow(/structured error/);
  });

  it('second-window fails when the window never appears', async () => {
    const api = scripted({
      ...found,
      electron_click: () => ({ ok: true }),
      electron_windows: () => ({ ok: true, windows: [{ title: 'Bench' }] }),
    });
    await expect(byId('second-window').run(api, env)).rejects.toThrow(/never appeared/);
    expect(api.retries).toBe(5);
  });

  it('find fails the task when nothing matches', async () => {
    const api = scripted({ electron_find: () => ({ ok: true, matches: [] }) });
    await expect(byId('greet').run(api, env)).rejects.toThrow(/no element found for textbox "Your name"/);
  });
  it('inspect fails when the snapshot lacks the field or the field is not visible', async () => {
    const script: Script = {
      ...found,
      electron_snapshot: () => ({ ok: true, snapshot: '- textbox "Your name" [ref=e1]' }),
      electron_get_state: () => ({ ok: true, state: { visible: true } }),
      electron_expect_visible: () => ({ ok: true }),
    };
    await expect(byId('inspect').run(scripted(script), env)).resolves.toBeUndefined();
    await expect(
      byId('inspect').run(scripted({ ...script, electron_snapshot: () => ({ ok: true, snapshot: '- button "Greet"' }) }), env),
    ).rejects.toThrow(/lacks the name field/);
    await expect(
      byId('inspect').run(scripted({ ...script, electron_get_state: () => ({ ok: true, state: { visible: false } }) }), env),
    ).rejects.toThrow(/not reported visible/);
  });

  it('second-window fails when switching back stays on the Preferences window', async () => {
    const script: Script = {
      ...found,
      electron_click: () => ({ ok: true }),
      electron_windows: () => ({ ok: true, windows: [{ title: 'Bench' }, { title: BENCH.prefsTitle }] }),
      electron_expect_text: () => ({ ok: true }),
      electron_switch_window: (args) => ({ ok: true, window: { title: args.index === 0 ? 'Bench' : BENCH.prefsTitle } }),
    };
    await expect(byId('second-window').run(scripted(script), env)).resolves.toBeUndefined();
    const stuck = { ...script, electron_switch_window: () => ({ ok: true, window: { title: BENCH.prefsTitle } }) };
    await expect(byId('second-window').run(scripted(stuck), env)).rejects.toThrow(/switching back landed on "Preferences"/);
  });

  it('console-diagnose fails unless a console error names the cause', async () => {
    const script: Script = {
      ...found,
      electron_click: () => ({ ok: true }),
      electron_expect_text: () => ({ ok: true }),
      electron_console_logs: () => ({ ok: true, entries: [{ level: 'error', text: `Sync failed: ${WORKBENCH.syncCause}` }] }),
    };
    await expect(byId('console-diagnose').run(scripted(script), env)).resolves.toBeUndefined();
    const vague = { ...script, electron_console_logs: () => ({ ok: true, entries: [{ level: 'error', text: 'Sync failed' }] }) };
    await expect(byId('console-diagnose').run(scripted(vague), env)).rejects.toThrow(/no console error names/);
  });

  it('confirm-dialog fails when no accepted confirm was recorded', async () => {
    const script: Script = {
      ...found,
      electron_click: () => ({ ok: true }),
      electron_expect_text: () => ({ ok: true }),
      electron_expect_count: () => ({ ok: true }),
      electron_dialog_handler: () => ({ ok: true, dialogs: [{ type: 'confirm', action: 'dismiss' }] }),
    };
    await expect(byId('confirm-dialog').run(scripted(script), env)).rejects.toThrow(/no accepted confirm/);
  });

  it('pop-out-window fails on the wrong label colour', async () => {
    const script: Script = {
      ...found,
      electron_click: () => ({ ok: true }),
      electron_windows: () => ({ ok: true, windows: [{ title: WORKBENCH.boardTitle }, { title: WORKBENCH.cardWindow }] }),
      electron_switch_window: () => ({ ok: true }),
      electron_get_computed_style: () => ({ ok: true, styles: { 'background-color': WORKBENCH.urgentColour } }),
    };
    await expect(byId('pop-out-window').run(scripted(script), env)).resolves.toBeUndefined();
    const grey = { ...script, electron_get_computed_style: () => ({ ok: true, styles: { 'background-color': 'rgb(120, 120, 120)' } }) };
    await expect(byId('pop-out-window').run(scripted(grey), env)).rejects.toThrow(/the swatch is "rgb\(120, 120, 120\)"/);
  });

  it('attach-running attaches to the harness port, binds its session and detaches it', async () => {
    const api = scripted({
      ...found,
      electron_attach: (args) => ({
        ok: args.port === env.debugPort,
        sessionId: 's9',
        windows: [{ url: 'file:///x/workbench/index.html' }],
      }),
      electron_expect_visible: () => ({ ok: true }),
      electron_detach: (args) => ({ ok: args.sessionId === 's9' }),
    });
    await expect(byId('attach-running').run(api, env)).resolves.toBeUndefined();
    expect(api.bound).toBe('s9');
    expect(api.log.at(-1)).toBe('electron_detach');
  });

  it('screenshot-state fails when no PNG was written', async () => {
    const api = scripted({
      ...found,
      electron_click: () => ({ ok: true }),
      electron_expect_visible: () => ({ ok: true }),
      electron_screenshot: () => ({ ok: true, path: '', width: 10, height: 10 }),
    });
    await expect(byId('screenshot-state').run(api, env)).rejects.toThrow(/no PNG/);
  });
});
