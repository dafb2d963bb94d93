import { Params, ToolError, Type, clampTimeout, defineSessionTool, type AnyToolDefinition, type DownloadRecord } from '@stagewright/sdk';
import { pollUntil } from '../shared/poll.js';

const downloads = defineSessionTool({
  name: 'electron_downloads',
  title: 'Downloads',
  description: "List the app's downloads, or wait for them to finish.",
  kind: 'read',
  input: { wait: Type.Optional(Type.Boolean()), timeoutMs: Params.timeoutMs() },
  detail: {
    notes:
      'Each: id, url, name, size, received, state (progressing, completed, cancelled, interrupted), path. ' +
      "Saved in the artifact folder's downloads/ without a save dialog, unless the app chose a path. " +
      'wait: true waits until at least one exists and none is progressing, else WAIT_TIMEOUT (timeoutMs default 5000).',
    errors: ['WAIT_TIMEOUT', 'MAIN_PROCESS_UNAVAILABLE'],
    example: { wait: true },
  },
  async handle(args, { session, signal }) {
    if (!session.downloads || !session.capabilities.mainProcess) {
      throw new ToolError('MAIN_PROCESS_UNAVAILABLE', 'Downloads are seen through the main process, which this session does not reach.');
    }
    const list = () => session.downloads!();
    if (!args.wait) return { downloads: await list() };
    const timeoutMs = clampTimeout(args.timeoutMs);
    const outcome = await pollUntil<DownloadRecord[]>(
      async () => {
        const now = await list();
        return { done: now.length > 0 && now.every((d) => d.state !== 'progressing'), value: now };
      },
      { timeoutMs, signal },
    );
    if (!outcome.done) {
      const progressing = outcome.value.filter((d) => d.state === 'progressing').map((d) => d.id);
      throw new ToolError(
        'WAIT_TIMEOUT',
        outcome.value.length
          ? `${progressing.length} download(s) still in progress after ${timeoutMs} ms.`
          : `No download began within ${timeoutMs} ms.`,
        { details: { downloads: outcome.value } },
      );
    }
    return { downloads: outcome.value };
  },
});

/** What the app downloaded, and a wait for it to finish (ADR-0043). */
export const DOWNLOAD_TOOLS: readonly AnyToolDefinition[] = [downloads];
