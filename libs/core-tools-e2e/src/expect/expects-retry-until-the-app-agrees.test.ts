// One expect call replaces read-compare-retry: it must wait out a delayed change, return the
// final actual value, and on failure say what was expected and what was there instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignals, type SignalsApp } from '../test-support/signals.js';

describe('expect tools on the signals app', () => {
  let app: SignalsApp;

  beforeAll(async () => {
    app = await openSignals();
  });
  afterAll(async () => app?.close());

  it('waits for delayed text and returns it; a wrong text fails with expected and actual', async () => {
    await app.ok('electron_click', { selector: '#save' });
    expect((await app.ok('electron_expect_text', { selector: '#status', contains: 'Saved' })).text).toBe('Saved 3 items');
    expect((await app.ok('electron_expect_text', { selector: '#status', matches: '/^saved \\d+ items$/i' })).text).toBe('Saved 3 items');
    expect((await app.ok('electron_expect_text', { selector: '#status', contains: 'Idle', not: true })).text).toBe('Saved 3 items');
    const failed = await app.call('electron_expect_text', { selector: '#status', equals: 'Nope', timeoutMs: 300 });
    expect(failed.code).toBe('EXPECTATION_FAILED');
    expect(failed.details).toEqual({ expected: { equals: 'Nope' }, actual: 'Saved 3 items' });
    expect(failed.retryable).toBe(true);
  });

  it('compares text with whitespace collapsed', async () => {
    expect((await app.ok('electron_expect_text', { selector: '#spaced', equals: 'Lots of space' })).text).toBe('Lots of space');
  });

  it('refuses unsafe or malformed patterns and ambiguous predicates before polling', async () => {
    expect((await app.call('electron_expect_text', { selector: '#status', matches: '(a+)+$' })).code).toBe('UNSAFE_REGEX');
    const flag = await app.call('electron_expect_text', { selector: '#status', matches: '/saved/g' });
    expect(flag.code).toBe('BAD_ARGUMENT');
    expect((flag.details as { accepted: string[] }).accepted).toEqual(['i', 'm', 's', 'u']);
    expect((await app.call('electron_expect_text', { selector: '#status', equals: 'a', contains: 'b' })).code).toBe('BAD_ARGUMENT');
    expect((await app.call('electron_expect_text', { selector: '#status' })).code).toBe('BAD_ARGUMENT');
  });

  it('expects values of fields and multiple selects', async () => {
    await app.ok('electron_type', { selector: '#email', text: 'ada@example.com' });
    expect((await app.ok('electron_expect_value', { selector: '#email', equals: 'ada@example.com' })).value).toBe('ada@example.com');
    expect((await app.ok('electron_expect_value', { selector: '#colors', equals: 'red,blue' })).value).toBe('red,blue');
    const failed = await app.call('electron_expect_value', { selector: '#email', contains: 'bob', timeoutMs: 200 });
    expect(failed.details).toEqual({ expected: { contains: 'bob' }, actual: 'ada@example.com' });
  });

  it('expects visibility both ways; a missing element counts as hidden', async () => {
    await app.ok('electron_click', { selector: '#toggle' });
    expect((await app.ok('electron_expect_visible', { selector: '#panel' })).visible).toBe(true);
    await app.ok('electron_click', { selector: '#toggle' });
    expect((await app.ok('electron_expect_visible', { selector: '#panel', not: true })).visible).toBe(false);
    expect((await app.ok('electron_expect_visible', { selector: '#nothing-here', not: true })).visible).toBe(false);
    const failed = await app.call('electron_expect_visible', { selector: '#nothing-here', timeoutMs: 200 });
    expect(failed.code).toBe('EXPECTATION_FAILED');
    // Nothing matched: actual is null and the message says so (not "actual false").
    expect(failed.details).toEqual({ expected: { visible: true }, actual: null });
    expect(String(failed.error)).toContain('no element matches');
  });

  it('expects state flags and returns every flag it read', async () => {
    expect((await app.ok('electron_expect_state', { selector: '#agree', state: ['visible', '!checked'] })).state).toMatchObject({
      checked: false,
    });
    await app.ok('electron_check', { selector: '#agree' });
    const enabled = await app.ok('electron_expect_state', { selector: '#submit', state: ['enabled', 'visible'] });
    expect(enabled.state).toMatchObject({ enabled: true, visible: true });
    const failed = await app.call('electron_expect_state', { selector: '#menu', state: ['expanded'], timeoutMs: 200 });
    expect(failed.code).toBe('EXPECTATION_FAILED');
    expect((failed.details as { actual: { expanded: boolean } }).actual.expanded).toBe(false);
    const bad = await app.call('electron_expect_state', { selector: '#menu', state: ['shiny'] });
    expect(bad.code).toBe('BAD_ARGUMENT');
    expect((bad.details as { accepted: string[] }).accepted).toContain('expanded');
  });

  it('expects counts exactly or within bounds', async () => {
    await app.ok('electron_click', { selector: '#add' });
    expect((await app.ok('electron_expect_count', { selector: '#list li', equals: 4 })).count).toBe(4);
    expect((await app.ok('electron_expect_count', { selector: '#nothing-here', max: 0 })).count).toBe(0);
    const failed = await app.call('electron_expect_count', { selector: '#list li', min: 1, max: 2, timeoutMs: 200 });
    expect(failed.details).toEqual({ expected: { min: 1, max: 2 }, actual: 4 });
    expect((await app.call('electron_expect_count', { selector: '#list li' })).code).toBe('BAD_ARGUMENT');
    expect((await app.call('electron_expect_count', { selector: '#list li', equals: 1, min: 1 })).code).toBe('BAD_ARGUMENT');
  });

  it('expects the URL after a navigation', async () => {
    await app.ok('electron_click', { selector: '#go-settings' });
    expect((await app.ok('electron_expect_url', { contains: '#/settings' })).url).toMatch(/index\.html#\/settings$/);
    const failed = await app.call('electron_expect_url', { matches: '^https:', timeoutMs: 200 });
    expect(failed.code).toBe('EXPECTATION_FAILED');
    expect((failed.details as { actual: string }).actual).toMatch(/^file:/);
  });

  it('asserts text or an attribute once, without waiting', async () => {
    expect((await app.ok('electron_assert_pattern', { selector: '#docs', attribute: 'href', matches: '^https://' })).actual).toBe(
      'https://example.invalid/docs',
    );
    expect((await app.ok('electron_assert_pattern', { selector: '#docs', contains: 'Doc' })).actual).toBe('Docs');
    const failed = await app.call('electron_assert_pattern', { selector: '#docs', equals: 'Help' });
    expect(failed.details).toEqual({ expected: { equals: 'Help' }, actual: 'Docs' });
    const absent = await app.call('electron_assert_pattern', { selector: '#docs', attribute: 'title', equals: 'x' });
    expect(absent.code).toBe('EXPECTATION_FAILED');
    expect(absent.error).toContain('attribute absent');
  });

  it('fails fast on an ambiguous selector', async () => {
    const failed = await app.call('electron_expect_text', { selector: '#list li', contains: 'One' });
    expect(failed.code).toBe('AMBIGUOUS_SELECTOR');
  });
});
