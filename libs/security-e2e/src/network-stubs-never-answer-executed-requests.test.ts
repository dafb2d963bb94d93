// A stub body the page executes is agent code with the page's powers, preload bridge included:
// without --allow-eval=renderer no kind of request a page makes may run what a stub answered.
import { networkApp } from '@stagewright/fixtures/network';
import { withApp } from '@stagewright/harness';
import networkPlugin from '@stagewright/plugin-network';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type Connection, ok } from './test-support/connect.js';

type App = Pick<Connection, 'call'>;

/** Agent code for a page or frame: call main through the bridge. */
const pageMark = (kind: string) => `(window.bridge || parent.bridge).mark(${JSON.stringify(kind)});`;
const htmlMark = (kind: string) => `<!doctype html><p id="probe">document: done</p><script>${pageMark(kind)}</script>`;
/** Agent code for a worker: importScripts is synchronous, so the mark is in before it answers. */
const workerMark = (kind: string) => `importScripts('/probe/mark.js?kind=${kind}');`;

interface Kind {
  kind: string;
  file: string;
  /** Playwright's request.resourceType() for it. */
  type: string;
  /** What the agent would answer with the grant, and its content type. */
  body: string;
  contentType: string;
  /** Routed, but Playwright's request events do not report it (shared and service workers): capture never lists it. */
  uncaptured?: true;
}

const JS = 'text/javascript';
/** Requests whose body the page executes: never answered without the grant. */
const EXECUTED: Kind[] = [
  { kind: 'frame', file: 'frame.html', type: 'document', body: htmlMark('frame'), contentType: 'text/html' },
  { kind: 'object', file: 'object.html', type: 'document', body: htmlMark('object'), contentType: 'text/html' },
  { kind: 'script', file: 'script.js', type: 'script', body: pageMark('script'), contentType: JS },
  { kind: 'module', file: 'module.mjs', type: 'script', body: pageMark('module'), contentType: JS },
  { kind: 'import', file: 'import.mjs', type: 'script', body: pageMark('import'), contentType: JS },
  { kind: 'worker', file: 'worker.js', type: 'script', body: `${workerMark('worker')} postMessage('ready');`, contentType: JS },
  {
    kind: 'sharedworker',
    file: 'sharedworker.js',
    type: 'script',
    body: `${workerMark('sharedworker')} onconnect = (event) => event.ports[0].postMessage('ready');`,
    contentType: JS,
    uncaptured: true,
  },
  { kind: 'serviceworker', file: 'sw.js', type: 'script', body: workerMark('serviceworker'), contentType: JS, uncaptured: true },
];
/** Top-level documents, each on a fresh app: one loaded by a link, one by reloading under a stub on every URL. */
const DOCUMENTS = [
  { kind: 'navigate', url: '**/probe/k/document.html', file: 'document.html', after: 'document: done' },
  { kind: 'reload', url: '**', file: 'probe.html', after: 'ready' },
];
/** Requests whose body the page only reads or renders: stubs answer them without any grant. */
const INERT: Kind[] = [
  { kind: 'stylesheet', file: 'style.css', type: 'stylesheet', body: 'body { color: red; }', contentType: 'text/css' },
  { kind: 'image', file: 'image.svg', type: 'image', body: 'agent', contentType: 'image/png' },
  { kind: 'font', file: 'font.woff', type: 'font', body: 'agent', contentType: 'font/woff' },
  { kind: 'media', file: 'media.wav', type: 'media', body: 'agent', contentType: 'audio/wav' },
  { kind: 'fetch', file: 'fetch.json', type: 'fetch', body: '{"agent":true}', contentType: 'application/json' },
  { kind: 'xhr', file: 'xhr.json', type: 'xhr', body: '{"agent":true}', contentType: 'application/json' },
  { kind: 'eventsource', file: 'events', type: 'eventsource', body: 'data: agent\n\n', contentType: 'text/event-stream' },
];

async function marks(app: App): Promise<string[]> {
  const windows = await ok(app, 'electron_windows');
  const url = new URL((windows.windows as { url: string }[])[0]!.url);
  return (await fetch(`${url.origin}/probe/marks`)).json() as Promise<string[]>;
}

async function openProbePage(app: App) {
  await ok(app, 'electron_click', { selector: '#probe-page' });
  await ok(app, 'electron_expect_text', { selector: '#probe', equals: 'ready' });
  await ok(app, 'network_capture', { url: '**/probe**' });
}

