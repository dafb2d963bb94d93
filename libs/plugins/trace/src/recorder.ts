import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REF_ARGUMENTS, type DispatchRecord, type ServerConfig, type SessionManager } from '@stagewright/sdk';
import { PlaywrightTraces } from './playwright-trace.js';
import { type Redactor, scrubSecrets, valuesAt } from './redact.js';
import { RefCatalogue, stableSelector } from './stable-locator.js';
import { TraceFile, type TraceFooter } from './trace-file.js';
import { TokenLedger } from './token-ledger.js';

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
  /** What this trace's calls cost (written or over the cap), for the footer. */
  tokens: TokenLedger;
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
  /** What the agent's snapshots said each ref is, and the locators worked out before ref calls. */
  private readonly refs = new RefCatalogue();
  private readonly pending = new Map<string, Record<string, string>[]>();

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
      tokens: new TokenLedger(),
      playwright: playwright ? new PlaywrightTraces(this.sessions(), this.settings.dir, name) : undefined,
    };
    this.redactor = redactor;
    this.refs.clear();
    this.pending.clear();
    return this.current;
  }

  /**
   * Before a call that targets an element by ref: work out how that element can be found again,
   * while it is still there (a click may navigate away). Kept on the side for the call's record;
   * the call and its answer are untouched. Failures only mean no locator is recorded.
   */
  async beforeCall(tool: string, args: Readonly<Record<string, unknown>>): Promise<void> {
    if (!this.current || tool.startsWith('trace_')) return;
    const refArgs = Object.keys(REF_ARGUMENTS).filter((key) => typeof args[key] === 'string');
    if (!refArgs.length) return;
    const locators: Record<string, string> = {};
    try {
      const session = await this.sessions().getOrThrow(typeof args.sessionId === 'string' ? args.sessionId : undefined);
      for (const key of refArgs) {
        const node = this.refs.get(args[key] as string);
        const selector = node && (await stableSelector(session, args[key] as string, node).catch(() => undefined));
        if (selector) locators[key] = selector;
      }
    } catch {
      // No session or a gone page: the call itself will say so.
    }
    const key = pendingKey(tool, args);
    this.pending.set(key, [...(this.pending.get(key) ?? []), locators]);
  }

  /** The locators worked out for this call before it ran (oldest first), plus the selectors it was given. */
  private locatorsOf(tool: string, args: Record<string, unknown>): Record<string, string> {
    const key = pendingKey(tool, args);
    const queue = this.pending.get(key);
    const found = queue?.shift() ?? {};
    if (queue && !queue.length) this.pending.delete(key);
    for (const [refKey, selectorKey] of Object.entries(REF_ARGUMENTS))
      if (typeof args[selectorKey] === 'string' && typeof args[refKey] !== 'string') found[selectorKey] = args[selectorKey] as string;
    return found;
  }

  /** Arguments: the configured fields plus the trace's own; answers: the configured fields only. */
  private redactor: Redactor | undefined;

  observe(record: DispatchRecord): void {
    if (!this.current || !this.redactor || record.tool.startsWith('trace_')) return;
    const given = (record.args ?? {}) as Record<string, unknown>;
    const found = this.locatorsOf(record.tool, given);
    this.refs.learn(record.envelope);
    // What the tool marked secret is hidden where it is, and wherever the answer echoes it.
    const marked = record.sensitive ?? { args: [], answer: [] };
    const secrets = [...valuesAt(record.args, marked.args), ...valuesAt(record.envelope, marked.answer)];
    const args = this.redactor.apply(record.args, marked.args);
    const answer = this.settings.redactor.apply(scrubSecrets(record.envelope, secrets), marked.answer).value;
    const envelope = boundStrings(answer, this.settings.maxStringChars);
    // A locator names what is on screen; a secret the call carried never becomes part of one.
    const locators = scrubSecrets(found, secrets) as Record<string, string>;
    for (const key of Object.keys(locators)) if (args.redacted.includes(`/${key}`)) delete locators[key];
    const ok = record.envelope.ok === true;
    const written = this.current.file.append({
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
      ...(Object.keys(locators).length ? { locators } : {}),
    });
    this.current.tokens.add(record, written ? this.current.file.records : undefined);
  }

  async stop(stoppedBy: TraceFooter['stoppedBy']): Promise<{ recording: Recording; footer: TraceFooter } | undefined> {
    const recording = this.current;
    if (!recording) return undefined;
    this.current = undefined;
    this.redactor = undefined;
    this.pending.clear();
    const playwright = recording.playwright ? await recording.playwright.saveAll() : undefined;
    const footer = recording.file.close({
      type: 'footer',
      endedAt: new Date().toISOString(),
      stoppedBy,
      tokens: recording.tokens.totals(),
      ...(playwright ? { playwright } : {}),
    });
    return { recording, footer };
  }
}

/** Pairs a guarded call with its record: same tool, same targets, same session. */
function pendingKey(tool: string, args: Readonly<Record<string, unknown>>): string {
  return JSON.stringify([tool, args.sessionId ?? null, ...Object.keys(REF_ARGUMENTS).map((key) => args[key] ?? null)]);
}
