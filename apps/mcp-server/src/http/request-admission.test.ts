// DNS rebinding turns a web page into a client of a loopback server: only this machine's names
// may appear in Host and Origin, and a remote bind is never open without a token.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CliUsageError } from '../cli.js';
import { isLoopbackHost, resolveHttpOptions } from './http-options.js';
import { refuseRequest } from './request-admission.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const loopback = resolveHttpOptions({}, {});
const TOKEN = 'a-token-of-enough-length';

describe('refuseRequest', () => {
  it('accepts loopback Host names with any port, and loopback Origins', () => {
    for (const host of ['127.0.0.1:8931', 'localhost:8931', '[::1]:8931', 'LOCALHOST'])
      expect(refuseRequest(request({ host }), loopback), host).toBeUndefined();
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1', 'http://[::1]:5173'])
      expect(refuseRequest(request({ host: 'localhost:8931', origin }), loopback), origin).toBeUndefined();
  });

  it('refuses a rebound Host, a foreign or malformed Origin, and a missing Host', () => {
    expect(refuseRequest(request({ host: 'evil.example:8931' }), loopback)).toMatchObject({ status: 403 });
    expect(refuseRequest(request({ host: 'localhost', origin: 'https://evil.example' }), loopback)).toMatchObject({ status: 403 });
    expect(refuseRequest(request({ host: 'localhost', origin: 'null' }), loopback)).toMatchObject({ status: 403 });
    expect(refuseRequest(request({}), loopback)).toMatchObject({ status: 403 });
  });

  it('with a token, refuses a request without the exact bearer token', () => {
    const options = resolveHttpOptions({ host: '0.0.0.0', allowRemote: true }, { STAGEWRIGHT_HTTP_TOKEN: TOKEN });
    expect(refuseRequest(request({ host: '0.0.0.0:1' }), options)).toMatchObject({ status: 401 });
    expect(refuseRequest(request({ host: '0.0.0.0:1', authorization: `Bearer ${TOKEN}x` }), options)).toMatchObject({ status: 401 });
    expect(refuseRequest(request({ host: '0.0.0.0:1', authorization: `Bearer ${TOKEN}` }), options)).toBeUndefined();
  });
});

describe('resolveHttpOptions', () => {
  it('defaults to loopback without a token', () => {
    expect(loopback).toMatchObject({ host: '127.0.0.1', port: 8931, token: undefined, maxSessions: 8 });
  });

  it('refuses a non-loopback bind without --allow-remote, or without a long enough token', () => {
    expect(() => resolveHttpOptions({ host: '192.168.1.5' }, {})).toThrow(CliUsageError);
    expect(() => resolveHttpOptions({ host: '192.168.1.5', allowRemote: true }, {})).toThrow(/STAGEWRIGHT_HTTP_TOKEN/);
    expect(() => resolveHttpOptions({ host: '192.168.1.5', allowRemote: true }, { STAGEWRIGHT_HTTP_TOKEN: 'short' })).toThrow(
      /at least 16/,
    );
    expect(resolveHttpOptions({ host: '192.168.1.5', allowRemote: true }, { STAGEWRIGHT_HTTP_TOKEN: TOKEN }).allowedHostnames).toContain(
      '192.168.1.5',
    );
  });
});

describe('the Host names a server accepts', () => {
  const lan = () => ['127.0.0.1', '[::1]', '192.0.2.7', '[fd00::7]'];
  const remote = (flags: Record<string, unknown>) =>
    resolveHttpOptions({ allowRemote: true, ...flags }, { STAGEWRIGHT_HTTP_TOKEN: TOKEN }, lan);
  const status = (options: ReturnType<typeof remote>, host: string) =>
    refuseRequest(request({ host, authorization: `Bearer ${TOKEN}` }), options)?.status;

  it('accepts its own bind address, loopback or not', () => {
    for (const host of ['127.0.0.2', '127.9.9.9', '::1', '192.0.2.7']) {
      const options = isLoopbackHost(host) ? resolveHttpOptions({ host }, {}, lan) : remote({ host });
      const name = host.includes(':') ? `[${host}]` : host;
      expect(refuseRequest(request({ host: `${name}:8931`, authorization: `Bearer ${TOKEN}` }), options), host).toBeUndefined();
    }
  });

  it('bound to every address, accepts each address of this machine and nothing else', () => {
    for (const bind of ['0.0.0.0', '::']) {
      const options = remote({ host: bind });
      for (const name of lan()) expect(status(options, `${name}:8931`), `${bind} ${name}`).toBeUndefined();
      for (const name of ['192.0.2.8', 'rebound.example', '[fd00::8]'])
        expect(status(options, `${name}:8931`), `${bind} ${name}`).toBe(403);
    }
  });

  it('accepts the names given with --allowed-host, as whole names only', () => {
    const options = remote({ host: '192.0.2.7', allowedHosts: ['box.lan'] });
    expect(status(options, 'box.lan:8931')).toBeUndefined();
    expect(
      refuseRequest(request({ host: 'box.lan', origin: 'http://box.lan:8931', authorization: `Bearer ${TOKEN}` }), options),
    ).toBeUndefined();
    for (const name of ['evil.box.lan', 'box.lan.evil', 'box.la']) expect(status(options, `${name}:8931`), name).toBe(403);
  });
});
