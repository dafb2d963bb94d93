import { dirname, isAbsolute, relative } from 'node:path';
import { REF_ARGUMENTS } from '@stagewright/sdk';
import { SPEC_FORMAT } from '../replay/spec-schema.js';
import { checkpointOf } from './checkpoints.js';
import type { ParsedTrace, TraceCallLine } from './read-trace.js';

export interface ParamChoice {
  name: string;
  seq: number;
  pointer: string;
}

export interface PromoteOptions {
  /** Where the spec will be written: relative paths in it are relative to its folder. */
  out: string;
  /** Sequence numbers of the calls to keep; default: every successful call after the launch. */
  keep?: readonly number[];
  params: readonly ParamChoice[];
  name?: string;
  /** `$schema` value written at the top. */
  schemaRef: string;
}

export class PromoteError extends Error {
  override name = 'PromoteError';
}

/** Calls a spec never replays: starting and ending the app is the runner's, tracing and probing is the recorder's. */
const NOT_STEPS = /^(trace_.*|electron_(launch|attach|inject|stop|force_kill|detach|status|doctor|discover_running))$/;

const decode = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

function getAt(root: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[decode(key)] : undefined),
      root,
    );
}

function setAt(root: Record<string, unknown>, pointer: string, value: unknown): void {
  const keys = pointer.split('/').slice(1).map(decode);
  const parent = keys.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
  if (parent && typeof parent === 'object') (parent as Record<string, unknown>)[keys[keys.length - 1]] = value;
}

/** Every whole string value equal to `value`, anywhere in `node`, replaced by a reference. */
function replaceWhole(node: unknown, value: unknown, ref: object): unknown {
  if (node === value) return ref;
  if (Array.isArray(node)) return node.map((item) => replaceWhole(item, value, ref));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replaceWhole(v, value, ref)]));
}

/**
 * Refs are numbers local to one snapshot: a spec never holds one. Each becomes the stable selector
 * the recorder wrote for it; a ref without one refuses the promotion, naming every such step.
 */
function replaceRefs(steps: { call: TraceCallLine; args: Record<string, unknown> }[], notes: string[]): void {
  const missing: string[] = [];
  for (const step of steps) {
    const { call } = step;
    for (const [refKey, selectorKey] of Object.entries(REF_ARGUMENTS)) {
      if (step.args[refKey] === undefined) continue;
      const selector = call.locators?.[refKey];
      if (!selector) {
        missing.push(`call ${call.seq} (${call.tool} ${refKey} ${JSON.stringify(step.args[refKey])})`);
        continue;
      }
      // In the ref's place, so the step reads as the agent wrote it.
      step.args = Object.fromEntries(Object.entries(step.args).map(([k, v]) => (k === refKey ? [selectorKey, selector] : [k, v])));
      notes.push(`call ${call.seq}: ${refKey} ${JSON.stringify(call.args[refKey])} is now ${selectorKey} ${selector}`);
    }
  }
  if (missing.length)
    throw new PromoteError(
      `no stable locator was recorded for the ref of ${missing.join(', ')}: refs are local to one snapshot and a spec cannot hold them. ` +
        'Leave the step out (--keep), or record the session again with the trace plugin of this version (or target the element by selector).',
    );
}

function uniqueName(base: string, taken: Set<string>): string {
  const clean =
    base
      .replace(/[^A-Za-z0-9_]/g, '_')
      .replace(/^[^a-z]+/, '')
      .slice(0, 40) || 'secret';
  let name = clean;
  for (let i = 2; taken.has(name); i++) name = `${clean}_${i}`;
  taken.add(name);
  return name;
}

/**
 * Turn a trace into a replay spec: the launch becomes `app`, the kept calls become steps (without
 * sessionId), chosen argument values become declared parameters (with every identical whole
 * value in the kept steps), redacted values become secret parameters, and read calls add
 * checkpoints of their scalar fields. Returns the spec and notes for the person promoting.
 */
export function promote(trace: ParsedTrace, options: PromoteOptions): { spec: Record<string, unknown>; notes: string[] } {
  const notes: string[] = [];
  const launch = trace.calls.find((c) => c.tool === 'electron_launch' && c.ok);
  if (!launch) throw new PromoteError(`${trace.file}: no successful electron_launch; a spec needs the app's launch settings`);
  const bySeq = new Map(trace.calls.map((c) => [c.seq, c]));
  for (const seq of options.keep ?? []) if (!bySeq.has(seq)) throw new PromoteError(`--keep ${seq}: the trace has no call ${seq}`);
  const kept = keptCalls(trace, options, launch);

  const taken = new Set<string>();
  const parameters: Record<string, Record<string, unknown>> = {};
  const paramValues = new Map<string, unknown>();
  let app = structuredClone(launch.args) as Record<string, unknown>;
  const steps = kept.map((call) => ({ call, args: structuredClone(call.args) as Record<string, unknown> }));
  for (const step of steps) delete step.args.sessionId;
  replaceRefs(steps, notes);

  for (const choice of options.params) {
    const call = bySeq.get(choice.seq);
    const value = call && getAt(call.args, choice.pointer);
    if (!call || !(call === launch || kept.includes(call))) throw notKept(choice);
    assertParamChoice(choice, call, value, taken);
    taken.add(choice.name);
    const type = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
    parameters[choice.name] = {
      type,
      default: value,
      description: `${call.tool} ${choice.pointer.slice(1)} (call ${call.seq} of the trace)`,
    };
    paramValues.set(choice.name, value);
    const ref = { $param: choice.name };
    app = replaceWhole(app, value, ref) as Record<string, unknown>;
    for (const step of steps) step.args = replaceWhole(step.args, value, ref) as Record<string, unknown>;
    notes.push(`parameter ${choice.name}: every argument equal to ${JSON.stringify(value)} now reads {"$param": "${choice.name}"}`);
  }

  secretParameters(steps, taken, parameters, notes);

  launchesRelativeTo(dirname(options.out), app, steps, notes);
  delete app.sessionId;

  return {
    spec: {
      $schema: options.schemaRef,
      format: SPEC_FORMAT,
      name: options.name ?? trace.header.name,
      description: `Promoted from ${trace.header.name} (${trace.header.startedAt}); review before committing.`,
      app,
      ...(Object.keys(parameters).length ? { parameters } : {}),
      steps: steps.map(({ call, args }) => {
        const expect = checkpointOf(call, paramValues);
        return { tool: call.tool, args, ...(expect ? { expect } : {}) };
      }),
    },
    notes,
  };
}

