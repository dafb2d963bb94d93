// A trace is shared with reviewers and checked into repos as replay specs: credentials an agent
// passed must never reach the file, and promotion needs to know exactly where they were.
import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTED_FIELDS, REDACTED, Redactor } from './redact.js';

describe('Redactor', () => {
  const redactor = new Redactor(DEFAULT_REDACTED_FIELDS);

  it('hides credential fields at any depth, whatever their case or separators, and says where', () => {
    const args = { user: 'ada', password: 'hunter2', headers: { Authorization: 'Bearer x', Cookie: 'sid=1' }, list: [{ api_key: 'k' }] };
    const { value, redacted } = redactor.apply(args);
    expect(value).toEqual({
      user: 'ada',
      password: REDACTED,
      headers: { Authorization: REDACTED, Cookie: REDACTED },
      list: [{ api_key: REDACTED }],
    });
    expect(redacted).toEqual(['/password', '/headers/Authorization', '/headers/Cookie', '/list/0/api_key']);
    expect(args.password).toBe('hunter2');
  });

  it('treats fields ending in password, token or secret as credentials', () => {
    expect(redactor.apply({ newPassword: 'a', access_token: 'b', clientSecret: 'c', tokens: 3 }).value).toEqual({
      newPassword: REDACTED,
      access_token: REDACTED,
      clientSecret: REDACTED,
      tokens: 3,
    });
  });

  it('adds a trace’s own fields without touching others, and leaves empty values alone', () => {
    const withText = redactor.with(['text']);
    expect(withText.apply({ text: 'secret words', ref: 'e3', password: '' })).toEqual({
      value: { text: REDACTED, ref: 'e3', password: '' },
      redacted: ['/text'],
    });
    expect(redactor.apply({ text: 'kept' }).value).toEqual({ text: 'kept' });
  });

  it('escapes JSON Pointer characters in the reported paths', () => {
    expect(redactor.apply({ 'a/b': { 'x~token': 't' } }).redacted).toEqual(['/a~1b/x~0token']);
  });
});
