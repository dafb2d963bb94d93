// The fake clock is a script Playwright injects into every page of the app, so the clock tools
// follow the renderer eval grant (ADR 0003 §4): without --allow-eval=renderer they are neither
// listed nor callable, and a call names the flag that enables them.
import { describe, expect, it } from 'vitest';
import { clockApp } from '@stagewright/fixtures/clock';
import { withApp } from '@stagewright/harness';
import { connectClock } from './test-support/connect-clock.js';

const CLOCK_TOOLS = ['clock_advance', 'clock_install', 'clock_resume', 'clock_set', 'clock_status'];

const listedClockTools = async (app: { client: { listTools(): Promise<{ tools: { name: string }[] }> } }) =>
  (await app.client.listTools()).tools.map((tool) => tool.name).filter((name) => name.startsWith('clock_'));

describe('clock tools and the eval grant', () => {
  it('are hidden and refused without any eval grant, and the page keeps real time', async () => {
    await withApp(connectClock([]), clockApp, async (app) => {
      expect(await listedClockTools(app)).toEqual([]);
      const refused = await app.call('clock_set', { time: '2001-02-03T04:05:06Z', mode: 'freeze' });
      expect(refused).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
      expect(String(refused.error)).toContain('--allow-eval=renderer');
      await app.call('electron_click', { selector: '#show-time' });
      expect(await app.call('electron_get_text', { selector: '#now' })).not.toMatchObject({ text: 'Now: 2001-02-03T04:05:06.000Z' });
    });
  });

  it('stay hidden with only the main-process grant', async () => {
    await withApp(connectClock(['main']), clockApp, async (app) => {
      expect(await listedClockTools(app)).toEqual([]);
      expect(await app.call('clock_status', {})).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
    });
  });

  it('are listed and callable with the renderer grant', async () => {
    await withApp(connectClock(['renderer']), clockApp, async (app) => {
      expect(await listedClockTools(app)).toEqual(CLOCK_TOOLS);
      expect(await app.call('clock_status', {})).toMatchObject({ ok: true, installed: false });
    });
  });
});
