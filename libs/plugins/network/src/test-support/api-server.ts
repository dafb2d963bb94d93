import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** What the main-net fixture's API answers; the test starts it, the app reaches it as `api=<origin>`. */
export interface ApiServer {
  origin: string;
  /** Every request that arrived: method, path and headers as sent (the real credentials). */
  received: { method: string; path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

const ANSWERS: Record<string, (body: string) => [number, Record<string, string>, string]> = {
  '/login': () => [200, { 'set-cookie': 'session=main-session-77aa; HttpOnly' }, JSON.stringify({ user: 'ada' })],
  '/profile': () => [200, {}, JSON.stringify({ name: 'Ada Lovelace', plan: 'pro' })],
  '/inbox': () => [200, {}, JSON.stringify({ unread: 4 })],
  '/status': () => [200, {}, JSON.stringify({ message: 'all systems go' })],
  '/items': () => [200, {}, JSON.stringify({ items: [1, 2, 3] })],
  '/notes': (body) => [200, {}, JSON.stringify({ saved: body.length })],
  '/blob': () => [200, { 'content-type': 'application/octet-stream' }, 'x'.repeat(2048)],
};

export async function startApiServer(): Promise<ApiServer> {
  const received: ApiServer['received'] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? 'GET', path, headers: req.headers });
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'cache-control': 'no-store' };
      if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
      const answer = ANSWERS[path];
      if (!answer) return res.writeHead(404, { ...cors, 'content-type': 'application/json' }).end('{"error":"Not found"}');
      const [status, headers, text] = answer(body);
      res.writeHead(status, { 'content-type': 'application/json', ...cors, ...headers }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
