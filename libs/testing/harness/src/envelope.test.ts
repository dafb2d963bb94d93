// Every tool test reads results through parseEnvelope, so it must reject results that break the
// wire contract (a text block the envelope does not name, structuredContent, isError disagreeing with ok) instead of
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

  it('puts the text blocks _meta.blocks names back under their names, before any image', () => {
    const meta = { ...ok._meta, blocks: ['snapshot', 'log'] };
    const result = {
      content: [
        text({ ok: true, url: 'x', _meta: meta }),
        { type: 'text' as const, text: '- button "Go" [ref=e1]' },
        { type: 'text' as const, text: 'line "1"\nline 2' },
        { type: 'image' as const, data: 'AA', mimeType: 'image/png' },
      ],
    };
    expect(parseEnvelope(result)).toEqual({ ok: true, url: 'x', snapshot: '- button "Go" [ref=e1]', log: 'line "1"\nline 2', _meta: meta });
  });

  const named = (names: string[], body: Record<string, unknown> = {}) => text({ ok: true, ...body, _meta: { ...ok._meta, blocks: names } });
  it.each([
    ['no content', { content: [] }, /no content/],
    ['a second text block', { content: [text(ok), text(ok)] }, /only the text blocks _meta.blocks names/],
    ['a named block missing', { content: [named(['snapshot'])] }, /names 1 text block/],
    [
      'an image where a named block should be',
      { content: [named(['snapshot']), { type: 'image', data: 'AA', mimeType: 'image/png' }] },
      /names 1 text block/,
    ],
    ['one text block more than named', { content: [named(['snapshot']), text(ok), text(ok)] }, /only the text blocks/],
    ['a named field also inline', { content: [named(['snapshot'], { snapshot: 'a' }), { type: 'text', text: 'b' }] }, /also carries/],
    ['an image first', { content: [{ type: 'image', data: 'AA', mimeType: 'image/png' }] }, /expected text/],
    ['structuredContent', { content: [text(ok)], structuredContent: ok }, /structuredContent/],
    ['isError on a success', { content: [text(ok)], isError: true }, /disagrees/],
    ['a failure without isError', { content: [text({ ...ok, ok: false })] }, /disagrees/],
  ])('rejects %s', (_label, result, message) => {
    expect(() => parseEnvelope(result as never)).toThrow(message);
  });
});
