import { get } from 'node:http';
import { EventEmitter } from 'node:events';
import { ToolError } from '@stagewright/sdk';
import { WsSocket } from './ws-socket.js';
import { assertLoopbackUrl } from '../attach/devtools-urls.js';

interface Pending {
  resolve(value: Record<string, unknown>): void;
  reject(error: Error): void;
}

/** GET a small JSON document from a loopback DevTools HTTP endpoint. */
export function fetchJson<T = unknown>(host: string, port: number, path: string, timeoutMs = 1_500): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = get({ host, port, path, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T);
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

export interface InspectorTarget {
  type?: string;
  webSocketDebuggerUrl?: string;
}

/** A `/json/version` answer from a browser (renderer DevTools), not from a Node inspector. */
export function isBrowserVersion(version: { Browser?: string } | undefined): boolean {
  return !!version?.Browser && !/^node\.js\//i.test(version.Browser);
}

/** The Node inspector's websocket URL on a loopback port, or undefined when none answers there. */
export async function findInspectorUrl(port: number, host = '127.0.0.1'): Promise<string | undefined> {
  try {
    const targets = await fetchJson<InspectorTarget[]>(host, port, '/json/list');
    const node = Array.isArray(targets) ? targets.find((t) => t.type === 'node' && t.webSocketDebuggerUrl) : undefined;
    return node?.webSocketDebuggerUrl;
  } catch {
    return undefined;
  }
}

/**
 * Chrome DevTools Protocol over the Node inspector of an Electron main process. Used when the
 * driver did not launch the app itself (attach with inspectPort, inject). Emits `close`.
 */
export class InspectorClient extends EventEmitter {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly socket: WsSocket) {
    super();
    socket.on('message', (text: string) => this.onMessage(text));
    socket.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('inspector connection closed'));
      this.pending.clear();
      this.emit('close');
    });
  }

  /** Refuses (NOT_LOOPBACK) a URL off loopback: it comes from an endpoint's answer, not from the user. */
  static async connect(wsUrl: string, timeoutMs?: number): Promise<InspectorClient> {
    assertLoopbackUrl(wsUrl, 'The Node inspector endpoint');
    return new InspectorClient(await WsSocket.connect(wsUrl, timeoutMs));
  }

  get connected(): boolean {
    return this.socket.isOpen;
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.socket.send(JSON.stringify({ id, method, params }));
      } catch (error) {
        this.pending.delete(id);
        reject(error as Error);
      }
    });
  }

  /**
   * Run a function body with `electron`, `arg` and `require` in scope. `includeCommandLineAPI`
   * is what makes `require` reachable from the inspector's global scope (Electron 28+).
   */
  async evaluateBody(body: string, arg: unknown, timeoutMs: number): Promise<unknown> {
    const expression = `(async () => { const AsyncFunction = (async () => {}).constructor;
      const fn = new AsyncFunction('electron', 'arg', 'require', ${JSON.stringify(body)});
      return await fn(require('electron'), ${JSON.stringify(arg ?? null)}, require); })()`;
    const call = this.send('Runtime.evaluate', { expression, includeCommandLineAPI: true, awaitPromise: true, returnByValue: true });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ToolError('EVAL_TIMEOUT', `Main-process code did not finish within ${timeoutMs} ms.`)),
        timeoutMs,
      );
    });
    try {
      const response = await Promise.race([call, timeout]);
      const details = response.exceptionDetails as { exception?: { description?: string }; text?: string } | undefined;
      if (details) {
        const message = details.exception?.description ?? details.text ?? 'evaluation failed';
        throw new ToolError('EVAL_ERROR', message.split('\n')[0].slice(0, 500));
      }
      return (response.result as { value?: unknown } | undefined)?.value;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.socket.close();
  }

  private onMessage(text: string): void {
    let message: { id?: number; result?: Record<string, unknown>; error?: { message: string }; method?: string; params?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.id === undefined) {
      if (message.method) this.emit(message.method, message.params);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result ?? {});
  }
}
