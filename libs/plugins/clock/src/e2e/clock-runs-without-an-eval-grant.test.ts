// The fake clock is Playwright's own fixed script (page.clock), not the agent's: a deployment with
// no eval grant must still be able to control time (ADR-0025). Every clock argument is a time, a
// bounded number or a mode, so nothing the agent sends becomes code; the tools that do run the
// agent's code in the page stay behind --allow-eval=renderer, and so does reading the page's clock
// by script. One app on a server with NO grant serves every check here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockApp } from '@stagewright/fixtures/clock';
import type { InMemoryConnection } from '@stagewright/harness';
import { connectClock } from './test-support/connect-clock.js';

const CLOCK_TOOLS = ['clock_advance', 'clock_install', 'clock_resume', 'clock_set', 'clock_status'];
const START = '2001-02-03T04:05:06.000Z';

let app: InMemoryConnection;

beforeAll(async () => {
  app = await connectClock([])();
  const launched = await app.call('electron_launch', { main: clockApp.dir });
  if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(launched)}`);
}, 120_000);

afterAll(async () => {
  await app?.call('electron_stop', {}).catch(() => undefined);
  await app?.close();
});

const listedTools = async () => (await app.client.listTools()).tools.map((tool) => tool.name);

describe('clock tools without any eval grant', () => {
  it('are listed, and the tools that run the agent’s code are not', async () => {
    const listed = await listedTools();
    expect(listed.filter((name) => name.startsWith('clock_'))).toEqual(CLOCK_TOOLS);
    expect(listed).not.toContain('electron_eval_renderer');
    expect(listed).not.toContain('electron_eval_main');
  });

  it('control the time the page shows: install paused, advance to fire a timer, freeze, resume', async () => {
    expect(await app.call('clock_status', {})).toMatchObject({ ok: true, installed: false });
    expect(await app.call('clock_install', { time: START, paused: true })).toMatchObject({ ok: true, now: START, paused: true });
    await app.call('electron_click', { selector: '#show-time' });
    expect(await app.call('electron_get_text', { selector: '#now' })).toMatchObject({ ok: true, text: `Now: ${START}` });

    await app.call('electron_click', { selector: '#remind' });
    expect(await app.call('clock_advance', { ms: 59_000 })).toMatchObject({ ok: true, now: '2001-02-03T04:06:05.000Z' });
    expect(await app.call('electron_get_text', { selector: '#reminder' })).toMatchObject({ text: 'Reminder set' });
    expect(await app.call('clock_advance', { ms: 1_000, mode: 'run' })).toMatchObject({ ok: true });
    expect(await app.call('electron_get_text', { selector: '#reminder' })).toMatchObject({ text: 'Reminder fired' });

    const frozen = '2030-01-01T09:00:00.000Z';
    expect(await app.call('clock_set', { time: frozen, mode: 'freeze' })).toMatchObject({ ok: true, mode: 'freeze' });
    await app.call('electron_click', { selector: '#show-time' });
    expect(await app.call('electron_get_text', { selector: '#now' })).toMatchObject({ text: `Now: ${frozen}` });
    expect(await app.call('clock_resume', {})).toMatchObject({ ok: true, paused: false });
    expect(await app.call('clock_status', {})).toMatchObject({ ok: true, installed: true, paused: false, frozenAt: frozen });
  });

  it('still refuse running the agent’s own script in the page, naming the flag, and change nothing', async () => {
    const refused = await app.call('electron_eval_renderer', { code: 'Date.now = () => 0; return Date.now()' });
    expect(refused).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
    expect(String(refused.error)).toContain('--allow-eval=renderer');
    await app.call('electron_click', { selector: '#show-time' });
    expect(await app.call('electron_get_text', { selector: '#now' })).toMatchObject({ text: 'Now: 2030-01-01T09:00:00.000Z' });
  });
});
