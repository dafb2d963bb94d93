// The harness's HTTP helpers with fake-electron as the runtime of every app the server launches.
import { electronExecutable } from '@stagewright/fake-electron';
import { type ExitedServer, type HttpServerProcess, spawnHttpServer as spawnBundle } from '@stagewright/harness';

export {
  alive,
  connectHttp,
  isRunning,
  processTree,
  settled,
  type ExitedServer,
  type HttpConnection,
  type HttpServerProcess,
} from '@stagewright/harness';

export function spawnHttpServer(args: string[], env: Record<string, string> = {}): Promise<HttpServerProcess | ExitedServer> {
  return spawnBundle(args, { STAGEWRIGHT_ELECTRON: electronExecutable(), ...env });
}
