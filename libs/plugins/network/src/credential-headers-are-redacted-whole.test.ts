// A captured header reaches the agent's context and any trace of it: a credential must read
// "[redacted]" whole, whatever its name's spelling and however long it is (a JWT is ~1 KB).
import { describe, expect, it } from 'vitest';
import { REDACTED, credentialMatcher } from '@stagewright/sdk';
import { reportHeaders } from './redact.js';

/** Written out here, not imported: dropping one from the shared list must fail this test. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
/** Names that are credentials by the shared rule's endings. */
const BY_ENDING = ['x-api-key', 'x-auth-token', 'x-client-secret', 'x-session-token'];
const JWT = `eyJhbGciOiJIUzI1NiJ9.${'e'.repeat(900)}.signature-part`;

describe('network header redaction', () => {
  const redacted = credentialMatcher();

  for (const name of [...CREDENTIAL_HEADERS, ...BY_ENDING]) {
    for (const value of ['short-secret-value', JWT]) {
      it(`hides ${name} (${value.length} chars) whole, in any case`, () => {
        const spelled = name.replace(/(^|-)([a-z])/g, (m) => m.toUpperCase());
        const { headers } = reportHeaders({ [spelled]: value, accept: 'text/html' }, redacted);
        expect(headers).toEqual({ [name]: REDACTED, accept: 'text/html' });
        expect(JSON.stringify(headers)).not.toContain(value.slice(0, 12));
      });
    }
  }

  it('cuts long ordinary values and keeps short ones', () => {
    const { headers } = reportHeaders({ 'x-trace': 'a'.repeat(500), accept: '*/*' }, redacted);
    expect(headers['x-trace']).toBe(`${'a'.repeat(300)}…`);
    expect(headers.accept).toBe('*/*');
  });

  it('applies a configured list instead of the default', () => {
    const only = credentialMatcher(['x-tenant']);
    expect(reportHeaders({ 'X-Tenant': 't1', authorization: 'Bearer b' }, only).headers).toEqual({
      'x-tenant': REDACTED,
      authorization: 'Bearer b',
    });
  });
});
