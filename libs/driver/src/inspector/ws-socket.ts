import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { EventEmitter } from 'node:events';

/**
 * A minimal WebSocket client (RFC 6455, text frames only) for loopback DevTools endpoints.
 * Node 20 has no global WebSocket and the workspace has no `ws`; the inspector protocol needs
 * only text messages, ping/pong and close, so this stays small.
 * Events: `message` (string), `close`.
 */
export class WsSocket extends EventEmitter {
  private buffer = Buffer.alloc(0);
  private fragments: Buffer[] = [];
  private closed = false;

  private constructor(private readonly socket: Socket) {
    super();
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () => this.markClosed());
    socket.on('error', () => this.markClosed());
  }

  static connect(url: string, timeoutMs = 5_000): Promise<WsSocket> {
    const target = new URL(url);
    const key = randomBytes(16).toString('base64');
    return new Promise((resolve, reject) => {
      const req = request({
        host: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        path: target.pathname + target.search,
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': key },
        timeout: timeoutMs,
      });
      req.on('upgrade', (_res, socket, head) => {
        socket.setNoDelay(true);
        const ws = new WsSocket(socket);
        if (head.length) ws.onData(head);
        resolve(ws);
      });
      req.on('response', (res) => reject(new Error(`WebSocket upgrade refused: HTTP ${res.statusCode}`)));
      req.on('timeout', () => req.destroy(new Error('WebSocket connect timed out')));
      req.on('error', reject);
      req.end();
    });
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  send(text: string): void {
    if (this.closed) throw new Error('WebSocket is closed');
    this.socket.write(frame(0x1, Buffer.from(text, 'utf8')));
  }

  close(): void {
    if (this.closed) return;
    try {
      this.socket.write(frame(0x8, Buffer.alloc(0)));
    } finally {
      this.socket.end();
      this.markClosed();
    }
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
    this.emit('close');
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const parsed = parseFrame(this.buffer);
      if (!parsed) return;
      this.buffer = this.buffer.subarray(parsed.size);
      this.onFrame(parsed.fin, parsed.opcode, parsed.payload);
    }
  }

  private onFrame(fin: boolean, opcode: number, payload: Buffer): void {
    if (opcode === 0x8) {
      this.markClosed();
      return;
    }
    if (opcode === 0x9) {
      if (!this.closed) this.socket.write(frame(0xa, payload));
      return;
    }
    if (opcode === 0xa) return;
    this.fragments.push(payload);
    if (!fin) return;
    const message = Buffer.concat(this.fragments).toString('utf8');
    this.fragments = [];
    this.emit('message', message);
  }
}

/** Client frames are always masked (RFC 6455 §5.3). */
function frame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const length = payload.length;
  const header = length < 126 ? Buffer.alloc(2) : length < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10);
  header[0] = 0x80 | opcode;
  if (length < 126) header[1] = 0x80 | length;
  else if (length < 65_536) {
    header[1] = 0x80 | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const body = Buffer.alloc(length);
  for (let i = 0; i < length; i++) body[i] = payload[i] ^ mask[i % 4];
  return Buffer.concat([header, mask, body]);
}

function parseFrame(buf: Buffer): { fin: boolean; opcode: number; payload: Buffer; size: number } | undefined {
  if (buf.length < 2) return undefined;
  const fin = (buf[0] & 0x80) !== 0;
  const opcode = buf[0] & 0x0f;
  const masked = (buf[1] & 0x80) !== 0;
  let length = buf[1] & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (buf.length < 4) return undefined;
    length = buf.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (buf.length < 10) return undefined;
    length = Number(buf.readBigUInt64BE(2));
    offset = 10;
  }
  const maskKey = masked ? buf.subarray(offset, offset + 4) : undefined;
  if (masked) offset += 4;
  if (buf.length < offset + length) return undefined;
  let payload = buf.subarray(offset, offset + length);
  if (maskKey) payload = Buffer.from(payload.map((b, i) => b ^ maskKey[i % 4]));
  return { fin, opcode, payload, size: offset + length };
}
