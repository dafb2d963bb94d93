import type { ErrorBody } from './envelope.js';

/** ANSI escape sequences (colours, cursor moves): Playwright and child processes print them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the escape character is the point
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g;
/** A tool name as hints write them (`electron_doctor`, `ipc_read`). */
const TOOL_NAME = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/**
 * The guidance of an error fitted to the server that answers it: plain text, `next_actions`
 * always present (possibly empty, as the envelope contract says), and never a tool the active
 * profile hides. A hint sentence naming a hidden tool is dropped (a parenthesis naming one
 * loses only the parenthesis); the tool that was called may still be named (it is the subject).
 */
export function fitGuidance(body: ErrorBody, hides: (tool: string) => boolean, calledTool: string): ErrorBody {
  const hidden = (text: string) => (text.match(TOOL_NAME) ?? []).some((name) => name !== calledTool && hides(name));
  let hint = body.hint === undefined ? undefined : stripAnsi(body.hint);
  if (hint && hidden(hint)) {
    const kept = hint
      .replace(/\s*\([^()]*\)/g, (group) => (hidden(group) ? '' : group))
      .split(/(?<=[.;])\s+/)
      .filter((sentence) => !hidden(sentence))
      .join(' ')
      .trim();
    hint = kept || undefined;
  }
  return {
    ...body,
    error: stripAnsi(body.error),
    hint,
    next_actions: (body.next_actions ?? []).filter((tool) => !hides(tool)),
  };
}
