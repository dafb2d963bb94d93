// `npx nx serve mcp-server` used to serve stdio under Nx's banners, which a strict host breaks
// on. It now serves Streamable HTTP (README), so its stdout is Nx's and the protocol is on the
// URL; this starts it exactly as the README says (plus a free port) and talks MCP to it.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, SERVER_BUNDLE } from '@stagewright/harness';
import { connectHttp, processTree, settled } from './test-support/http.js';
import { initialize, startStrict } from './test-support/strict-stdio.js';

describe('node dist/apps/mcp-server/main.mjs (the stdio form hosts spawn)', () => {
  it('writes nothing but JSON-RPC on stdout', async () => {
    const session = startStrict(process.execPath, [SERVER_BUNDLE, '--tool-profile', 'testing'], { cwd: REPO_ROOT });
    await initialize(session);
    expect((await session.request('tools/list')).tools.length).toBeGreaterThan(0);
    expect((await session.request('prompts/list')).prompts.length).toBe(2);
    expect(await session.close()).toBe(0);
    expect(session.violations()).toEqual([]);
  });
});

describe('npx nx serve mcp-server', () => {
  it('serves MCP over Streamable HTTP on loopback', async () => {
    const child = spawn('npx', ['nx', 'serve', 'mcp-server', '--port', '0'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const look = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(output);
        if (match) resolve(match[1]);
      };
      child.stdout.on('data', look);
      child.stderr.on('data', look);
      child.on('close', (code) => reject(new Error(`nx serve exited ${code}: ${output}`)));
    });
    const tree = processTree(child.pid!);
    try {
      const client = await connectHttp(url);
      expect((await client.client.listTools()).tools.map((tool) => tool.name)).toContain('electron_launch');
      await client.transport.terminateSession();
      await client.close();
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
    expect(await settled(tree)).toEqual([]);
  }, 300_000);
});
