import { ToolError } from '@stagewright/sdk';
import { channelMatches } from './channel-pattern.js';

/**
 * The operator's allowChannels (plugin config): when set, a tool that names channels acts only
 * on channels one of its patterns matches; anything else is refused before the app is touched.
 * Unset, every channel is allowed (the tools are gated behind --allow-eval=main either way).
 */
export function assertChannelsAllowed(allowed: readonly string[] | undefined, channels: readonly string[]): void {
  if (!allowed) return;
  const refused = channels.filter((channel) => !allowed.some((pattern) => channelMatches(pattern, channel)));
  if (refused.length === 0) return;
  throw new ToolError(
    'ipc.CHANNEL_NOT_ALLOWED',
    `Channel ${refused.map((c) => `'${c}'`).join(', ')} is not on the operator's allowChannels list (${allowed.join(', ')}). Use a listed channel; only the operator can change the list (--plugin-config ipc).`,
    { details: { refused, allowed: [...allowed] } },
  );
}
