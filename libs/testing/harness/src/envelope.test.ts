// Every tool test reads results through parseEnvelope, so it must reject results that break the
// wire contract (a second text block, structuredContent, isError disagreeing with ok) instead of
// letting them pass unnoticed.
import { describe, expect, it } from 'vitest';
import { parseEnvelope } from './envelope.js';

const text = (body: unknown) => ({ type: 'text' as const, text: JSON.stringify(body) });
const ok = { ok: true, value: 1, _meta: { estimated_tokens: 5, elapsed_ms: 0 } };

describe('parseEnvelope', () => {
  it('parses the single text block', () => {
    expect(parseEnvelope({ content: [text(ok)] })).toEqual(ok);
    expect(parseEnvelope({ content: [text({ ...ok, ok: false, code: 'X' })], isError: true })).toMatchObject({ code: 'X' });
  });

  it('allows image blocks after the text block', () => {
    expect(parseEnvelope({ content: [text(ok), { type: 'image', data: 'AA', mimeType: 'image/png' }] })).toEqual(ok);
  });

  it.each([
    ['no content', { content: [] }, /no content/],
    ['a second text block', { content: [text(ok), text(ok)] }, /only image blocks/],
    ['an image first', { content: [{ type: 'image', data: 'AA', mimeType: 'image/png' }] }, /expected text/],
    ['structuredContent', { content: [text(ok)], structuredContent: ok }, /structuredContent/],
    ['isError on a success', { content: [text(ok)], isError: true }, /disagrees/],
    ['a failure without isError', { content: [text({ ...ok, ok: false })] }, /disagrees/],
  ])('rejects %s', (_label, result, message) => {
    expect(() => parseEnvelope(result as never)).toThrow(message);
  });
});
