import { Transform, type TransformCallback } from 'node:stream';
import { TopLevelIdScanner } from './top-level-id.js';

/**
 * Largest JSON-RPC message the server reads (4 MiB). Far above any real tool call (the largest
 * bounded parameters total well under 1 MiB), far below what would stall the event loop: before
 * this bound, one 10 MiB line made the SDK's reader give up, and the server exited silently or
 * stopped reading while its app kept running.
 */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

export type JsonRpcError = { jsonrpc: '2.0'; id: number | string | null; error: { code: number; message: string } };

/**
 * Splits stdin into whole lines for the SDK's stdio transport and answers, on its own, the lines
 * the transport would drop without a word: a line over `maxBytes` gets -32600 (with its top-level
 * id, found wherever it is in the line by a constant-memory scan, else null), a line that is not JSON gets -32700. The
 * server keeps serving either way.
 */
export class RequestLines extends Transform {
  private pieces: Buffer[] = [];
  private length = 0;
  /** Set while an oversized line is being skipped: it reads the line's id from the bytes that go by. */
  private oversized: TopLevelIdScanner | undefined;

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
    if (this.oversized) {
      this.oversized.push(part);
      return;
    }
    if (this.length + part.length > this.maxBytes) {
      this.oversized = new TopLevelIdScanner();
      for (const piece of [...this.pieces, part]) this.oversized.push(piece);
      this.pieces = [];
      this.length = 0;
      return;
    }
    this.pieces.push(part);
    this.length += part.length;
  }

  private endLine(): void {
    if (this.oversized) {
      this.reply(
        errorReply(
          this.oversized.id,
          -32600,
          `Request too large: over ${this.maxBytes} bytes. Send smaller arguments (large inputs belong in files passed by path).`,
        ),
      );
      this.oversized = undefined;
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
