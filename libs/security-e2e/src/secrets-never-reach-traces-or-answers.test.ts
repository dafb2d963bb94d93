// A password typed into a login form, a session cookie, a `--token=` switch: none may come back in
// an answer (which lands in the agent's context) or in a trace file (which is shared and committed).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loginApp } from '@stagewright/fixtures/login';
import { storageApp } from '@stagewright/fixtures/storage';
import { createTracePlugin } from '@stagewright/plugin-trace';
import { createStoragePlugin } from '@stagewright/plugin-storage';
import { readTrace } from '../../../apps/mcp-server/src/trace-cli/read-trace.js';
import { traceHtml } from '../../../apps/mcp-server/src/trace-cli/view-html.js';
import { connect, ok, type Connection } from './test-support/connect.js';
import { PINNED_CREDENTIAL_FIELDS } from '@stagewright/harness';

/** Every kind of field the UI masks, as the login fixture has them. */
const SECRET_FIELDS = [
  { kind: 'type=password (current-password)', selector: '#password' },
  { kind: 'type=password (new-password)', selector: '#new-password' },
  { kind: 'autocomplete=one-time-code on a text input', selector: '#code' },
  { kind: '-webkit-text-security on a text input', selector: '#pin' },
  { kind: 'type=password inside an open shadow root', selector: 'secret-field input' },
];

/** Every way the agent can put text into a field. */
const TYPING: { tool: string; args: (selector: string, text: string) => Record<string, unknown>; focusFirst?: boolean }[] = [
  { tool: 'electron_type', args: (selector, text) => ({ selector, text }) },
  { tool: 'electron_keyboard_type', args: (selector, text) => ({ selector, text }) },
  { tool: 'electron_keyboard_type', args: (_selector, text) => ({ text }), focusFirst: true },
  { tool: 'electron_press_sequence', args: (selector, text) => ({ selector, keys: [...text] }) },
];

const CREDENTIAL_FIELDS = PINNED_CREDENTIAL_FIELDS;

let conn: Connection | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
});

async function traced(extra: Parameters<typeof connect>[0] = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sw-secrets-'));
  conn = await connect({
    ...extra,
    plugins: [() => createTracePlugin(), ...(extra.plugins ?? [])],
    pluginConfigs: { trace: { dir } },
  });
  const started = await ok(conn, 'trace_start', { name: 'secrets' });
  return { conn, file: started.file as string };
}

/** The JSONL and the page `stagewright trace view` renders of it. */
async function traceFiles(c: Connection, file: string): Promise<{ jsonl: string; html: string }> {
  await ok(c, 'trace_stop');
  return { jsonl: readFileSync(file, 'utf8'), html: traceHtml(readTrace(file)) };
}

