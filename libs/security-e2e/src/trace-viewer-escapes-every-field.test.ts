// A trace is the app's and the agent's data: a crafted one must not put markup in the reviewer's browser or show their other files.
//
// Every field of every record type (header, call, footer and its Playwright entries) carries a
// payload that breaks out of text and attributes — a meta refresh, a form, an image with a
// handler — in the right type and in the wrong one (a string where a number, an array or an
// object belongs). The page, opened in headless Chromium, holds only the viewer's own elements
// and stays where it is. Screenshots are inlined only from under the trace's own folder.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, onlyOnStandIn } from '@stagewright/fake-electron';

const H = `"'><meta http-equiv="refresh" content="0;url=navigated.html"><form id="injected"><input name="q"></form><img src=x onerror="document.title='pwned'"><b id="injected-b">`;
const CLI = resolve(import.meta.dirname, '../../../dist/apps/mcp-server/main.mjs');
const root = mkdtempSync(join(tmpdir(), 'sw-viewer-'));
const dir = join(root, 'traces');
mkdirSync(dir);
writeFileSync(join(root, 'navigated.html'), '<p>the page navigated away</p>');

function png(file: string, width: number): string {
  const image = new PNG({ width, height: 2 });
  image.data.fill(120);
  writeFileSync(file, PNG.sync.write(image));
  return file;
}
/** The one image the page may show: beside the trace. The others are outside its folder. */
const inside = png(join(dir, 'inside.png'), 3);
const outside = png(join(root, 'outside.png'), 5);
mkdirSync(`${dir}-evil`);
const sibling = png(`${dir}-evil/sibling.png`, 7);
symlinkSync(outside, join(dir, 'link-out.png'));
const IMAGE_PATHS = [inside, outside, '../outside.png', join(dir, 'link-out.png'), sibling, `${dir}/../outside.png`];

/** Hostile values where the format has strings, and (wrongTypes) strings where it has anything else. */
function lines(wrongTypes: boolean): object[] {
  const n = H; // every numeric field
  const list = wrongTypes ? H : [H, H]; // every array field
  const obj = (value: object) => (wrongTypes ? H : value); // every object field
  const call = (extra: object) => ({
    type: 'call',
    seq: n,
    tool: H,
    args: obj({ [H]: H, nested: { [H]: [H] } }),
    ok: wrongTypes ? H : false,
    code: H,
    envelope: obj({ ok: H, code: H, error: H, hint: H, path: H, [H]: H, _meta: { estimated_tokens: H } }),
    images: n,
    startedAt: H,
    ms: n,
    redacted: list,
    ...extra,
  });
  return [
    {
      type: 'header',
      format: 'stagewright-trace',
      version: 1,
      name: H,
      startedAt: H,
      server: obj({ version: H, profile: H, allowEval: list }),
      redact: list,
      maxRecords: n,
      playwright: H,
    },
    call({}),
    call({ ok: true, envelope: obj({ ok: true, [H]: H, _meta: { estimated_tokens: H } }) }),
    ...IMAGE_PATHS.map((path) => call({ tool: 'electron_screenshot', ok: true, envelope: { ok: true, path } })),
    {
      type: 'footer',
      endedAt: H,
      records: n,
      overflow: n,
      stoppedBy: H,
      tokens: obj({
        tokens: n,
        calls: n,
        images: n,
        byTool: wrongTypes ? H : [{ tool: H, calls: n, tokens: n, images: n }],
        largest: wrongTypes
          ? H
          : [
              { tool: H, tokens: n, at: H, seq: n },
              { tool: H, tokens: n, at: H, seq: 2 },
            ],
      }),
      playwright: wrongTypes
        ? H
        : [
            { sessionId: H, file: H },
            { sessionId: H, error: H },
          ],
    },
  ];
}

/** The viewer's own markup: these tags, these attributes, and the two meta tags it writes. */
const OWN_TAGS =
  'html head meta title style body h1 span dl dt dd ul li section h2 code p details summary pre img table tbody tr th td h3 ol a'.split(
    ' ',
  );
const OWN_ATTRIBUTES = 'lang charset http-equiv content id class data-tool open alt src href'.split(' ');

describe(
  'stagewright trace view of a crafted trace, in headless Chromium',
  onlyOnStandIn("opens the page in the stand-in's Chromium (CHROMIUM_PATH), which a real-Electron machine need not have"),
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
    }, 60_000);
    afterAll(() => browser?.close());

    for (const wrongTypes of [false, true]) {
      it(`shows only its own elements and stays put (${wrongTypes ? 'wrong types' : 'hostile strings'} in every field)`, {
        timeout: 60_000,
      }, async () => {
        const trace = join(dir, `crafted-${wrongTypes}.trace.jsonl`);
        writeFileSync(
          trace,
          `${lines(wrongTypes)
            .map((l) => JSON.stringify(l))
            .join('\n')}\n`,
        );
        const html = join(root, `crafted-${wrongTypes}.html`);
        const run = spawnSync(process.execPath, [CLI, 'trace', 'view', trace, '-o', html], { encoding: 'utf8' });
        expect(run.status, run.stderr).toBe(0);

        const page = await browser.newPage();
        const url = pathToFileURL(html).href;
        const navigations: string[] = [];
        page.on('framenavigated', (frame) => navigations.push(frame.url()));
        await page.goto(url);
        // A refresh of 0 s would have fired by now; give the page one more turn of its event loop.
        await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
        expect(navigations).toEqual([url]);
        expect(page.url()).toBe(url);

        const elements = await page.evaluate(() =>
          [...document.querySelectorAll('*')].map((e) => ({ tag: e.localName, attributes: e.getAttributeNames() })),
        );
        const foreign = elements.filter((e) => !OWN_TAGS.includes(e.tag) || e.attributes.some((a) => !OWN_ATTRIBUTES.includes(a)));
        expect(foreign).toEqual([]);
        expect(await page.locator('meta').evaluateAll((metas) => metas.map((m) => m.outerHTML))).toEqual([
          '<meta charset="utf-8">',
          `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`,
        ]);
        expect(await page.title()).not.toBe('pwned');
        expect(await page.locator('#trace-name').textContent()).toBe(H);

        // Of the six screenshots only the one under the trace's folder is inlined, with its bytes.
        const images = await page.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
        expect(images).toEqual([`data:image/png;base64,${readFileSync(inside).toString('base64')}`]);
        await page.close();
      });
    }
  },
);
