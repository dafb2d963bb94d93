import { existsSync } from 'node:fs';
import type { DiscoveredEndpoint, DoctorCheck } from '@stagewright/sdk';
import { fetchJson, isBrowserVersion } from './inspector/inspector-client.js';
import { resolveExecutable } from './launch/executable.js';

/** Which executable a launch without executablePath would use, and whether STAGEWRIGHT_ELECTRON is sound. */
export async function runtimeChecks(fallback: string | undefined): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const fromEnv = process.env.STAGEWRIGHT_ELECTRON;
  if (fromEnv)
    checks.push({
      name: 'STAGEWRIGHT_ELECTRON',
      ok: existsSync(fromEnv),
      detail: existsSync(fromEnv) ? 'set; the file exists' : 'set, but the file does not exist',
    });
  try {
    const resolved = resolveExecutable({}, process.env, fallback);
    checks.push({
      name: 'electron runtime',
      ok: true,
      detail: `launches use the ${resolved.source} unless the app has its own electron package`,
    });
  } catch {
    checks.push({
      name: 'electron runtime',
      ok: false,
      detail: 'no executable: pass executablePath, set STAGEWRIGHT_ELECTRON, or install electron in the app',
    });
  }
  return checks;
}

type Version = { Browser?: string; 'User-Agent'?: string };
type Target = { type?: string; title?: string };

/** Probe loopback ports, a few at a time, for CDP (`/json/version`) and Node inspector (`/json/list`) endpoints. */
export async function discoverEndpoints(ports: readonly number[]): Promise<DiscoveredEndpoint[]> {
  const found: DiscoveredEndpoint[] = [];
  const queue = [...new Set(ports)];
  const worker = async () => {
    for (let port = queue.shift(); port !== undefined; port = queue.shift()) {
      const endpoint = await probe(port);
      if (endpoint) found.push(endpoint);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return found.sort((a, b) => a.port - b.port);
}

async function probe(port: number): Promise<DiscoveredEndpoint | undefined> {
  const version = await fetchJson<Version>('127.0.0.1', port, '/json/version', 800).catch(() => undefined);
  if (isBrowserVersion(version)) {
    const targets = await fetchJson<Target[]>('127.0.0.1', port, '/json/list', 800).catch(() => []);
    const electron = /Electron\/(\S+)/.exec(version!['User-Agent'] ?? '')?.[1];
    const endpoint: DiscoveredEndpoint = {
      port,
      kind: 'cdp',
      product: version!.Browser,
      pages: targets.filter((t) => t.type === 'page').length,
    };
    if (electron) endpoint.electron = electron;
    return endpoint;
  }
  const list = await fetchJson<Target[]>('127.0.0.1', port, '/json/list', 800).catch(() => undefined);
  const node = Array.isArray(list) ? list.find((t) => t.type === 'node') : undefined;
  if (node) return { port, kind: 'inspector', product: node.title?.slice(0, 100) };
  return undefined;
}
