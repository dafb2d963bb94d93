// An agent run that ends in a crash is the run most worth reviewing: the trace written so far
// must be readable line by line, with no footer to say it was cut short.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rawStdio } from '@stagewright/harness';
import { readTrace, traceDir } from './test-support/connect-trace.js';

describe('a server killed mid-trace', () => {
  it('leaves header and every finished call, without a footer', { timeout: 60_000 }, async () => {
    const dir = traceDir();
    const server = rawStdio(['--plugin', 'trace', '--plugin-config', `trace=${JSON.stringify({ dir })}`]);
    server.send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    });
    await server.answer(1);
    server.send({ method: 'notifications/initialized' });
    const call = (id: number, name: string, args: object) => server.send({ id, method: 'tools/call', params: { name, arguments: args } });
    call(2, 'trace_start', { name: 'crashed' });
    await server.answer(2);
    call(3, 'electron_status', {});
    call(4, 'electron_windows', {});
    await server.answer(3);
    await server.answer(4);
    process.kill(server.pid, 'SIGKILL');
    await server.close();
    const lines = readTrace(join(dir, 'crashed.trace.jsonl'));
    expect(lines.map((line) => line.type)).toEqual(['header', 'call', 'call']);
    expect(lines[1]).toMatchObject({ tool: 'electron_status', ok: true });
    expect(lines[2]).toMatchObject({ tool: 'electron_windows' });
  });
});
