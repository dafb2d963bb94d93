/**
 * A failure outside any request is logged on stderr; it never takes the process (the server and
 * its apps, or a replay run and its exit code) down. Playwright, for one, leaves rejections of its
 * own unhandled when a launched executable exits at once; the launch itself still fails cleanly.
 */
export function installCrashHandlers(): void {
  process.on('unhandledRejection', (reason) =>
    process.stderr.write(`[stagewright] error: unhandled rejection: ${String((reason as Error)?.stack ?? reason)}\n`),
  );
  process.on('uncaughtException', (error) =>
    process.stderr.write(`[stagewright] error: uncaught exception: ${error.stack ?? error.message}\n`),
  );
}