/** The capture event of the kind's request (read until it arrived). */
async function eventOf(app: App, file: string, cursor: { at: number }) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const read = await ok(app, 'network_read', { cursor: cursor.at, timeoutMs: 5000 });
    cursor.at = read.cursor as number;
    const event = (read.events as { url: string }[]).find((e) => e.url.endsWith(`/probe/k/${file}`) || e.url.endsWith(`/${file}`));
    if (event) return event as Record<string, unknown>;
  }
  throw new Error(`no request for ${file} was recorded`);
}

/** Stub the kind as the agent would, make the page request it, and return what the stub and capture saw. */
async function probe(app: App, kind: Kind, cursor: { at: number }, withType: boolean) {
  const stub = await ok(app, 'network_stub', {
    url: `**/probe/k/${kind.file}`,
    body: kind.body,
    ...(withType ? { contentType: kind.contentType } : {}),
  });
  await ok(app, 'electron_click', { selector: `#kind-${kind.kind}` });
  await ok(app, 'electron_expect_text', { selector: '#probe', equals: `${kind.kind}: done`, timeoutMs: 10_000 });
  const event = kind.uncaptured ? undefined : await eventOf(app, kind.file, cursor);
  const unstub = await ok(app, 'network_unstub', { stubId: stub.stubId });
  return { stub, event, unstub };
}

// Data stubs speak as the app's server: these probes run under that grant (ADR-0034) and test the executable line on top.
const server = (allowEval: ('renderer' | 'main')[]) => () =>
  connect({ plugins: [networkPlugin], allowEval, allowImpersonation: ['network'] });

/**
 * One app per grant, launched at first use, for the tests that leave it as they found it or need
 * no page: the inert kinds then the content-type refusals (no grant; every stub is removed, and the
 * refusals make none), the content-type stubs then the executed kinds (with the grant; the stubs
 * are on /api/items, which the probe page never requests). The other tests keep a fresh app each.
 */
const sharedApps = new Map<string, Promise<Connection>>();
function sharedApp(allowEval: ('renderer' | 'main')[]): Promise<Connection> {
  const key = allowEval.join(',');
  let app = sharedApps.get(key);
  if (!app) {
    app = (async () => {
      const conn = await server(allowEval)();
      const launched = await conn.call('electron_launch', { main: networkApp.dir });
      if (!launched.ok) throw new Error(`electron_launch failed: ${JSON.stringify(launched)}`);
      return conn;
    })();
    sharedApps.set(key, app);
  }
  return app;
}
afterAll(async () => {
  for (const app of sharedApps.values()) {
    const conn = await app.catch(() => undefined);
    await conn?.call('electron_stop', {}).catch(() => undefined);
    await conn?.close();
  }
});

describe('network stubs without --allow-eval=renderer', () => {
  it('let every executed kind of request through to the network, say so, and no agent code runs', async () => {
    await withApp(server([]), networkApp, async (app) => {
      await openProbePage(app);
      const cursor = { at: 0 };
      for (const kind of EXECUTED) {
        const { stub, event, unstub } = await probe(app, kind, cursor, false);
        expect(stub.note, kind.kind).toContain('--allow-eval=renderer');
        if (event) {
          expect(event, kind.kind).toMatchObject({ type: kind.type, contentType: expect.not.stringContaining('text/plain') });
          expect(event.stubbed, kind.kind).toBeUndefined();
          expect(event.stubSkipped, kind.kind).toContain('--allow-eval=renderer');
        }
        expect(unstub.skipped, kind.kind).toMatchObject([
          { count: 1, types: [kind.type], reason: expect.stringContaining('--allow-eval=renderer') },
        ]);
      }
      expect(await marks(app)).toEqual([]);
    });
  });

  it('still abort every executed kind of request: no body reaches the page', async () => {
    await withApp(server([]), networkApp, async (app) => {
      await openProbePage(app);
      const cursor = { at: 0 };
      for (const kind of EXECUTED.filter((k) => !k.uncaptured)) {
        const stub = await ok(app, 'network_stub', { url: `**/probe/k/${kind.file}`, abort: 'failed' });
        await ok(app, 'electron_click', { selector: `#kind-${kind.kind}` });
        await ok(app, 'electron_expect_text', { selector: '#probe', equals: `${kind.kind}: done`, timeoutMs: 10_000 });
        expect(await eventOf(app, kind.file, cursor), kind.kind).toMatchObject({
          type: kind.type,
          stubbed: true,
          failure: expect.any(String),
        });
        expect((await ok(app, 'network_unstub', { stubId: stub.stubId })).skipped, kind.kind).toBeUndefined();
      }
      expect(await marks(app)).toEqual([]);
    });
  });

  it('answer every kind of request whose body the page only reads or renders', async () => {
    const app = await sharedApp([]);
    await openProbePage(app);
    const cursor = { at: 0 };
    for (const kind of INERT) {
      const { event, unstub } = await probe(app, kind, cursor, kind.contentType !== 'text/css');
      expect(event, kind.kind).toMatchObject({ type: kind.type, stubbed: true });
      expect(unstub.skipped, kind.kind).toBeUndefined();
    }
  });
});

