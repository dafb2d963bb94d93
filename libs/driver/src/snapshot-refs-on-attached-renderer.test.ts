// Snapshots, refs and their failure modes are what every agent step stands on; pinned here on a
// real Chromium renderer reached over CDP, the same path electron_attach uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import { PlaywrightSessionManager } from './session-manager.js';
import { startChromium, type ChromiumApp } from './test-support/chromium-app.js';

const html = `<title>Todo</title><h1>Todos</h1><ul id=list><li>one</li></ul>
<button id=add onclick="const li=document.createElement('li');li.textContent='item '+list.children.length;list.append(li)">Add item</button>
<button id=gone onclick="this.remove()">Remove me</button><iframe srcdoc="<button>Inside frame</button>"></iframe>`;

async function codeOf(promise: Promise<unknown>): Promise<{ code?: string; details?: Record<string, unknown> }> {
  try {
    await promise;
    return {};
  } catch (error) {
    if (!isToolError(error)) throw error;
    return { code: error.code, details: error.details };
  }
}

describe('snapshot and refs on an attached renderer', () => {
  let app: ChromiumApp;
  const manager = new PlaywrightSessionManager();

  beforeAll(async () => {
    app = await startChromium(html);
  });
  afterAll(async () => {
    await manager.dispose();
    await app?.close();
  });

  it('attaches, lists the window and reads a snapshot whose refs act on the page', async () => {
    const session = await manager.attach({ port: app.port });
    expect(session.capabilities).toEqual({ mainProcess: false, owned: false, renderer: true });
    const windows = await session.windows();
    expect(windows).toHaveLength(1);
    expect(windows[0]).toMatchObject({ id: 'w1', title: 'Todo', active: true });

    const snap = await session.snapshot();
    expect(snap.snapshot).toMatch(/button "Add item" \[ref=e\d+\]/);
    expect(snap.diff).toBe(false);
    const ref = /button "Add item" \[ref=((?:f\d+)?e\d+)\]/.exec(snap.snapshot)![1];
    await (await session.locate({ ref })).click();
    expect(await session.pageOrThrow().locator('#list li').count()).toBe(2);
  });

  it('returns only the changed lines with since=last, with their ancestors', async () => {
    const session = await manager.getOrThrow();
    await session.snapshot();
    await session.pageOrThrow().click('#add');
    const diff = await session.snapshot({ since: 'last' });
    expect(diff.diff).toBe(true);
    expect(diff.snapshot).toMatch(/^\+ +- listitem \[ref=e\d+\]: item 2$/m);
    expect(diff.snapshot).toMatch(/^ +- list \[ref=e\d+\]:$/m);
    expect(diff.snapshot).not.toContain('heading "Todos"');
  });

  it('returns a full snapshot with a reason after a reload', async () => {
    const session = await manager.getOrThrow();
    await session.snapshot();
    await session.pageOrThrow().reload();
    const after = await session.snapshot({ since: 'last' });
    expect(after).toMatchObject({ diff: false, fullReason: 'reloaded' });
    expect(after.snapshot).toContain('heading "Todos"');
  });

  it('gives REF_NOT_FOUND with similar refs for a ref whose element is gone', async () => {
    const session = await manager.getOrThrow();
    const snap = await session.snapshot();
    const ref = /button "Remove me" \[ref=((?:f\d+)?e\d+)\]/.exec(snap.snapshot)![1];
    await session.pageOrThrow().click('#gone');
    const { code, details } = await codeOf(session.locate({ ref }));
    expect(code).toBe('REF_NOT_FOUND');
    const similar = details!.similar as { ref: string; role: string; name: string }[];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar[0].role).toBe('button');
    expect(similar.map((s) => s.name)).toContain('Add item');
  });

  it('roots a snapshot at a ref, limits depth and bounds the output', async () => {
    const session = await manager.getOrThrow();
    const snap = await session.snapshot();
    const listRef = /- list \[ref=((?:f\d+)?e\d+)\]/.exec(snap.snapshot)![1];
    const rooted = await session.snapshot({ ref: listRef });
    expect(rooted.snapshot.split('\n')[0]).toMatch(/^- list \[ref=/);
    expect(rooted.snapshot).not.toContain('Add item');
    const shallow = await session.snapshot({ depth: 1 });
    expect(shallow.snapshot).not.toContain('listitem');
    const bounded = await session.snapshot({ maxChars: 60 });
    expect(bounded.truncated).toBe(true);
    expect(bounded.snapshot.length).toBeLessThanOrEqual(60);
  });

  it('lists frames as surfaces and snapshots the one switched to', async () => {
    const session = await manager.getOrThrow();
    const surfaces = await session.surfaces();
    expect(surfaces.map((s) => s.id)).toEqual(['main', 'f1']);
    await session.switchSurface('f1');
    const inner = await session.snapshot();
    expect(inner.snapshot).toContain('Inside frame');
    expect(inner.snapshot).not.toContain('Add item');
    expect((await codeOf(session.switchSurface('f9'))).code).toBe('SURFACE_NOT_FOUND');
    await session.switchSurface('main');
  });

  it('refuses malformed selectors and non-loopback endpoints with their codes', async () => {
    const session = await manager.getOrThrow();
    expect((await codeOf(session.locate({ selector: 'button[' }))).code).toBe('BAD_ARGUMENT');
    expect((await codeOf(manager.attach({ cdpUrl: 'http://10.0.0.1:9222' }))).code).toBe('NOT_LOOPBACK');
    expect((await codeOf(manager.attach({ cdpUrl: 'ws://example.com:9222/devtools/browser/x' }))).code).toBe('NOT_LOOPBACK');
  });

  it('detaches and leaves the app running', async () => {
    const session = await manager.getOrThrow();
    await manager.detach(session.id);
    expect(manager.list()).toEqual([]);
    expect(app.child.exitCode).toBeNull();
    const again = await manager.attach({ port: app.port });
    expect((await again.windows()).length).toBe(1);
    await manager.detach(again.id);
  });
});
