// The envelope is what every host pays for on every call: one compact text block, no duplicate
// structured copy, and a token estimate an agent can budget with.
import { describe, expect, it } from 'vitest';
import { readEnvelope, withImages, withTextBlocks } from '@stagewright/sdk';
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

  it('sends marked text fields raw, as their own blocks named in _meta.blocks, before images', () => {
    const yaml = '- button "Go" [ref=e1]\n- textbox "Name" [ref=e2]';
    const payload = withImages(withTextBlocks({ url: 'file:///a', snapshot: yaml, empty: '' }, ['snapshot', 'empty']), [
      { data: 'AA', mimeType: 'image/png' },
    ]);
    const result = successResult(payload, 3);
    expect(result.content.map((block) => block.type)).toEqual(['text', 'text', 'image']);
    expect(result.content[1]).toEqual({ type: 'text', text: yaml });
    const envelope = JSON.parse(textOf(result));
    // An empty field has nothing to gain from a block of its own.
    expect(envelope).toEqual({
      ok: true,
      url: 'file:///a',
      empty: '',
      _meta: { estimated_tokens: expect.any(Number), elapsed_ms: 3, blocks: ['snapshot'] },
    });
    expect(envelope._meta.estimated_tokens).toBe(estimateTokens(textOf(result)) + estimateTokens(yaml));
    expect(readEnvelope(result.content as never)).toEqual({ ...envelope, snapshot: yaml });
  });

  it('keeps marked fields in the JSON when a bounded answer is over its cap, so the cut can reach them', () => {
    const payload = withTextBlocks({ snapshot: 'x\n'.repeat(5_000) }, ['snapshot']);
    const result = successResult(payload, 0, [], { maxChars: 4_000, tool: 'p_read' });
    expect(result.content).toHaveLength(1);
    const envelope = JSON.parse(textOf(result));
    expect(envelope.truncated).toBe(true);
    expect(envelope._meta.blocks).toBeUndefined();
    expect(textOf(result).length).toBeLessThanOrEqual(4_000);
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
