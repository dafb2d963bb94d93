/**
 * The credential names the sdk's `CREDENTIAL_FIELDS` must hold, written out here (not imported
 * from the sdk) so that dropping one from the shared list fails every redaction test that loops
 * over these: the trace, ipc and security-e2e tests.
 */
export const PINNED_CREDENTIAL_FIELDS: readonly string[] = [
  'password',
  'passphrase',
  'secret',
  'token',
  'apiKey',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'privateKey',
];