/** Every content type a browser executes or renders as a document, in the spellings servers use. */
const EXECUTABLE_TYPES = [
  'text/html',
  'TEXT/HTML; charset=utf-8',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'application/rss+xml',
  'text/xsl',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'text/ecmascript',
  'application/ecmascript',
  'text/jscript',
  'application/wasm',
];

describe('a stub with an executable content type', () => {
  it('is refused without --allow-eval=renderer, as contentType or as a header, and made with it', async () => {
    {
      const app = await sharedApp([]);
      for (const type of EXECUTABLE_TYPES) {
        for (const args of [{ contentType: type }, { headers: { 'Content-Type': type } }]) {
          const refused = await app.call('network_stub', { url: '/api/items', body: 'x', ...args });
          expect(refused, JSON.stringify(args)).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
          expect(refused.error, type).toContain(type);
          expect(refused.error, type).toContain('--allow-eval=renderer');
        }
      }
      expect(await ok(app, 'network_unstub', {})).toMatchObject({ removed: 0 });
    }
    {
      const app = await sharedApp(['renderer']);
      for (const type of EXECUTABLE_TYPES) await ok(app, 'network_stub', { url: '/api/items', body: 'x', contentType: type });
    }
  });
});

describe('network stubs with --allow-eval=renderer', () => {
  it('answer every executed kind of request, and the agent code runs', async () => {
    const app = await sharedApp(['renderer']);
    await openProbePage(app);
    const cursor = { at: 0 };
    for (const kind of EXECUTED) {
      const { stub, event } = await probe(app, kind, cursor, true);
      expect(stub.note, kind.kind).toBeUndefined();
      if (kind.uncaptured) continue;
      expect(event, kind.kind).toMatchObject({ type: kind.type, stubbed: true });
    }
    expect(await marks(app)).toEqual(EXECUTED.map((kind) => kind.kind));
  });

  for (const doc of DOCUMENTS) {
    it(`answer a top-level document (${doc.kind}), and the agent page calls main through the bridge`, async () => {
      await withApp(server(['renderer']), networkApp, async (app) => {
        await openProbePage(app);
        await ok(app, 'network_stub', { url: doc.url, body: htmlMark(doc.kind), contentType: 'text/html' });
        await ok(app, 'electron_click', { selector: `#kind-${doc.kind}` });
        await expect.poll(() => marks(app), { timeout: 10_000 }).toEqual([doc.kind]);
      });
    });
  }
});

describe('a top-level document without --allow-eval=renderer', () => {
  for (const doc of DOCUMENTS) {
    it(`(${doc.kind}) comes from the network, even under a stub on every URL, and the stub says it skipped it`, async () => {
      await withApp(server([]), networkApp, async (app) => {
        await openProbePage(app);
        const cursor = { at: 0 };
        await ok(app, 'network_stub', { url: doc.url, body: htmlMark(doc.kind) });
        await ok(app, 'electron_click', { selector: `#kind-${doc.kind}` });
        const event = await eventOf(app, doc.file, cursor);
        expect(event).toMatchObject({ type: 'document', contentType: expect.stringContaining('text/html') });
        expect(event.stubSkipped).toContain('--allow-eval=renderer');
        await ok(app, 'electron_expect_text', { selector: '#probe', equals: doc.after });
        const unstub = await ok(app, 'network_unstub', {});
        expect(unstub.skipped).toMatchObject([{ types: expect.arrayContaining(['document']) }]);
        expect(await marks(app)).toEqual([]);
      });
    });
  }
});