describe('secrets never reach traces or answers', () => {
  it('text typed into every kind of secret field, by every typing tool, is in no answer and no trace file', {
    timeout: 300_000,
  }, async () => {
    const { conn: c, file } = await traced();
    await ok(c, 'electron_launch', { main: loginApp.dir });
    await ok(c, 'electron_type', { selector: '#username', text: 'ada-visible' });
    const secrets: string[] = [];
    const answers: { what: string; body: unknown }[] = [];
    for (const [i, field] of SECRET_FIELDS.entries()) {
      for (const [j, typing] of TYPING.entries()) {
        const secret = `Hx${i}${j}qZ7w`;
        secrets.push(secret);
        const what = `${field.kind} by ${typing.tool}${typing.focusFirst ? ' (focused)' : ''}`;
        await ok(c, 'electron_clear_input', { selector: field.selector });
        await ok(c, 'electron_snapshot', {});
        if (typing.focusFirst) await ok(c, 'electron_click', { selector: field.selector });
        await ok(c, typing.tool, typing.args(field.selector, secret));
        const diff = await ok(c, 'electron_snapshot', { since: 'last' });
        const full = await ok(c, 'electron_snapshot', {});
        const value = await ok(c, 'electron_get_value', { selector: field.selector });
        expect(value, what).toMatchObject({ value: '••••••••', masked: true });
        expect(String(full.snapshot), what).toContain('••••••••');
        expect(String(full.snapshot), `${what}: other fields stay readable`).toContain('ada-visible');
        const passed = await ok(c, 'electron_expect_value', { selector: field.selector, equals: secret });
        const failed = await c.call('electron_expect_value', { selector: field.selector, equals: `${secret}-not`, timeoutMs: 200 });
        expect(failed, what).toMatchObject({ ok: false, code: 'EXPECTATION_FAILED' });
        answers.push(
          { what: `${what}: snapshot since last`, body: diff },
          { what: `${what}: snapshot`, body: full },
          { what: `${what}: get_value`, body: value },
          { what: `${what}: get_text`, body: await ok(c, 'electron_get_text', { selector: field.selector }) },
          {
            what: `${what}: get_attribute value`,
            body: await ok(c, 'electron_get_attribute', { selector: field.selector, name: 'value' }),
          },
          { what: `${what}: find by role`, body: await ok(c, 'electron_find', { role: 'textbox' }) },
          { what: `${what}: expect_value passed`, body: passed },
          { what: `${what}: expect_value failed`, body: failed },
        );
      }
    }
    for (const { what, body } of answers) {
      const text = JSON.stringify(body);
      for (const secret of secrets) expect(text.includes(secret), `${what} echoes ${secret}`).toBe(false);
    }
    const { jsonl, html } = await traceFiles(c, file);
    expect(jsonl).toContain('ada-visible');
    for (const secret of secrets) {
      expect(jsonl.includes(secret), `trace JSONL holds ${secret}`).toBe(false);
      expect(html.includes(secret), `trace HTML holds ${secret}`).toBe(false);
    }
  });

  it('credential switch values of a launch are in no trace file', { timeout: 120_000 }, async () => {
    const { conn: c, file } = await traced();
    // App switches are the app's data, after "--" (ADR-0010): that is where apps take credentials.
    const args = ['--', '--password=Lp1secretQ', '--api-token', 'Lp2secretQ', '--client-secret=Lp3secretQ', '--user=ada'];
    await ok(c, 'electron_launch', { main: loginApp.dir, args });
    const { jsonl, html } = await traceFiles(c, file);
    expect(jsonl).toContain('--user=ada');
    for (const text of [jsonl, html]) expect(text).not.toMatch(/Lp\dsecretQ/);
  });

  it('a refused launch names the switch, not its value, in the answer, the trace JSONL and the HTML view', {
    timeout: 60_000,
  }, async () => {
    const { conn: c, file } = await traced();
    // A switch not allowlisted, a pausing one, a value the switch does not take: no answer quotes the value.
    for (const args of [['--password=Rf1secretQ'], ['--Api_Token=Rf1secretQ'], ['--inspect-brk=Rf2secretQ'], ['--lang=Rf3secretQ;x']]) {
      const r = await c.call('electron_launch', { main: loginApp.dir, args });
      expect(r, args[0]).toMatchObject({ ok: false, code: 'LAUNCH_ARG_NOT_ALLOWED', details: { path: '/args/0' } });
      expect(String(r.error)).toContain(`(switch ${args[0].split('=')[0].toLowerCase().replace(/_/g, '-')})`);
      expect(JSON.stringify(r), args[0]).not.toMatch(/Rf\dsecretQ/);
    }
    const { jsonl, html } = await traceFiles(c, file);
    expect(jsonl).toContain('LAUNCH_ARG_NOT_ALLOWED');
    // The trace keeps the agent's arguments but redacts credential switches, so its refusals must not bring them back.
    expect(jsonl).toContain('Rf2secretQ');
    for (const text of [jsonl, html]) expect(text).not.toMatch(/Rf1secretQ/);
  });

  it('cookie values listed or set are in no trace file', { timeout: 120_000 }, async () => {
    const { conn: c, file } = await traced({ plugins: [() => createStoragePlugin()], allowImpersonation: ['storage'] });
    await ok(c, 'electron_launch', { main: storageApp.dir });
    await ok(c, 'storage_cookie_set', { name: 'sid', value: 'Ck1sessionQ' });
    const listed = await ok(c, 'storage_cookies', { values: true });
    expect(JSON.stringify(listed)).toContain('Ck1sessionQ');
    const { jsonl, html } = await traceFiles(c, file);
    expect(jsonl).toContain('"sid"');
    for (const text of [jsonl, html]) expect(text).not.toContain('Ck1sessionQ');
  });

  it('every default credential field, however spelled and at any depth, is in no trace file', { timeout: 60_000 }, async () => {
    const { conn: c, file } = await traced();
    for (const key of CREDENTIAL_FIELDS) {
      const secret = `Kv-${key}-Q`;
      const spelled = key.replace(/-(\w)/g, (_, ch: string) => `_${ch.toUpperCase()}`);
      await c.call('electron_status', { [key]: secret, deep: { list: [{ [spelled]: secret, [key.toUpperCase()]: secret }] } });
    }
    const { jsonl, html } = await traceFiles(c, file);
    const calls = jsonl.split('\n').filter((line) => line.includes('"call"'));
    expect(calls).toHaveLength(CREDENTIAL_FIELDS.length);
    for (const key of CREDENTIAL_FIELDS) {
      expect(jsonl.includes(`Kv-${key}-Q`), `trace JSONL holds ${key}`).toBe(false);
      expect(html.includes(`Kv-${key}-Q`), `trace HTML holds ${key}`).toBe(false);
    }
  });
});
