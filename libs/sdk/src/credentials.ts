import Type from 'typebox';

/**
 * The one list of credential names (PLUGIN_API 1.2): argument, result, payload and header fields
 * whose values never reach a trace, a capture or a log unless the operator configures otherwise.
 * The trace, network and ipc plugins all start from it; a plugin that records values should too.
 */
export const CREDENTIAL_FIELDS = [
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
] as const;

/** What replaces a hidden value wherever one is hidden. */
export const REDACTED = '[redacted]';

/** `api_key`, `API-Key` and `apiKey` are one name: case and separators do not count. */
export function normalizeFieldName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A credential rule in the form code that cannot import (an in-app agent) applies it. */
export interface CredentialRule {
  /** Normalized names that are credentials. */
  exact: string[];
  /** Normalized endings that make any name a credential (`newPassword`, `x-api-key`, `access_token`). */
  suffixes: string[];
}

const BUILT_IN = new Set(CREDENTIAL_FIELDS.map(normalizeFieldName));

/**
 * The rule for a configured list: its names exactly, and, for every built-in credential word the
 * list keeps, any name ending in it. Names the operator adds (`text`) match exactly, so adding
 * `text` hides `text` but not `context`.
 */
export function credentialRule(fields: readonly string[] = CREDENTIAL_FIELDS): CredentialRule {
  const exact = [...new Set(fields.map(normalizeFieldName))];
  return { exact, suffixes: exact.filter((name) => BUILT_IN.has(name)) };
}

/**
 * Whether `name` is a credential under `rule`: the one implementation of the rule, for the server
 * and for in-app agents alike. Self-contained (an agent receives it as source, see
 * mainAgentBody), so it restates normalizeFieldName instead of calling it.
 */
export function matchesCredentialRule(rule: CredentialRule, name: string): boolean {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return rule.exact.includes(key) || rule.suffixes.some((suffix) => key.endsWith(suffix));
}

/** Whether `name` is a credential under `fields` (default: the built-in list), by credentialRule. */
export function credentialMatcher(fields: readonly string[] = CREDENTIAL_FIELDS): (name: string) => boolean {
  const rule = credentialRule(fields);
  return (name) => matchesCredentialRule(rule, name);
}

/** The config setting of a plugin that records values: the names to redact, CREDENTIAL_FIELDS by default. */
export const credentialFieldsSetting = () =>
  Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { default: [...CREDENTIAL_FIELDS], maxItems: 100 });
