import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readEnvelope, type ResultBlock } from '@stagewright/sdk';
import { asCommands } from './commands.js';

/**
 * Exit codes of an agent command (ADR-0047). A tool's error code decides its class; a code not
 * named here (a plugin's, a new one) is 7, "the tool failed".
 */
export const EXIT = {
  OK: 0,
  EXPECTATION: 1,
  USAGE: 2,
  ELEMENT: 3,
  SESSION: 4,
  NOT_PERMITTED: 5,
  DAEMON: 6,
  TOOL_FAILED: 7,
} as const;

const BY_CODE: Record<string, number> = {
  EXPECTATION_FAILED: EXIT.EXPECTATION,
  WAIT_TIMEOUT: EXIT.EXPECTATION,
  BAD_ARGUMENT: EXIT.USAGE,
  UNKNOWN_TOOL: EXIT.USAGE,
  UNSAFE_REGEX: EXIT.USAGE,
  REF_NOT_FOUND: EXIT.ELEMENT,
  ELEMENT_NOT_FOUND: EXIT.ELEMENT,
  AMBIGUOUS_SELECTOR: EXIT.ELEMENT,
  ELEMENT_NOT_VISIBLE: EXIT.ELEMENT,
  ELEMENT_DISABLED: EXIT.ELEMENT,
  ELEMENT_DETACHED: EXIT.ELEMENT,
  ELEMENT_COVERED: EXIT.ELEMENT,
  ELEMENT_NOT_EDITABLE: EXIT.ELEMENT,
  ACTION_TIMEOUT: EXIT.ELEMENT,
  OPTION_NOT_FOUND: EXIT.ELEMENT,
  WINDOW_NOT_FOUND: EXIT.ELEMENT,
  SURFACE_NOT_FOUND: EXIT.ELEMENT,
  NO_SESSION: EXIT.SESSION,
  SESSION_NOT_FOUND: EXIT.SESSION,
  SESSION_AMBIGUOUS: EXIT.SESSION,
  SESSION_LIMIT: EXIT.SESSION,
  APP_EXITED: EXIT.SESSION,
  LAUNCH_FAILED: EXIT.SESSION,
  LAUNCH_TIMEOUT: EXIT.SESSION,
  APP_CRASHED_AT_START: EXIT.SESSION,
  ATTACH_FAILED: EXIT.SESSION,
  INJECT_FAILED: EXIT.SESSION,
  PROCESS_NOT_INSPECTABLE: EXIT.SESSION,
  MAIN_PROCESS_UNAVAILABLE: EXIT.SESSION,
  RENDERER_UNRESPONSIVE: EXIT.SESSION,
  TOOL_NOT_IN_PROFILE: EXIT.NOT_PERMITTED,
  EVAL_NOT_ALLOWED: EXIT.NOT_PERMITTED,
  IMPERSONATION_NOT_ALLOWED: EXIT.NOT_PERMITTED,
  PATH_OUTSIDE_ROOT: EXIT.NOT_PERMITTED,
  UNSAFE_FOLDER: EXIT.NOT_PERMITTED,
  ENV_NOT_ALLOWED: EXIT.NOT_PERMITTED,
  LAUNCH_ARG_NOT_ALLOWED: EXIT.NOT_PERMITTED,
  NOT_LOOPBACK: EXIT.NOT_PERMITTED,
  APP_OWNED_BY_ANOTHER_SESSION: EXIT.NOT_PERMITTED,
};

export function exitCodeOf(code: string | undefined): number {
  return code === undefined ? EXIT.TOOL_FAILED : (BY_CODE[code] ?? EXIT.TOOL_FAILED);
}

/** The exit-code table as the skill and --help print it. */
export const EXIT_CODE_LINES = [
  '0 ok',
  '1 expectation not met (EXPECTATION_FAILED, WAIT_TIMEOUT)',
  '2 usage: unknown command or flag, bad value (BAD_ARGUMENT, UNKNOWN_TOOL, UNSAFE_REGEX)',
  '3 element or window not found or not actionable (REF_NOT_FOUND, ELEMENT_*, ACTION_TIMEOUT, ...)',
  '4 no usable app session (NO_SESSION, SESSION_*, APP_EXITED, LAUNCH_*, ATTACH_FAILED, ...)',
  '5 not permitted by the operator (TOOL_NOT_IN_PROFILE, EVAL_NOT_ALLOWED, PATH_OUTSIDE_ROOT, *_NOT_ALLOWED, ...)',
  '6 the background server could not be reached or started',
  '7 any other tool error (INTERNAL_ERROR, EVAL_ERROR, OPERATION_TIMEOUT, plugin codes, ...)',
];

