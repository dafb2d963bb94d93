// The envelope is what every host pays for on every call: one compact text block, no duplicate
// structured copy, and a token estimate an agent can budget with.
import { describe, expect, it } from 'vitest';
import { withImages } from '@stagewright/sdk';
import { errorResult, estimateTokens, payloadOf, successResult } from './envelope.js';

const textOf = (result: { content: { type: string; text?: string }[] }) => result.content[0].text ?? '';

describe('envelope', () => {
  it('spreads a plain object payload after ok and appends _meta', () => {
    const result = successResult({ title: 'Editor', count: 2 }, 7);
    expect(Object.keys(result)).toEqual(['content']);
    expect(JSON.parse(textOf(result))).toEqual({
      ok: true,
      title: 'Editor',
      count: 2,
      _meta: { estimated_tokens: expect.any(Number), elapsed_ms: 7 },
    });
    expect(textOf(result)).not.toMatch(/\n| {2}/);
  });

  it('estimates tokens from the size of the text sent', () => {
    const result = successResult({ text: 'word '.repeat(100) }, 0);
    const { _meta } = JSON.parse(textOf(result));
    expect(_meta.estimated_tokens).toBe(estimateTokens(textOf(result)));
    expect(_meta.estimated_tokens).toBeGreaterThan(100);
  });

  it('puts non-object results under result and keeps handlers from overriding ok or _meta', () => {
    expect(payloadOf(42)).toEqual({ result: 42 });
    expect(payloadOf(['a'])).toEqual({ result: ['a'] });
    expect(payloadOf(undefined)).toEqual({});
    expect(JSON.parse(textOf(successResult({ ok: false, _meta: 1, v: 1 }, 0)))).toMatchObject({ ok: true, v: 1 });
  });

  it('sends attached images as image blocks after the text, never inside the JSON', () => {
    const result = successResult(withImages({ path: '/tmp/a.png' }, [{ data: 'AAAA', mimeType: 'image/png' }]), 0);
    expect(result.content).toHaveLength(2);
    expect(result.content[1]).toEqual({ type: 'image', data: 'AAAA', mimeType: 'image/png' });
    expect(textOf(result)).not.toContain('AAAA');
  });

  it('formats errors with isError, next_actions always (possibly empty), and only the optional fields that are set', () => {
    const result = errorResult({ code: 'REF_NOT_FOUND', error: 'No e9.', hint: 'Snapshot again.', next_actions: [], retryable: false }, 3, [
      'window closed',
    ]);
    expect(result.isError).toBe(true);
    expect(JSON.parse(textOf(result))).toEqual({
      ok: false,
      code: 'REF_NOT_FOUND',
      error: 'No e9.',
      hint: 'Snapshot again.',
      next_actions: [],
      retryable: false,
      notices: ['window closed'],
      _meta: { estimated_tokens: expect.any(Number), elapsed_ms: 3 },
    });
  });
});
