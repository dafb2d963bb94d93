// The trace is the raw material of review and replay: every call the agent made, in order, with
// what it sent and what it got, credentials hidden, and a Playwright trace a person can open.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loginApp } from '@stagewright/fixtures/login';
import { connectTrace, readTrace, traceDir } from './test-support/connect-trace.js';

describe('trace plugin on a real app', () => {
  it('writes header, one record per call and a footer, with the typed text redacted on request', { timeout: 180_000 }, async () => {
    const dir = traceDir();
    const mcp = await connectTrace(dir)();
    try {
      const started = await mcp.call('trace_start', { name: 'greet', redact: ['text'], playwright: true });
      expect(started).toMatchObject({ ok: true, file: `${dir}/greet.trace.jsonl` });
      // Live progress: the header is on disk before anything else happens.
      expect(readTrace(started.file as string)).toHaveLength(1);
      expect(await mcp.call('electron_launch', { main: loginApp.dir })).toMatchObject({ ok: true });
      expect(await mcp.call('electron_snapshot', {})).toMatchObject({ ok: true });
      expect(await mcp.call('electron_type', { selector: '#username', text: 'Ada' })).toMatchObject({ ok: true });
      expect(await mcp.call('electron_click', { selector: '#sign-in button[type=submit]' })).toMatchObject({ ok: true });
      expect(await mcp.call('electron_expect_text', { selector: '#status', contains: 'Ada' })).toMatchObject({ ok: true });
      const missing = await mcp.call('electron_get_text', { selector: '#nope', timeoutMs: 500 });
      expect(missing).toMatchObject({ ok: false, code: expect.any(String) });
      expect(await mcp.call('trace_status', {})).toMatchObject({ ok: true, recording: true, records: 6, overflow: 0 });
      expect(await mcp.call('electron_stop', {})).toMatchObject({ ok: true });
      const stopped = await mcp.call('trace_stop', {});
      expect(stopped).toMatchObject({ ok: true, records: 7, overflow: 0 });

      const [header, ...rest] = readTrace(started.file as string);
      const footer = rest.pop()!;
      expect(header).toMatchObject({ type: 'header', format: 'stagewright-trace', version: 1, name: 'greet', playwright: true });
      expect(rest.map((r) => r.tool)).toEqual([
        'electron_launch',
        'electron_snapshot',
        'electron_type',
        'electron_click',
        'electron_expect_text',
        'electron_get_text',
        'electron_stop',
      ]);
      expect(rest.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(rest[2]).toMatchObject({ args: { selector: '#username', text: '[redacted]' }, redacted: ['/text'], ok: true });
      expect(JSON.stringify(rest[2])).not.toContain('Ada');
      expect(rest[4]).toMatchObject({ ok: true, envelope: { ok: true, text: 'Signed in as Ada' } });
      expect(rest[5]).toMatchObject({ ok: false, code: missing.code });
      expect(typeof rest[1].ms).toBe('number');
      expect(footer).toMatchObject({ type: 'footer', records: 7, overflow: 0, stoppedBy: 'trace_stop' });
      // Saved before electron_stop closed the windows: a zip `npx playwright show-trace` opens.
      const zip = footer.playwright?.[0]?.file as string;
      expect(zip).toMatch(/greet\.playwright-.+\.zip$/);
      expect(existsSync(zip) && statSync(zip).size).toBeGreaterThan(1000);
      // The entries the Playwright trace viewer reads (zip entry names are stored as plain text).
      const entries = readFileSync(zip).toString('latin1');
      expect(entries).toContain('trace.trace');
      expect(entries).toContain('trace.network');
    } finally {
      await mcp.close();
    }
  });

  it('counts calls past the cap as overflow, refuses a second start and a stop without a trace', { timeout: 60_000 }, async () => {
    const dir = traceDir();
    const mcp = await connectTrace(dir, { maxRecords: 2 })();
    try {
      expect(await mcp.call('trace_stop', {})).toMatchObject({ ok: false, code: 'trace.NOT_RECORDING' });
      const started = await mcp.call('trace_start', { name: 'capped' });
      expect(await mcp.call('trace_start', {})).toMatchObject({ ok: false, code: 'trace.ALREADY_RECORDING' });
      for (let i = 0; i < 4; i++) await mcp.call('electron_status', {});
      expect(await mcp.call('trace_stop', {})).toMatchObject({ ok: true, records: 2, overflow: 2 });
      expect(readTrace(started.file as string).map((line) => line.type)).toEqual(['header', 'call', 'call', 'footer']);
      expect(await mcp.call('trace_start', { name: 'capped' })).toMatchObject({ ok: false, code: 'trace.EXISTS' });
      expect(await mcp.call('trace_start', { name: '../escape' })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    } finally {
      await mcp.close();
    }
  });
});
