// A person reviews an agent's run from this page, in a browser: it must show the calls as they
// happened, work offline, and keep whatever the app or the agent wrote as text — a trace of a
// hostile page must not run that page's script in the reviewer's browser.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, onlyOnStandIn } from '@stagewright/fake-electron';
import { traceCommand } from '../../../mcp-server/src/trace-cli/trace-command.js';

const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>"'&`;
const dir = mkdtempSync(join(tmpdir(), 'sw-trace-view-'));

function screenshotFile(): string {
  const png = new PNG({ width: 4, height: 3 });
  png.data.fill(200);
  const file = join(dir, 'shot.png');
  writeFileSync(file, PNG.sync.write(png));
  return file;
}

function traceFile(complete: boolean): string {
  const call = (seq: number, tool: string, args: object, envelope: object, ok = true) => ({
    type: 'call',
    seq,
    tool,
    args,
    ok,
    ...(ok ? {} : { code: 'TIMEOUT' }),
    envelope,
    images: 0,
    startedAt: '2026-01-01T00:00:00Z',
    ms: seq * 10,
  });
  const lines = [
    {
      type: 'header',
      format: 'stagewright-trace',
      version: 1,
      name: `run ${HOSTILE}`,
      startedAt: '2026-01-01T00:00:00Z',
      server: { version: '0.1.0', profile: 'full', allowEval: [] },
    },
    call(1, 'electron_launch', { main: '/apps/evil' }, { ok: true, sessionId: 's1', _meta: { estimated_tokens: 40 } }),
    call(2, 'electron_type', { ref: 'e1', text: HOSTILE }, { ok: true, _meta: { estimated_tokens: 10 } }),
    call(3, 'electron_get_text', { selector: '#t' }, { ok: true, text: HOSTILE, _meta: { estimated_tokens: 25 } }),
    call(
      4,
      'electron_expect_text',
      { selector: '#t', contains: 'x' },
      { ok: false, code: 'TIMEOUT', error: `still ${HOSTILE}`, hint: 'take a snapshot', _meta: { estimated_tokens: 30 } },
      false,
    ),
    call(5, 'electron_screenshot', {}, { ok: true, path: screenshotFile(), _meta: { estimated_tokens: 20 } }),
    ...(complete ? [{ type: 'footer', endedAt: '2026-01-01T00:01:00Z', records: 5, overflow: 2, stoppedBy: 'trace_stop' }] : []),
  ];
  const file = join(dir, `${complete ? 'complete' : 'partial'}.trace.jsonl`);
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n${complete ? '' : '{"type":"call","seq":6,"tool":"elec'}`);
  return file;
}

describe(
  'stagewright trace view, in headless Chromium',
  onlyOnStandIn("opens the page in the stand-in's Chromium (CHROMIUM_PATH), which a real-Electron machine need not have"),
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
    }, 60_000);
    afterAll(() => browser?.close());

    async function open(trace: string) {
      const html = join(dir, `${Date.now()}-${Math.random()}.html`);
      expect(await traceCommand(['view', trace, '-o', html], { stdout: () => undefined, stderr: () => undefined })).toBe(0);
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(pathToFileURL(html).href);
      return { page, requests, url: pathToFileURL(html).href };
    }

    it('shows every call in order with arguments, results, errors, timings, token totals and the screenshot', {
      timeout: 60_000,
    }, async () => {
      const { page, requests, url } = await open(traceFile(true));
      expect(await page.locator('.call .tool').allTextContents()).toEqual([
        'electron_launch',
        'electron_type',
        'electron_get_text',
        'electron_expect_text',
        'electron_screenshot',
      ]);
      expect(await page.locator('#call-count').textContent()).toBe('5 (1 failed), 150 ms in calls');
      expect(await page.locator('#token-total').textContent()).toMatch(/^125 in answers/);
      expect(await page.locator('#trace-state').textContent()).toBe('complete: 5 calls recorded, 2 more over the cap (not recorded)');
      expect(await page.locator('#call-4 .err').textContent()).toBe('TIMEOUT');
      expect(await page.locator('#call-4 .hint').textContent()).toBe('take a snapshot');
      expect(await page.locator('#call-2 .ms').textContent()).toBe('20 ms');
      const shot = page.locator('#call-5 img.shot');
      expect(await shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);
      // Nothing but the page itself was requested: the screenshot is inline, nothing is fetched.
      expect(requests).toEqual([url]);
      await page.close();
    });

    it('keeps hostile strings from the app and the agent as text', { timeout: 60_000 }, async () => {
      const { page } = await open(traceFile(true));
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.locator('#trace-name').textContent()).toBe(`run ${HOSTILE}`);
      expect(await page.locator('#call-2 .args').textContent()).toContain(JSON.stringify(HOSTILE).slice(1, 20));
      expect(await page.locator('#call-4 .error').textContent()).toBe(`still ${HOSTILE}`);
      expect(await page.locator('script').count()).toBe(0);
      expect(await page.locator('img').count()).toBe(1);
      await page.close();
    });

    it('says a trace cut short by a crash is incomplete, and shows what was written', { timeout: 60_000 }, async () => {
      const { page } = await open(traceFile(false));
      expect(await page.locator('#trace-state').textContent()).toMatch(/^INCOMPLETE: the recording was cut short/);
      expect(await page.locator('.call').count()).toBe(5);
      await page.close();
    });
  },
);
