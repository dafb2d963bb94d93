// Self-contained (the agent receives it as source): no imports at runtime, no outer names.

/**
 * Runs one handler-table entry the way Electron's dispatcher does: with an event whose sender is
 * `sender`, answering through event._reply/_throw (Electron's entries) or its returned value (the
 * stand-in's). Bounded by `timeoutMs`: a handler that has not answered by then is left behind
 * (undefined is returned; its late answer is dropped, a late rejection caught). The timer is
 * cleared either way, so nothing of the call outlives it.
 */
export async function runHandler(
  // biome-ignore lint/suspicious/noExplicitAny: an Electron handler-table entry and webContents, untyped here.
  handler: (event: any, ...args: unknown[]) => unknown,
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  sender: any,
  args: unknown[],
  timeoutMs: number,
): Promise<{ value?: unknown; error?: string } | undefined> {
  const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
  let replied: { value?: unknown; error?: string } | undefined;
  const event = {
    sender,
    senderFrame: sender?.mainFrame ?? null,
    processId: sender?.getProcessId?.() ?? 0,
    frameId: 1,
    _reply: (value: unknown) => (replied ??= { value }),
    _throw: (error: unknown) => (replied ??= { error: errorText(error) }),
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = Promise.resolve()
    .then(() => handler(event, ...args))
    .then(
      (value: unknown) => {
        replied ??= { value };
      },
      (error: unknown) => {
        replied ??= { error: errorText(error) };
      },
    );
  const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), timeoutMs)));
  await Promise.race([settled, expired]);
  clearTimeout(timer);
  return replied;
}
