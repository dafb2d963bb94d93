// The benchmark's verdicts are only as good as each task's checks: a check that cannot fail
// would report success for a broken server. These scripted runs pin what each check rejects.
import { describe, expect, it } from 'vitest';
import { TASKS, BENCH } from './tasks.js';
import { TaskFailure, type Envelope, type TaskApi } from './task-api.js';

type Script = Record<string, (args: Record<string, unknown>) => Envelope>;

function scripted(script: Script): TaskApi & { log: string[]; retries: number } {
  const api = {
    log: [] as string[],
    retries: 0,
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
  it('defines twelve distinct tasks', () => {
    expect(new Set(TASKS.map((t) => t.id)).size).toBe(12);
  });

  it('fill-and-read fails when the value read back differs', async () => {
    const api = scripted({ ...found, electron_type: () => ({ ok: true }), electron_get_value: () => ({ ok: true, value: 'Bob' }) });
    await expect(byId('fill-and-read').run(api)).rejects.toThrow(/value read back was "Bob"/);
    const good = scripted({ ...found, electron_type: () => ({ ok: true }), electron_get_value: () => ({ ok: true, value: BENCH.name }) });
    await expect(byId('fill-and-read').run(good)).resolves.toBeUndefined();
  });

  it('a tool missing from the profile fails the task and keeps the server hint', async () => {
    const api = scripted({ ...found });
    const error = await byId('scroll')
      .run(api)
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
    await expect(byId('refresh-diff').run(api)).rejects.toThrow(/not smaller/);
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
    await byId('deferred-retry').run(api);
    expect(api.retries).toBe(1);
    const noError = scripted({ ...script, electron_get_text: () => ({ ok: true, text: '' }) });
    await expect(byId('deferred-retry').run(noError)).rejects.toThrow(/structured error/);
  });

  it('second-window fails when the window never appears', async () => {
    const api = scripted({
      ...found,
      electron_click: () => ({ ok: true }),
      electron_windows_list: () => ({ ok: true, windows: [{ title: 'Bench' }] }),
    });
    await expect(byId('second-window').run(api)).rejects.toThrow(/never appeared/);
    expect(api.retries).toBe(5);
  });

  it('find fails the task when nothing matches', async () => {
    const api = scripted({ electron_find: () => ({ ok: true, matches: [] }) });
    await expect(byId('greet').run(api)).rejects.toThrow(/no element found for textbox "Your name"/);
  });
  it('inspect fails when the snapshot lacks the field or the field is not visible', async () => {
    const script: Script = {
      ...found,
      electron_snapshot: () => ({ ok: true, snapshot: '- textbox "Your name" [ref=e1]' }),
      electron_get_state: () => ({ ok: true, state: { visible: true } }),
      electron_expect_visible: () => ({ ok: true }),
    };
    await expect(byId('inspect').run(scripted(script))).resolves.toBeUndefined();
    await expect(
      byId('inspect').run(scripted({ ...script, electron_snapshot: () => ({ ok: true, snapshot: '- button "Greet"' }) })),
    ).rejects.toThrow(/lacks the name field/);
    await expect(
      byId('inspect').run(scripted({ ...script, electron_get_state: () => ({ ok: true, state: { visible: false } }) })),
    ).rejects.toThrow(/not reported visible/);
  });

  it('second-window fails when switching back stays on the Preferences window', async () => {
    const script: Script = {
      ...found,
      electron_click: () => ({ ok: true }),
      electron_windows_list: () => ({ ok: true, windows: [{ title: 'Bench' }, { title: BENCH.prefsTitle }] }),
      electron_expect_text: () => ({ ok: true }),
      electron_switch_window: (args) => ({ ok: true, window: { title: args.index === 0 ? 'Bench' : BENCH.prefsTitle } }),
    };
    await expect(byId('second-window').run(scripted(script))).resolves.toBeUndefined();
    const stuck = { ...script, electron_switch_window: () => ({ ok: true, window: { title: BENCH.prefsTitle } }) };
    await expect(byId('second-window').run(scripted(stuck))).rejects.toThrow(/switching back landed on "Preferences"/);
  });
});
