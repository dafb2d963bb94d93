/**
 * Whether `channel` matches `pattern`: the same string, or, where the pattern has `*`, any run
 * of characters (none included) in its place, the whole channel matched ("settings:*" takes
 * "settings:load", never "xsettings:load" or "settings"). The one matcher of the operator's
 * allowChannels list and of ipc_read's channel filter. Self-contained: the in-app agent receives
 * it as source (mainAgentBody), so it uses no outer names.
 */
export function channelMatches(pattern: string, channel: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === channel;
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (channel.length < first.length + last.length || !channel.startsWith(first) || !channel.endsWith(last)) return false;
  const end = channel.length - last.length;
  let at = first.length;
  for (const middle of parts.slice(1, -1)) {
    const found = channel.indexOf(middle, at);
    if (found < 0 || found + middle.length > end) return false;
    at = found + middle.length;
  }
  return true;
}