/** A string longer than this, or a structure whose JSON is, goes to a file. */
const INLINE_TEXT = 240;
const INLINE_JSON = 400;

/** Fields that tell the agent what to do next. */
const GUIDANCE = new Set(['hint', 'next_actions']);

function guidance(value: unknown): unknown {
  const text = (t: string) => asCommands(t.replace(/stagewright:\/\/tools\/\{name\}/g, '`stagewright <command> --help`'));
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? text(item) : item));
  return value;
}

export interface Answer {
  stdout: string;
  exitCode: number;
  /** The files this answer wrote, relative to the workspace. */
  files: string[];
}

export interface AnswerContext {
  workspace: string;
  /** The folder answers' files go to (`<workspace>/.stagewright`). */
  outDir: string;
  command: string;
  /** A number unique in this server's life, for file names. */
  seq: number;
  json: boolean;
}

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`);

/** Render a scalar on one line: strings bare when they are a single word, else JSON-quoted. */
function scalar(value: unknown): string {
  if (typeof value === 'string') return /^[\w./:@#-]+$/.test(value) ? value : JSON.stringify(value);
  return String(value);
}

/**
 * A tools/call result as the agent's shell shows it. Short text by default: `ok` or `error CODE:
 * message`, then one `key: value` line per field, where a long text (a snapshot) or a large
 * structure goes to a file under `.stagewright/` and its line names the file and its size. An
 * image block (an inline screenshot) is always written to a file. With `--json`, the whole
 * envelope, images replaced by their files.
 */
export function renderAnswer(result: { content?: unknown; isError?: boolean }, context: AnswerContext): Answer {
  const content = (result.content ?? []) as (ResultBlock & { data?: string; mimeType?: string })[];
  const envelope = readEnvelope(content) ?? { ok: !result.isError, text: content.map((c) => c.text ?? '').join('') };
  const files: string[] = [];
  const write = (name: string, data: string | Buffer): string => {
    mkdirSync(context.outDir, { recursive: true });
    const path = join(context.outDir, name);
    writeFileSync(path, data);
    const shown = relative(context.workspace, path) || path;
    files.push(shown);
    return `${shown} (${kb(Buffer.byteLength(data))})`;
  };
  const base = `${context.command}-${context.seq}`;
  const images = content.filter((c) => c.type === 'image' && typeof c.data === 'string');
  const imageLines = images.map((image, i) => {
    const ext = image.mimeType === 'image/jpeg' ? 'jpg' : 'png';
    return `image: ${write(`${base}${images.length > 1 ? `-${i + 1}` : ''}.${ext}`, Buffer.from(image.data!, 'base64'))}`;
  });
  const ok = envelope.ok !== false && !result.isError;
  const code = typeof envelope.code === 'string' ? envelope.code : undefined;
  const exitCode = ok ? EXIT.OK : exitCodeOf(code);
  if (context.json) {
    const { _meta, ...rest } = envelope;
    const out = images.length ? { ...rest, images: files } : rest;
    return { stdout: `${JSON.stringify(out)}\n`, exitCode, files };
  }
  const lines = [ok ? 'ok' : `error ${code ?? 'ERROR'}: ${asCommands(String(envelope.error ?? envelope.message ?? ''))}`];
  for (const [key, raw] of Object.entries(envelope)) {
    // What an error tells the agent to do names commands, not MCP tools or resources.
    const value = GUIDANCE.has(key) ? guidance(raw) : raw;
    if (key === 'ok' || key === '_meta' || (!ok && (key === 'code' || key === 'error'))) continue;
    if (value === undefined) continue;
    if (typeof value === 'string') {
      const multiline = value.split('\n').length;
      if (value.length > INLINE_TEXT || multiline > 3) {
        const ext = key === 'snapshot' ? 'yml' : key.toLowerCase().includes('json') ? 'json' : 'txt';
        lines.push(
          `${key}: ${write(`${key === context.command ? base : `${base}-${key}`}.${ext}`, value)}${multiline > 1 ? `, ${multiline} lines` : ''}`,
        );
      } else lines.push(`${key}: ${scalar(value)}`);
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      lines.push(`${key}: ${scalar(value)}`);
      continue;
    }
    if (Array.isArray(value) && value.length === 0) continue;
    const json = JSON.stringify(value);
    if (json.length > INLINE_JSON) {
      const count = Array.isArray(value) ? `, ${value.length} items` : '';
      lines.push(`${key}: ${write(`${base}-${key}.json`, JSON.stringify(value, null, 2))}${count}`);
    } else lines.push(`${key}: ${json}`);
  }
  lines.push(...imageLines);
  return { stdout: `${lines.join('\n')}\n`, exitCode, files };
}
