import { Worker } from 'node:worker_threads';
import { ToolError } from '@stagewright/sdk';

/**
 * Time one match may take. Static checks refuse the known catastrophic shapes, but polynomial
 * backtracking (`a*a*a*b` on a long text) passes any static check; a match that overruns this
 * budget ends with the worker terminated, so the server's event loop never stalls on a pattern.
 */
export const MATCH_BUDGET_MS = 250;

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const cache = new Map();
parentPort.on('message', ({ id, source, flags, subject, subjects }) => {
  try {
    const key = flags + '/' + source;
    let re = cache.get(key);
    if (!re) {
      re = new RegExp(source, flags);
      if (cache.size > 64) cache.clear();
      cache.set(key, re);
    }
    const result = subjects ? subjects.map((s) => re.test(s)) : re.test(subject);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Reply {
  id: number;
  result?: boolean | boolean[];
  error?: string;
}

let worker: Promise<Worker> | undefined;
let nextId = 0;
let queue: Promise<unknown> = Promise.resolve();

/** The worker once it runs: its start-up time never counts against a match's budget. */
function ensureWorker(): Promise<Worker> {
  if (!worker) {
    const w = new Worker(WORKER_SOURCE, { eval: true });
    w.unref();
    const ready = new Promise<Worker>((resolve, reject) => {
      w.once('online', () => resolve(w));
      w.once('error', reject);
    });
    worker = ready;
    w.on('exit', () => {
      if (worker === ready) worker = undefined;
    });
    ready.catch(() => {
      if (worker === ready) worker = undefined;
    });
  }
  return worker;
}

/** Run one match in the worker; matches are serialised so a budget overrun is blamed on its own pattern. */
export async function matchInWorker(source: string, flags: string, subject: string, param: string): Promise<boolean> {
  return (await enqueue(source, flags, { subject }, param)) === true;
}

/** Match many subjects in one round trip (log filtering); the budget covers the whole batch. */
export async function matchManyInWorker(source: string, flags: string, subjects: readonly string[], param: string): Promise<boolean[]> {
  if (subjects.length === 0) return [];
  const result = await enqueue(source, flags, { subjects: [...subjects] }, param);
  return Array.isArray(result) ? result : subjects.map(() => false);
}

function enqueue(
  source: string,
  flags: string,
  input: { subject?: string; subjects?: string[] },
  param: string,
): Promise<boolean | boolean[] | undefined> {
  const run = queue.then(() => matchOnce(source, flags, input, param));
  queue = run.catch(() => undefined);
  return run;
}

async function matchOnce(
  source: string,
  flags: string,
  input: { subject?: string; subjects?: string[] },
  param: string,
): Promise<boolean | boolean[] | undefined> {
  const w = await ensureWorker();
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      worker = undefined;
      void w.terminate();
      reject(
        new ToolError('UNSAFE_REGEX', `${param}: matching took longer than ${MATCH_BUDGET_MS} ms; use a simpler pattern.`, {
          details: { param },
        }),
      );
    }, MATCH_BUDGET_MS);
    const onMessage = (reply: Reply) => {
      if (reply.id !== id) return;
      cleanup();
      if (reply.error !== undefined) reject(new ToolError('BAD_ARGUMENT', `${param}: ${reply.error}`, { details: { param } }));
      else resolve(reply.result);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.postMessage({ id, source, flags, ...input });
  });
}
