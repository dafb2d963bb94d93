// A DevTools port is full remote control of an app; attaching anywhere but loopback must be
// refused before any connection is made.
import { describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import { cdpEndpoint } from './endpoint.js';

const codeOf = (fn: () => unknown) => {
  try {
    return fn();
  } catch (error) {
    return isToolError(error) ? error.code : error;
  }
};

describe('cdpEndpoint', () => {
  it('accepts 127.0.0.1, localhost and ::1 in http and ws forms', () => {
    expect(cdpEndpoint({ port: 9222 })).toBe('http://127.0.0.1:9222');
    expect(cdpEndpoint({ cdpUrl: 'http://localhost:9222/' })).toBe('http://localhost:9222');
    expect(cdpEndpoint({ cdpUrl: 'ws://[::1]:9222/devtools/browser/abc' })).toBe('ws://[::1]:9222/devtools/browser/abc');
    expect(cdpEndpoint({ cdpUrl: 'http://127.0.0.1:9333' })).toBe('http://127.0.0.1:9333');
  });

  it('refuses other hosts with NOT_LOOPBACK, including look-alikes', () => {
    for (const url of [
      'http://10.1.2.3:9222',
      'http://127.0.0.1.example.com:9222',
      'ws://0.0.0.0:9222',
      'http://[::ffff:7f00:1]:9222',
      'http://example.com',
    ]) {
      expect(
        codeOf(() => cdpEndpoint({ cdpUrl: url })),
        url,
      ).toBe('NOT_LOOPBACK');
    }
  });

  it('needs exactly one target and a DevTools scheme', () => {
    expect(codeOf(() => cdpEndpoint({}))).toBe('BAD_ARGUMENT');
    expect(codeOf(() => cdpEndpoint({ port: 1, cdpUrl: 'http://localhost:1' }))).toBe('BAD_ARGUMENT');
    expect(codeOf(() => cdpEndpoint({ cdpUrl: 'file:///etc/passwd' }))).toBe('BAD_ARGUMENT');
    expect(codeOf(() => cdpEndpoint({ cdpUrl: 'not a url' }))).toBe('BAD_ARGUMENT');
  });
});
