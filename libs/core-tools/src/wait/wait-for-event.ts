import { randomUUID } from 'node:crypto';
import type { ElementHandle, Frame, Page } from 'playwright-core';
import {
  Params,
  ToolError,
  Type,
  clampTimeout,
  defineElementTool,
  unresponsiveAfter,
  within,
  type AnyToolDefinition,
} from '@stagewright/sdk';
import { probeOne, PROBE_TIMEOUT_MS } from '../shared/probe.js';
import { pollUntil } from '../shared/poll.js';

interface SeenEvent {
  type: string;
  target: string;
  key?: string;
  detail?: string;
}

/**
 * Listens in the page (capture phase, so non-bubbling events are seen too) and records the first
 * event under a token; the server polls for it. No page timer is involved.
 */
function install(input: { on: Element | null; eventName: string; token: string }): void {
  const w = window as unknown as Record<symbol, Record<string, { event?: SeenEvent; remove(): void }>>;
  const key = Symbol.for('stagewright.waitForEvent');
  w[key] ??= {};
  const registry = w[key];
  const on: EventTarget = input.on || window;
  const listener = (event: Event) => {
    const entry = registry[input.token];
    if (!entry || entry.event) return;
    const t = event.target as (Element & { id?: string }) | null;
    const seen: SeenEvent = {
      type: event.type,
      target: t && t.tagName ? t.tagName.toLowerCase() + (t.id ? `#${t.id}` : '') : t === (window as unknown) ? 'window' : 'document',
    };
    const k = (event as KeyboardEvent).key;
    if (typeof k === 'string') seen.key = k;
    const d = (event as CustomEvent).detail;
    if (d !== undefined && d !== null && typeof d !== 'number') {
      try {
        seen.detail = JSON.stringify(d).slice(0, 500);
      } catch {
        seen.detail = String(d).slice(0, 500);
      }
    }
    entry.event = seen;
    entry.remove();
  };
  registry[input.token] = { remove: () => on.removeEventListener(input.eventName, listener, true) };
  on.addEventListener(input.eventName, listener, true);
}

function read(token: string): SeenEvent | null | 'gone' {
  const registry = (window as unknown as Record<symbol, Record<string, { event?: SeenEvent }>>)[Symbol.for('stagewright.waitForEvent')];
  const entry = registry && registry[token];
  return entry ? (entry.event ?? null) : 'gone';
}

function remove(token: string): void {
  const registry = (window as unknown as Record<symbol, Record<string, { remove(): void }>>)[Symbol.for('stagewright.waitForEvent')];
  if (registry && registry[token]) {
    registry[token].remove();
    delete registry[token];
  }
}

const waitForEvent = defineElementTool({
  name: 'electron_wait_for_event',
  title: 'Wait for DOM event',
  description: 'Wait for a DOM event on an element or the page.',
  kind: 'read',
  target: 'optional',
  input: { eventName: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9:_.-]*$', maxLength: 64 }), timeoutMs: Params.timeoutMs() },
  detail: {
    notes:
      'eventName is a DOM event type (click, input, or a custom one). Listens from the call on (earlier events are not seen): on the element when ref or selector is given (its descendants included), else on the whole document. ' +
      'Returns { event: { type, target, key?, detail? } } (detail: JSON of a CustomEvent detail, 500 chars). A navigation drops the listener. No event within timeoutMs (default 5000, max 60000) is WAIT_TIMEOUT.',
    errors: ['ELEMENT_NOT_FOUND', 'AMBIGUOUS_SELECTOR', 'WAIT_TIMEOUT'],
    example: { eventName: 'app:ready', timeoutMs: 10000 },
  },
  async handle(args, ctx) {
    const { session, locator } = ctx;
    const surface: Page | Frame = session.surfaceOrThrow();
    let handle: ElementHandle | null = null;
    if (locator) {
      await probeOne(ctx, {});
      handle = (await within(locator.elementHandles(), PROBE_TIMEOUT_MS, unresponsiveAfter(PROBE_TIMEOUT_MS)))[0] ?? null;
    }
    const token = randomUUID();
    const timeoutMs = clampTimeout(args.timeoutMs);
    try {
      const input: unknown = { on: handle, eventName: args.eventName, token };
      await within(surface.evaluate(install as (input: unknown) => void, input), PROBE_TIMEOUT_MS, unresponsiveAfter(PROBE_TIMEOUT_MS));
      const outcome = await pollUntil(
        async (remaining) => {
          const ms = Math.max(remaining, 1_000);
          const seen = await within(surface.evaluate(read, token), ms, unresponsiveAfter(ms)).catch((error: unknown) => {
            if (error instanceof Error && /context was destroyed|navigat/i.test(error.message)) return 'gone' as const;
            throw error;
          });
          return { done: seen !== null && seen !== 'gone', value: seen };
        },
        { timeoutMs, signal: ctx.signal, watch: () => ctx.session.surfaceOrThrow() },
      );
      if (!outcome.done) {
        const dropped = outcome.value === 'gone' ? ' (the page navigated and the listener went with it)' : '';
        throw new ToolError('WAIT_TIMEOUT', `No ${args.eventName} event within ${timeoutMs} ms${dropped}.`, {
          details: { eventName: args.eventName },
        });
      }
      return { event: outcome.value };
    } finally {
      void within(surface.evaluate(remove, token), 1_000, () => undefined).catch(() => undefined);
      void handle?.dispose().catch(() => undefined);
    }
  },
});

/** Waiting for a DOM event the app fires, on an element or the whole document. */
export const EVENT_WAIT_TOOLS: readonly AnyToolDefinition[] = [waitForEvent];
