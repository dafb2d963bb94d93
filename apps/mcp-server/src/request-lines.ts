import { Transform, type TransformCallback } from 'node:stream';

/**
 * Largest JSON-RPC message the server reads (4 MiB). Far above any real tool call (the largest
 * bounded parameters total well under 1 MiB), far below what would stall the event loop: before
 * this bound, one 10 MiB line made the SDK's reader give up, and the server exited silently or
 * stopped reading while its app kept running.
 */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** Where a request id is looked for in an oversized line (ids come first in practice). */
const ID_WINDOW = 4096;
const ID_PATTERN = /"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")\s*[,}]/;

export type JsonRpcError = { jsonrpc: '2.0'; id: number | string | null; error: { code: number; message: string } };

/**
 * Splits stdin into whole lines for the SDK's stdio transport and answers, on its own, the lines
 * the transport would drop without a word: a line over `maxBytes` gets -32600 (with its id when
 * the id can be read from the line's start, else null), a line that is not JSON gets -32700. The
 * server keeps serving either way.
 */
export class RequestLines extends Transform {
  private pieces: Buffer[] = [];
  private length = 0;
  private oversized = false;
  private head = '';

  constructor(
    private readonly maxBytes: number,
    private readonly reply: (error: JsonRpcError) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, start)) {
      this.append(chunk.subarray(start, newline));
      this.endLine();
      start = newline + 1;
    }
    this.append(chunk.subarray(start));
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.length || this.oversized) this.endLine();
    done();
  }

  private append(part: Buffer): void {
    if (!part.length) return;
    if (this.oversized) return;
    if (this.length + part.length > this.maxBytes) {
      this.oversized = true;
      this.head = Buffer.concat([...this.pieces, part])
        .subarray(0, ID_WINDOW)
        .toString('utf8');
      this.pieces = [];
      this.length = 0;
      return;
    }
    this.pieces.push(part);
    this.length += part.length;
  }

  private endLine(): void {
    if (this.oversized) {
      const id = ID_PATTERN.exec(this.head)?.[1];
      this.reply(
        errorReply(
          id === undefined ? null : JSON.parse(id),
          -32600,
          `Request too large: over ${this.maxBytes} bytes. Send smaller arguments (large inputs belong in files passed by path).`,
        ),
      );
      this.oversized = false;
      this.head = '';
      return;
    }
    const line = Buffer.concat(this.pieces);
    this.pieces = [];
    this.length = 0;
    if (!line.toString('utf8').trim()) return;
    try {
      JSON.parse(line.toString('utf8'));
    } catch {
      this.reply(errorReply(null, -32700, 'Parse error: the line is not valid JSON. Send one JSON-RPC message per line.'));
      return;
    }
    this.push(Buffer.concat([line, Buffer.from('\n')]));
  }
}

function errorReply(id: number | string | null, code: number, message: string): JsonRpcError {
  return { jsonrpc: '2.0', id, error: { code, message } };
}
