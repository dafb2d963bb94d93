import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DispatchRecord, ServerConfig, SessionManager } from '@stagewright/sdk';
import { PlaywrightTraces } from './playwright-trace.js';
import { type Redactor, scrubSecrets, valuesAt } from './redact.js';
import { TraceFile, type TraceFooter } from './trace-file.js';

export interface TraceSettings {
  dir: string;
  redactor: Redactor;
  maxRecords: number;
  maxStringChars: number;
}

export interface Recording {
  name: string;
  file: TraceFile;
  startedAt: string;
  playwright?: PlaywrightTraces;
}

/** Strings longer than `max` (snapshots, big reads) are cut, so one call cannot swell the trace. */
function boundStrings(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max)}… [${value.length - max} more chars]` : value;
  if (Array.isArray(value)) return value.map((item) => boundStrings(item, max));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, boundStrings(child, max)]));
}

/**
 * The trace of one server instance: at most one recording at a time. Its own tools (`trace_*`)
 * are not recorded: a trace holds what the agent did to the app, not the recorder's controls.
 */
export class Recorder {
  current: Recording | undefined;

  constructor(
    readonly settings: TraceSettings,
    private readonly server: () => ServerConfig,
    private readonly sessions: () => SessionManager,
  ) {}

  start(name: string, extraRedact: readonly string[], playwright: boolean): Recording {
    mkdirSync(this.settings.dir, { recursive: true });
    const file = new TraceFile(join(this.settings.dir, `${name}.trace.jsonl`), this.settings.maxRecords);
    const redactor = this.settings.redactor.with(extraRedact);
    const server = this.server();
    const startedAt = new Date().toISOString();
    file.open({
      type: 'header',
      format: 'stagewright-trace',
      version: 1,
      name,
      startedAt,
      server: { version: server.serverVersion, profile: server.toolProfile, allowEval: server.allowEval },
      redact: extraRedact,
      maxRecords: this.settings.maxRecords,
      playwright,
    });
    this.current = {
      name,
      file,
      startedAt,
      playwright: playwright ? new PlaywrightTraces(this.sessions(), this.settings.dir, name) : undefined,
    };
    this.redactor = redactor;
    return this.current;
  }

  /** Arguments: the configured fields plus the trace's own; answers: the configured fields only. */
  private redactor: Redactor | undefined;

  observe(record: DispatchRecord): void {
    if (!this.current || !this.redactor || record.tool.startsWith('trace_')) return;
    // What the tool marked secret is hidden where it is, and wherever the answer echoes it.
    const marked = record.sensitive ?? { args: [], answer: [] };
    const secrets = [...valuesAt(record.args, marked.args), ...valuesAt(record.envelope, marked.answer)];
    const args = this.redactor.apply(record.args, marked.args);
    const answer = this.settings.redactor.apply(scrubSecrets(record.envelope, secrets), marked.answer).value;
    const envelope = boundStrings(answer, this.settings.maxStringChars);
    const ok = record.envelope.ok === true;
    this.current.file.append({
      type: 'call',
      tool: record.tool,
      args: args.value,
      ok,
      ...(ok ? {} : { code: String(record.envelope.code) }),
      envelope,
      images: record.images,
      startedAt: new Date(record.startedAt).toISOString(),
      ms: record.endedAt - record.startedAt,
      ...(args.redacted.length ? { redacted: args.redacted } : {}),
    });
  }

  async stop(stoppedBy: TraceFooter['stoppedBy']): Promise<{ recording: Recording; footer: TraceFooter } | undefined> {
    const recording = this.current;
    if (!recording) return undefined;
    this.current = undefined;
    this.redactor = undefined;
    const playwright = recording.playwright ? await recording.playwright.saveAll() : undefined;
    const footer = recording.file.close({
      type: 'footer',
      endedAt: new Date().toISOString(),
      stoppedBy,
      ...(playwright ? { playwright } : {}),
    });
    return { recording, footer };
  }
}
