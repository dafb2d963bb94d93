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
