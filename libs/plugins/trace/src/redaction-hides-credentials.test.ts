// A trace is shared with reviewers and checked into repos as replay specs: credentials an agent
// passed must never reach the file, and promotion needs to know exactly where they were.
import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTED_FIELDS, REDACTED, Redactor, scrubSecrets, valuesAt } from './redact.js';
import { PINNED_CREDENTIAL_FIELDS } from '@stagewright/harness';

const CREDENTIALS = PINNED_CREDENTIAL_FIELDS;

describe('Redactor', () => {
  const redactor = new Redactor(DEFAULT_REDACTED_FIELDS);

  for (const key of CREDENTIALS) {
    it(`hides "${key}" at the top, nested in objects and inside arrays`, () => {
      const secret = `S3CRET-${key}`;
      const args = { [key]: secret, a: { b: { [key]: secret } }, list: [{ x: [{ [key]: secret }] }] };
      const { value, redacted } = redactor.apply(args);
      expect(JSON.stringify(value)).not.toContain('S3CRET');
      expect(redacted).toEqual([`/${key}`, `/a/b/${key}`, `/list/0/x/0/${key}`]);
    });
  }

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

  it('hides the values of credential switches in launch arguments, attached or as the next argument', () => {
    const args = {
      args: ['--password=hunter2', '--api-key=k1', '-token=t1', '--token', 't2', '--user=ada', '--verbose', '--secret', '--x'],
    };
    const { value, redacted } = redactor.apply(args);
    expect(value).toEqual({
      args: [
        `--password=${REDACTED}`,
        `--api-key=${REDACTED}`,
        `-token=${REDACTED}`,
        '--token',
        REDACTED,
        '--user=ada',
        '--verbose',
        '--secret',
        '--x',
      ],
    });
    expect(redacted).toEqual(['/args/0', '/args/1', '/args/2', '/args/4']);
  });

  it('hides what a tool marked sensitive, and the answer echoing it', () => {
    const args = { selector: '#pw', text: 'hunter2' };
    expect(redactor.apply(args, ['/text'])).toEqual({ value: { selector: '#pw', text: REDACTED }, redacted: ['/text'] });
    const answer = { ok: false, error: 'Expected value "hunter2"; actual "hunter2x"', cookies: [{ name: 'sid', value: 'abc' }] };
    const scrubbed = scrubSecrets(answer, valuesAt(args, ['/text']));
    expect(JSON.stringify(scrubbed)).not.toContain('hunter2');
    expect(redactor.apply(scrubbed, ['/cookies/0/value']).value).toMatchObject({ cookies: [{ name: 'sid', value: REDACTED }] });
  });

  it('escapes JSON Pointer characters in the reported paths', () => {
    expect(redactor.apply({ 'a/b': { 'x~token': 't' } }).redacted).toEqual(['/a~1b/x~0token']);
  });
});
