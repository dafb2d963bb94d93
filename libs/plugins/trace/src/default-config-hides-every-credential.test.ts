// The trace's default redaction is the sdk's one credential rule, with the sdk's limits: no list of
// its own to fall behind. Written against the harness's pinned names, so a trace default that drops
// one (or a hand-written list in the config) fails here, on a real server with the plugin loaded.
import { describe, expect, it } from 'vitest';
import { credentialFieldsSetting } from '@stagewright/sdk';
import { PINNED_CREDENTIAL_FIELDS } from '@stagewright/harness';
import { createTracePlugin } from './index.js';
import { connectTrace, readTrace, traceDir } from './e2e/test-support/connect-trace.js';

describe('trace plugin default redaction', () => {
  it('configures redaction with the sdk credential setting, limits included', () => {
    const schema = createTracePlugin().configSchema as unknown as { properties: Record<string, unknown> };
    expect(schema.properties.redact).toEqual(credentialFieldsSetting());
  });

  it('hides every pinned credential name with no config but the folder, and reports that list', { timeout: 60_000 }, async () => {
    const dir = traceDir();
    const mcp = await connectTrace(dir)();
    try {
      const plugins = await mcp.call('electron_plugins', {});
      const trace = (plugins.plugins as { name: string; config?: { redact?: string[] } }[]).find((p) => p.name === 'trace');
      expect([...(trace?.config?.redact ?? [])].sort()).toEqual([...PINNED_CREDENTIAL_FIELDS].sort());

      const started = await mcp.call('trace_start', { name: 'defaults' });
      expect(started).toMatchObject({ ok: true });
      // One call carrying every credential name, top level and nested: refused as unknown
      // arguments, but recorded like any call.
      const args = Object.fromEntries(PINNED_CREDENTIAL_FIELDS.map((key) => [key, `S3CRET-${key}`]));
      await mcp.call('electron_status', { ...args, nested: { ...args } });
      expect(await mcp.call('trace_stop', {})).toMatchObject({ ok: true, records: 1 });

      const call = readTrace(started.file as string).find((line) => line.type === 'call')!;
      expect(JSON.stringify(call)).not.toContain('S3CRET');
      const paths = PINNED_CREDENTIAL_FIELDS.flatMap((key) => [`/${key}`, `/nested/${key}`]);
      expect([...(call.redacted as string[])].sort()).toEqual(paths.sort());
    } finally {
      await mcp.close();
    }
  });
});
