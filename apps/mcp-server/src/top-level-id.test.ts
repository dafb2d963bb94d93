// An oversized request is answered with its id only if the id is found wherever the client wrote it, and only the
// message's own id: a nested "id" inside the arguments must never be mistaken for it.
import { describe, expect, it } from 'vitest';
import { TopLevelIdScanner } from './top-level-id.js';

function scan(text: string, chunkSize = text.length, maxScanBytes?: number): number | string | null {
  const scanner = new TopLevelIdScanner(maxScanBytes);
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += chunkSize) scanner.push(bytes.subarray(i, i + chunkSize));
  return scanner.id;
}

const filler = 'x'.repeat(5000);
/** Every place an id can sit, and every kind of nesting that hides a decoy "id". */
const cases: [string, number | string | null][] = [
  [`{"id":7,"method":"tools/call","params":{"a":"${filler}"}}`, 7],
  [`{"method":"tools/call","params":{"arguments":{"text":"${filler}"}},"jsonrpc":"2.0","id":8}`, 8],
  [`{"method":"m","params":{"id":99,"arguments":{"id":98,"list":[{"id":97}]}},"id":9}`, 9],
  [`{"params":{"arguments":{"id":98}},"method":"m"}`, null],
  [`{"params":{"text":"\\",\\"id\\":96,\\"x\\":\\""},"id":10}`, 10],
  [`{"params":{"text":"${filler}\\"id\\":95"}, "id" : "req-11" }`, 'req-11'],
  [`{"params":[1,{"id":94}],"id":"é-12"}`, 'é-12'],
  [`{"\\u0069d":13,"params":{"t":"${filler}"}}`, 13],
  [`{"ids":14,"idx":15,"params":{}}`, null],
  [`{"id":{"nested":1},"params":{}}`, null],
  [`{"id":null,"params":{}}`, null],
  [`{"id":-16.5e0,"params":{}}`, -16.5],
  [`[{"id":17}]`, null],
  [`{"params":{"t":"${filler}"},"id":18`, null],
];

describe('TopLevelIdScanner', () => {
  it('finds the top-level id wherever it is, however the bytes are chunked, and nothing nested', () => {
    for (const [text, id] of cases)
      for (const chunk of [1, 3, 64, 4096, text.length]) expect(scan(text, chunk), `${text.slice(0, 60)} / ${chunk}`).toEqual(id);
  });

  it('stops looking after maxScanBytes', () => {
    const text = `{"params":{"t":"${filler}"},"id":19}`;
    expect(scan(text, 100, text.length)).toBe(19);
    expect(scan(text, 100, 1000)).toBeNull();
  });

  it('ignores an id value too long to be worth echoing', () => {
    expect(scan(`{"id":"${'k'.repeat(600)}","params":{}}`)).toBeNull();
  });
});