type PromotedStep = { call: TraceCallLine; args: Record<string, unknown> };

/** The calls that become steps: those chosen with --keep, else every successful call after the launch that is a step. */
function keptCalls(trace: ParsedTrace, options: PromoteOptions, launch: TraceCallLine): TraceCallLine[] {
  // A stop followed by a launch is a restart the session checked across (persistence): both are steps.
  const relaunches = trace.calls.filter((c) => c.tool === 'electron_launch' && c.ok && c.seq > launch.seq);
  const restarts = (c: TraceCallLine) =>
    (c.tool === 'electron_launch' && relaunches.includes(c)) || (c.tool === 'electron_stop' && relaunches.some((r) => r.seq > c.seq));
  const kept: TraceCallLine[] = options.keep
    ? trace.calls.filter((c) => options.keep!.includes(c.seq) && c !== launch)
    : trace.calls.filter((c) => c.seq > launch.seq && c.ok && (!NOT_STEPS.test(c.tool) || restarts(c)));
  if (!kept.length) throw new PromoteError('no calls to keep: choose them with --keep <seq,...>');
  return kept;
}

function notKept(choice: PromoteOptions['params'][number]): PromoteError {
  return new PromoteError(`--param ${choice.name}: call ${choice.seq} is not kept`);
}

/** A --param choice names a value that is not redacted, is a scalar, and a fresh parameter name. */
function assertParamChoice(choice: PromoteOptions['params'][number], call: TraceCallLine, value: unknown, taken: Set<string>): void {
  if (call.redacted?.includes(choice.pointer))
    throw new PromoteError(
      `--param ${choice.name}: ${choice.pointer} of call ${choice.seq} was redacted; it becomes a secret parameter by itself`,
    );
  if (!['string', 'number', 'boolean'].includes(typeof value))
    throw new PromoteError(`--param ${choice.name}: call ${choice.seq} has no string, number or boolean at ${choice.pointer}`);
  if (taken.has(choice.name) || !/^[a-z][A-Za-z0-9_]{0,47}$/.test(choice.name))
    throw new PromoteError(`--param ${choice.name}: not a fresh parameter name (^[a-z][A-Za-z0-9_]*$)`);
}

/** Every redacted value in the kept steps becomes a secret parameter of its own. */
function secretParameters(
  steps: PromotedStep[],
  taken: Set<string>,
  parameters: Record<string, Record<string, unknown>>,
  notes: string[],
): void {
  for (const step of steps) {
    for (const pointer of step.call.redacted ?? []) {
      const name = uniqueName(`${step.call.tool.replace(/^electron_/, '')}_${decode(pointer.split('/').pop() ?? '')}`, taken);
      parameters[name] = {
        type: 'string',
        secret: true,
        description: `redacted ${pointer.slice(1)} of ${step.call.tool} (call ${step.call.seq}); supply with --param ${name}=...`,
      };
      setAt(step.args, pointer, { $param: name });
      notes.push(`secret parameter ${name}: the redacted value of call ${step.call.seq} (${step.call.tool} ${pointer})`);
    }
  }
}

/** Paths in the launch arguments relative to the spec's folder; a relaunch of the same app has no arguments. */
function launchesRelativeTo(specDir: string, app: Record<string, unknown>, steps: PromotedStep[], notes: string[]): void {
  const relativePaths = (launchArgs: Record<string, unknown>) => {
    for (const key of ['main', 'cwd'])
      if (typeof launchArgs[key] === 'string' && isAbsolute(launchArgs[key] as string))
        launchArgs[key] = relative(specDir, launchArgs[key] as string) || '.';
  };
  relativePaths(app);
  const sameApp = (args: Record<string, unknown>) => JSON.stringify(args) === JSON.stringify(app);
  for (const step of steps) {
    if (step.call.tool !== 'electron_launch') continue;
    relativePaths(step.args);
    // A relaunch of the same app is written as the format says it (ADR-0046): no arguments.
    if (sameApp(step.args)) step.args = {};
    else
      notes.push(
        `call ${step.call.seq} launches another app than the first launch; a spec cannot, so replay refuses it until it is edited`,
      );
  }
}
