// An agent given a page that never rendered must learn why from the answers it already gets:
// the launch, the empty snapshot, the failed action. The api-demos fixture is written like the
// Electron API demos app (its page script calls require() under contextIsolation), so its first
// load throws `ReferenceError: require is not defined` and every element stays hidden. Without
// the page errors in those answers, the cause sat in a console buffer that the testing profile
// does not list (issue 29 item 1).
import { describe, expect, it } from 'vitest';
import { withApp } from '../test-support/with-app.js';

type Errors = string[] | undefined;

/** At most three lines, each one line and short: the answer must stay cheap. */
function expectBounded(lines: Errors): void {
  expect(lines!.length).toBeGreaterThan(0);
  expect(lines!.length).toBeLessThanOrEqual(3);
  for (const line of lines!) {
    expect(line).not.toContain('\n');
    expect(line.length).toBeLessThanOrEqual(200);
  }
}

describe('a page that never rendered says why', () => {
  it('in the launch, the empty snapshot and a failed action, within bounds', async () => {
    await withApp('api-demos', async (app) => {
      const launched = app.launched;
      const atLaunch = launched.pageErrors as Errors;
      expectBounded(atLaunch);
      expect(atLaunch!.join('\n')).toMatch(/ReferenceError: require is not defined \(index\.html:\d+\)/);
      // The stylesheet the page links to was never shipped: a failed load, named by its file.
      expect(atLaunch!.join('\n')).toMatch(/global\.css/);

      const snapshot = await app.call('electron_snapshot', {});
      expect(snapshot).toMatchObject({ ok: true, snapshot: '' });
      expect(snapshot.note).toMatch(/all content is hidden/);
      expectBounded(snapshot.pageErrors as Errors);
      expect((snapshot.pageErrors as string[])[0]).toMatch(/^ReferenceError: require is not defined/);

      // Reloading runs the page script again: a new error, thrown after the last answer that
      // named one. The reload's own answer says it when the new document loaded within its settle
      // (caused.errors, ADR-0044); otherwise the next failing action carries it. Told once.
      const reloaded = await app.call('electron_key', { key: 'Control+R' });
      expect(reloaded).toMatchObject({ ok: true });
      const click = await app.call('electron_click', { selector: '#button-windows' });
      expect(click).toMatchObject({ ok: false, code: 'ELEMENT_NOT_VISIBLE' });
      const inCaused = (reloaded.caused as { errors?: string[] } | undefined)?.errors;
      const onFailure = (click.details as { pageErrors?: string[] } | undefined)?.pageErrors;
      expect(inCaused === undefined || onFailure === undefined).toBe(true);
      expectBounded(inCaused ?? onFailure);
      expect((inCaused ?? onFailure)!.join('\n')).toMatch(/require is not defined/);
    });
  });
});
