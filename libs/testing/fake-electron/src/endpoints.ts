import { get } from 'node:http';

/** Whether a loopback HTTP endpoint (e.g. DevTools `/json/version`) answers 200 within half a second. */
export function endpointAnswers(port: number, path = '/json/version'): Promise<boolean> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path, timeout: 500 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

/**
 * Whether a DevTools endpoint's target list (`/json/list`) has a page: the app's window is open.
 * The port answers before the app's window exists, so a test that attached at that moment met an
 * app with no window (and a main process with no webContents) yet, more often on a loaded machine.
 */
export function listsAPage(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/json/list', timeout: 500 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        try {
          resolve((JSON.parse(body) as { type?: string }[]).some((target) => target.type === 'page'));
        } catch {
          resolve(false);
        }
      });
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}
