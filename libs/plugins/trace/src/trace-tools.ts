import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { defineTool, privateFolder, ToolError, Type } from '@stagewright/sdk';
import type { Recorder } from './recorder.js';

const NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';

const defaultName = () => `trace-${new Date().toISOString().replace(/[:.]/g, '-')}`;

const startTool = (recorder: Recorder) =>
  defineTool({
    name: 'start',
    title: 'Start tracing',
    description: 'Record every following tool call to a JSONL trace for review and replay.',
    kind: 'action',
    input: {
      name: Type.Optional(Type.String({ pattern: NAME_PATTERN, description: 'trace file name (no extension)' })),
      redact: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20 })),
      playwright: Type.Optional(Type.Boolean()),
    },
    detail: {
      notes:
        'Writes <name>.trace.jsonl in the trace folder (plugin config `dir`), one line per call as it finishes: tool, args, answer, timing. ' +
        '`redact`: extra argument fields to hide for this trace (e.g. ["text"] before typing a password); the credential fields of the plugin config `redact` (default: the sdk credential list, shown by electron_plugins) are always hidden. ' +
        '`playwright: true` also records a Playwright trace (screenshots + DOM) of each app session, saved as <name>.playwright-<sessionId>.zip when the session stops or at trace_stop; open it with `npx playwright show-trace`. ' +
        'Returns { file, name }. Review with `stagewright trace view <file>`, turn into a replay spec with `stagewright trace promote`.',
      errors: ['trace.ALREADY_RECORDING', 'trace.EXISTS', 'UNSAFE_FOLDER'],
      example: { name: 'greet-flow', playwright: true },
    },
    handle: async (args) => {
      if (recorder.current)
        throw new ToolError(
          'trace.ALREADY_RECORDING',
          `A trace is already recording to ${recorder.current.file.path}: call trace_stop first.`,
        );
      const name = args.name ?? defaultName();
      await privateFolder(recorder.settings.dir, 'trace folder');
      if (await lstat(join(recorder.settings.dir, `${name}.trace.jsonl`)).catch(() => undefined))
        throw new ToolError('trace.EXISTS', `A trace named "${name}" exists in ${recorder.settings.dir}: pass another name.`);
      const recording = recorder.start(name, args.redact ?? [], args.playwright ?? false);
      await recording.playwright?.ensureStarted();
      return { file: recording.file.path, name, playwright: args.playwright ?? false };
    },
  });

const stopTool = (recorder: Recorder) =>
  defineTool({
    name: 'stop',
    title: 'Stop tracing',
    description: 'Finish the trace file; returns its path and call counts.',
    kind: 'action',
    input: {},
    detail: {
      notes:
        'Writes the footer (records, overflow) and saves Playwright traces still open. Returns { file, records, overflow, playwright? }.',
      errors: ['trace.NOT_RECORDING'],
      example: {},
    },
    handle: async () => {
      const done = await recorder.stop('trace_stop');
      if (!done) throw new ToolError('trace.NOT_RECORDING', 'No trace is recording: call trace_start first.');
      const { footer } = done;
      return {
        file: done.recording.file.path,
        records: footer.records,
        overflow: footer.overflow,
        ...(footer.playwright ? { playwright: footer.playwright } : {}),
      };
    },
  });

const statusTool = (recorder: Recorder) =>
  defineTool({
    name: 'status',
    title: 'Trace status',
    description: 'Whether a trace is recording, where, and how many calls it holds.',
    kind: 'read',
    input: {},
    detail: { notes: 'Returns { recording, file?, records?, overflow?, maxRecords, dir }.', example: {} },
    handle: () => {
      const current = recorder.current;
      const base = { maxRecords: recorder.settings.maxRecords, dir: recorder.settings.dir };
      if (!current) return { recording: false, ...base };
      return {
        recording: true,
        file: current.file.path,
        records: current.file.records,
        overflow: current.file.overflow,
        startedAt: current.startedAt,
        ...base,
      };
    },
  });

/**
 * trace_start / trace_stop / trace_status. None of them takes a tool name, a step list or a
 * command: they control the recorder and never dispatch anything (ADR-0036 §1).
 */
export function traceTools(recorder: Recorder) {
  return [startTool(recorder), stopTool(recorder), statusTool(recorder)];
}
