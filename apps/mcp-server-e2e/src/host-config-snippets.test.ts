// Configuration a user pastes into a host must work as pasted: each snippet in docs/hosts is
// parsed as its host reads it and started, through npx on the packed package, with a host that
// fails on any non-JSON-RPC line (issue 14, items 1 and 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_PORT } from '../../mcp-server/src/http/http-options.js';
import { connectHttp, isRunning, spawnHttpServer, type HttpServerProcess } from './test-support/http.js';
import { httpSnippetUrl, parseTomlSubset, stdioSnippets } from './test-support/host-snippets.js';
import { assertPacked, emptyFolder, snippetArgsForTarball } from './test-support/packed-server.js';
import { initialize, startStrict } from './test-support/strict-stdio.js';

beforeAll(() => assertPacked());

describe('stdio host snippets', () => {
  it.each(Object.entries(stdioSnippets()))(
    '%s parses and starts the server',
    async (_host, entry) => {
      expect(entry.command).toBe('npx');
      const session = startStrict(entry.command, snippetArgsForTarball(entry.args), { cwd: emptyFolder(), env: entry.env });
      try {
        await initialize(session);
        const { tools } = await session.request('tools/list');
        expect(tools.map((tool: { name: string }) => tool.name)).toContain('electron_expect_text');
      } finally {
        await session.close();
      }
      expect(session.violations()).toEqual([]);
    },
    300_000,
  );

  it('the TOML reader refuses what it does not understand', () => {
    expect(() => parseTomlSubset('[a]\nkey = 1979-05-27T07:32:00Z')).toThrow();
    expect(() => parseTomlSubset('key = "orphan"')).toThrow(/not a table header/);
  });
});

describe('the HTTP snippet', () => {
  let server: HttpServerProcess;
  afterAll(() => server?.stop());

  it('names the default loopback endpoint, which the server serves', async () => {
    const url = new URL(httpSnippetUrl());
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/mcp');
    expect(Number(url.port)).toBe(DEFAULT_HTTP_PORT);
    // Other test runs may hold the default port: the same server on a free port, same path.
    const started = await spawnHttpServer(['--port', '0']);
    if (!isRunning(started)) throw new Error(started.stderr);
    server = started;
    url.port = new URL(server.url).port;
    const client = await connectHttp(url.href);
    expect((await client.client.listTools()).tools.length).toBeGreaterThan(0);
    await client.transport.terminateSession();
    await client.close();
  });
});
