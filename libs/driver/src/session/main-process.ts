import type { ElectronApplication } from 'playwright-core';
import { ToolError, isToolError, within } from '@stagewright/sdk';
import type { InspectorClient } from '../inspector/inspector-client.js';

/** Evaluation in the Electron main process: through Playwright when launched, the inspector otherwise. */
export interface MainProcess {
  evaluate(body: string, arg: unknown, timeoutMs: number): Promise<unknown>;
  close(): void;
}

export class LaunchedMainProcess implements MainProcess {
  constructor(private readonly app: ElectronApplication) {}

  async evaluate(body: string, arg: unknown, timeoutMs: number): Promise<unknown> {
    const run = this.app.evaluate(
      async (electron, input: { body: string; arg: unknown }) => {
        const AsyncFunction = (async () => undefined).constructor as new (...names: string[]) => (...args: unknown[]) => Promise<unknown>;
        const fn = new AsyncFunction('electron', 'arg', 'require', input.body);
        const proc = process as unknown as {
          mainModule?: { require: unknown };
          getBuiltinModule?: (name: string) => { createRequire(p: string): unknown };
        };
        const req = proc.mainModule?.require ?? proc.getBuiltinModule?.('module').createRequire(`${process.cwd()}/`);
        return fn(electron, input.arg, req);
      },
      { body, arg: arg ?? null },
    );
    try {
      return await within(run, timeoutMs, () => {
        throw new ToolError('EVAL_TIMEOUT', `Main-process code did not finish within ${timeoutMs} ms.`);
      });
    } catch (error) {
      if (isToolError(error)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new ToolError(
        'EVAL_ERROR',
        message
          .replace(/^electronApplication\.evaluate: /, '')
          .split('\n')[0]
          .slice(0, 500),
      );
    }
  }

  close(): void {}
}

export class InspectorMainProcess implements MainProcess {
  constructor(private readonly client: InspectorClient) {}

  async evaluate(body: string, arg: unknown, timeoutMs: number): Promise<unknown> {
    if (!this.client.connected) throw new ToolError('MAIN_PROCESS_UNAVAILABLE', 'The main-process inspector connection is closed.');
    return this.client.evaluateBody(body, arg, timeoutMs);
  }

  close(): void {
    this.client.close();
  }
}
