// The main-net fixture's API (the app's main process and page call it as `api=<origin>`): a
// loopback server the test owns, so the matrix can tell a stubbed answer from a real one.
import { createServer } from 'node:http';

export interface ApiServer {
  origin: string;
  /** Paths of the requests that reached the server, in order. */
  received: string[];
  close(): Promise<void>;
}

const ANSWERS: Record<string, unknown> = {
  '/login': { user: 'ada' },
  '/profile': { name: 'Ada Lovelace', plan: 'pro' },
  '/inbox': { unread: 4 },
  '/status': { message: 'all systems go' },
  '/items': { items: [1, 2, 3] },
};

export async function startApiServer(): Promise<ApiServer> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    req.resume();
    req.on('end', () => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'cache-control': 'no-store' };
      if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
      received.push(path);
      const answer = ANSWERS[path];
      res
        .writeHead(answer ? 200 : 404, { 'content-type': 'application/json', ...cors })
        .end(JSON.stringify(answer ?? { error: 'Not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
