// An audit is only worth running if it finds the faults a page really has, says nothing about a
// clean page, survives the page reloading, and never disturbs the app it inspects: all four are
// checked here on one running fixture app, through a real MCP client on the shipped server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronExecutable } from '@stagewright/fake-electron';
import { formsA11yApp } from '@stagewright/fixtures/forms-a11y';
import { connectInMemory, type InMemoryConnection } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import createA11yPlugin from '../index.js';

let app: InMemoryConnection;

/** axe-core's help page of a rule, as the installed engine names it. */
const HELP = (rule: string) => expect.stringMatching(new RegExp(`^https://dequeuniversity\\.com/rules/axe/[0-9.]+/${rule}\\b`));

beforeAll(async () => {
  app = await connectInMemory({
    plugins: [createA11yPlugin],
    allowEval: ['renderer'],
    create: (options: StagewrightServerOptions) =>
      createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
  });
  const launched = await app.call('electron_launch', { main: formsA11yApp.dir });
  if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(launched)}`);
}, 120_000);

afterAll(async () => {
  await app?.call('electron_stop', {}).catch(() => undefined);
  await app?.close();
});

/** Calls a tool that must succeed; a failure shows the whole envelope. */
async function must(tool: string, args: Record<string, unknown>) {
  const result = await app.call(tool, args);
  if (!result.ok) throw new Error(`${tool} failed: ${JSON.stringify(result)}`);
  return result;
}

/** Follows one of the app's own navigation links and waits for the page's heading. */
async function openPage(link: string, heading: string): Promise<void> {
  await must('electron_click', { selector: `nav a:text-is("${link}")` });
  await must('electron_expect_text', { selector: 'h1', contains: heading });
}

/** Globals of the page beyond those of a blank window, as the page itself sees them (test-only renderer eval). */
async function pageGlobals(): Promise<string[]> {
  const code = `const frame = document.createElement('iframe');
    document.body.append(frame);
    const blank = new Set(Object.getOwnPropertyNames(frame.contentWindow));
    frame.remove();
    return Object.getOwnPropertyNames(window).filter((name) => !blank.has(name)).sort();`;
  const result = await must('electron_eval_renderer', { code });
  return result.result as string[];
}

describe('a11y_audit on the forms app', () => {
  it('finds the sign-up page faults with selectors, totals and no HTML', async () => {
    await openPage('Sign up', 'Sign up');
    const audit = await app.call('a11y_audit', {});
    expect(audit).toMatchObject({ ok: true, url: expect.stringMatching(/index\.html$/) });
    const ids = (audit.violations as { id: string }[]).map((violation) => violation.id);
    expect(ids).toEqual(expect.arrayContaining(['label', 'image-alt', 'color-contrast']));
    expect(audit.violations).toEqual(
      expect.arrayContaining([
        { id: 'label', impact: 'critical', help: expect.any(String), helpUrl: HELP('label'), nodes: 1, targets: ['#nickname'] },
        { id: 'image-alt', impact: 'critical', help: expect.any(String), helpUrl: HELP('image-alt'), nodes: 1, targets: ['img'] },
        expect.objectContaining({ id: 'color-contrast', impact: 'serious', targets: ['.fine-print'] }),
      ]),
    );
    expect(audit.summary).toMatchObject({ violations: ids.length, byImpact: { critical: 2, serious: 1 }, incomplete: 1 });
    expect(JSON.stringify(audit)).not.toMatch(/<img|<input/);
  });

  it('filters by minimum impact and bounds the list while the summary keeps the true totals', async () => {
    const critical = await app.call('a11y_audit', { impact: 'critical' });
    expect((critical.violations as { id: string }[]).map((violation) => violation.id).sort()).toEqual(['image-alt', 'label']);

    const one = await app.call('a11y_audit', { impact: 'serious', limit: 1 });
    expect(one).toMatchObject({ ok: true, truncated: true, summary: { violations: 3, nodes: 3 } });
    expect(one.violations).toHaveLength(1);
  });

  it('scopes to an element, to include/exclude selectors and to rule tags', async () => {
    const form = await app.call('a11y_audit', { selector: '#signup' });
    expect((form.violations as { id: string }[]).map((violation) => violation.id)).toEqual(['label']);

    const withoutForm = await app.call('a11y_audit', { exclude: ['#signup'], impact: 'critical' });
    expect((withoutForm.violations as { id: string }[]).map((violation) => violation.id)).toEqual(['image-alt']);

    const onlyImages = await app.call('a11y_audit', { include: ['main > img'] });
    expect((onlyImages.violations as { id: string }[]).map((violation) => violation.id)).toEqual(['image-alt']);

    const tagged = await app.call('a11y_audit', { tags: ['cat.color'] });
    expect((tagged.violations as { id: string }[]).map((violation) => violation.id)).toEqual(['color-contrast']);
  });

  it('says ELEMENT_NOT_FOUND at once for a selector that matches nothing, never that the app is hung (issue 42 item 6)', async () => {
    for (const selector of ['#nope', '__proto__', 'constructor', 'text=/(a+)+$/']) {
      const started = Date.now();
      const answer = await app.call('a11y_audit', { selector });
      expect(answer, selector).toMatchObject({ ok: false, code: 'ELEMENT_NOT_FOUND' });
      expect(answer.next_actions, selector).not.toContain('electron_stop');
      // The audit's own bound is 45 s; nothing here is slow, so an answer this late means it waited for the element.
      expect(Date.now() - started, selector).toBeLessThan(10_000);
    }
  });

  it('lists what axe could not decide (text on the offer banner image), bounded like the violations', async () => {
    const audit = await app.call('a11y_audit', {});
    expect(audit.incomplete).toEqual([
      { id: 'color-contrast', impact: 'serious', help: expect.any(String), helpUrl: HELP('color-contrast'), nodes: 1, targets: ['.offer'] },
    ]);
    const none = await app.call('a11y_audit', { impact: 'critical' });
    expect(none).toMatchObject({ ok: true, incomplete: [], summary: { incomplete: 0 } });
  });

  it('runs only the rules asked for, or all but the skipped ones', async () => {
    const only = await app.call('a11y_audit', { rules: ['label', 'image-alt'] });
    expect((only.violations as { id: string }[]).map((violation) => violation.id).sort()).toEqual(['image-alt', 'label']);
    expect(only).toMatchObject({ incomplete: [], summary: { violations: 2, incomplete: 0 } });

    const skipped = await app.call('a11y_audit', { skipRules: ['color-contrast'] });
    expect((skipped.violations as { id: string }[]).map((violation) => violation.id).sort()).toEqual(['image-alt', 'label']);
    expect(skipped.incomplete).toEqual([]);

    const taggedMinusOne = await app.call('a11y_audit', { tags: ['wcag2a'], skipRules: ['label'] });
    expect((taggedMinusOne.violations as { id: string }[]).map((violation) => violation.id)).toEqual(['image-alt']);
  });

  it('refuses unknown rule ids, and rules with tags, instead of auditing nothing', async () => {
    const unknown = await app.call('a11y_audit', { rules: ['label', 'no-such-rule'] });
    expect(unknown).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', error: expect.stringContaining('no-such-rule') });
    expect(await app.call('a11y_audit', { skipRules: ['lable'] })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('a11y_audit', { rules: ['label'], tags: ['wcag2a'] })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
  });

  it('refuses invalid or empty selectors and unknown tags instead of reporting a clean page', async () => {
    expect(await app.call('a11y_audit', { include: ['main >>'] })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('a11y_audit', { include: ['#no-such-thing'] })).toMatchObject({ ok: false, code: 'ELEMENT_NOT_FOUND' });
    expect(await app.call('a11y_audit', { include: ['main'], selector: '#signup' })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('a11y_audit', { tags: ['wcag2a', 'no-such-tag'] })).toMatchObject({
      ok: false,
      code: 'BAD_ARGUMENT',
      error: expect.stringContaining('no-such-tag'),
    });
  });

  it('injects once per document and again after the page reloads', async () => {
    await openPage('Settings', 'Settings');
    expect(await app.call('a11y_audit', {})).toMatchObject({ ok: true, injected: true });
    expect(await app.call('a11y_audit', {})).toMatchObject({ ok: true, injected: false });
    await openPage('Sign up', 'Sign up');
    await must('electron_type', { selector: '#email', text: 'ada@example.com' });
    await must('electron_click', { selector: '#start-over' });
    await must('electron_expect_value', { selector: '#email', equals: '' });
    const afterReload = await app.call('a11y_audit', { impact: 'critical' });
    expect(afterReload).toMatchObject({ ok: true, injected: true, summary: { violations: 2 } });
  });

  it('reports a clean page as clean', async () => {
    await openPage('Settings', 'Settings');
    expect(await app.call('a11y_audit', {})).toMatchObject({
      ok: true,
      summary: { violations: 0, nodes: 0, byImpact: {}, incomplete: 0 },
      violations: [],
      incomplete: [],
      truncated: false,
    });
  });

  it("leaves the page's own window.axe working and adds no global the page can see by name", async () => {
    await openPage('Help', 'Help');
    const before = await pageGlobals();
    expect(await app.call('a11y_audit', {})).toMatchObject({ ok: true, injected: true, summary: { violations: 0 } });
    await must('electron_click', { selector: '#ask-helper' });
    await must('electron_expect_text', { selector: '#helper-answer', contains: 'The helper answers' });
    expect(before).toContain('axe');
    const added = (await pageGlobals()).filter((name) => !before.includes(name));
    expect(added).toEqual([expect.stringMatching(/^__stagewrightA11y_[0-9a-f]{12}$/)]);
  });
});
