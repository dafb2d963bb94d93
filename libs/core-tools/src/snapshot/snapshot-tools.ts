import { CoreTools, Params, Type, defineSessionTool, withTextBlocks, type AnyToolDefinition, type SnapshotResult } from '@stagewright/sdk';
import { matchNodes, nameOf } from './match-nodes.js';
import { whyEmpty } from './empty-snapshot.js';

/** What a cut snapshot adds: how much it left out, the outline to root the next one at, and what to do next. */
function truncation(result: SnapshotResult): Record<string, unknown> {
  return {
    truncated: true,
    ...(result.omitted ? { omitted: result.omitted } : {}),
    ...(result.outline ? { outline: result.outline } : {}),
    note: result.diff
      ? 'Changes were cut; electron_snapshot without since reads the page again.'
      : 'Cut at maxChars. electron_find searches the whole page; or pass an outline ref (and depth) to electron_snapshot to read that part.',
  };
}

const snapshot = defineSessionTool({
  name: CoreTools.snapshot,
  title: 'Snapshot',
  description: 'Accessibility snapshot with refs of the active surface; since="last" gives changes; outlined if cut.',
  kind: 'read',
  input: {
    since: Type.Optional(Type.Literal('last')),
    ref: Params.ref(),
    depth: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    maxChars: Type.Optional(Type.Integer({ minimum: 500, maximum: 200_000 })),
    interactive: Type.Optional(Type.Boolean()),
  },
  detail: {
    notes:
      'YAML: the text block after the JSON. Refs ([ref=e12]) stay valid until the page changes. ref roots the snapshot at that element; depth limits nesting. ' +
      'since="last" returns changed lines (+ added, - removed, indented context lines are unchanged ancestors) per ref/depth (see baseline); after a navigation or reload, full with fullReason. ' +
      'Cut at maxChars (default 30000): truncated, omitted {lines, chars} and an outline (ref, size) to root the next read at with ref and depth. ' +
      'Left out: /url of # links, [cursor=pointer], aria-hidden decoration. Diffs name url/title only when changed. ' +
      'interactive: only what can be acted on, flat. [offscreen]: outside the window, beyond scrolling. ' +
      'An empty snapshot has a note saying why, and pageErrors (uncaught errors, failed loads).',
    errors: ['WINDOW_NOT_FOUND', 'NOT_SUPPORTED', 'REF_NOT_FOUND', 'RENDERER_UNRESPONSIVE'],
    example: { since: 'last' },
  },
  async handle(args, { session }) {
    const result = await session.snapshot({
      since: args.since,
      ref: args.ref,
      depth: args.depth,
      maxChars: args.maxChars,
      interactive: args.interactive,
    });
    const payload: Record<string, unknown> = {};
    // A diff names the url and title only when they changed (ADR-0017).
    if (!result.diff || !result.urlUnchanged) payload.url = result.url;
    if (!result.diff || !result.titleUnchanged) payload.title = result.title;
    payload.snapshot = result.snapshot;
    if (args.since) payload.diff = result.diff;
    if (result.baseline) payload.baseline = result.baseline;
    if (result.fullReason) payload.fullReason = result.fullReason;
    if (result.truncated) Object.assign(payload, truncation(result));
    if (!result.diff && result.snapshot.trim() === '') {
      payload.note = await whyEmpty(session.surfaceOrThrow());
      // The cause of an empty page is most often a script that threw or a file that did not load.
      const errors = session.pageErrors?.() ?? [];
      if (errors.length) payload.pageErrors = errors;
    }
    // The YAML goes unescaped, as a text block of its own after the JSON (ADR-0032).
    return withTextBlocks(payload, ['snapshot']);
  },
});

const find = defineSessionTool({
  name: CoreTools.find,
  title: 'Find elements',
  description: 'Refs and state of elements by role, name or text; to match a selector: electron_elements.',
  kind: 'read',
  input: {
    role: Type.Optional(Type.String({ maxLength: 40 })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    text: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  rules: [{ atLeastOne: ['role', 'name', 'text'] }, { nonEmpty: ['role', 'name', 'text'] }],
  detail: {
    notes:
      'Searches a fresh snapshot of the whole active surface (visible elements only). role is an ARIA role (button, textbox, link, checkbox...); ' +
      'name and text match case-insensitive substrings (text also matches inline text). Each match: ref, role, name, states (disabled, checked...), text. limit defaults to 20.',
    errors: ['WINDOW_NOT_FOUND', 'NOT_SUPPORTED', 'RENDERER_UNRESPONSIVE'],
    example: { role: 'button', name: 'save' },
  },
  async handle(args, { session }) {
    // The whole page, never a cut window: a cut would turn "not in the window" into "not there".
    const { snapshot: text } = await session.snapshot({ whole: true, baseline: false });
    const all = matchNodes(text, args);
    const limit = args.limit ?? 20;
    const matches = all.slice(0, limit).map((node) => ({
      ref: node.ref,
      role: node.role,
      ...(nameOf(node) ? { name: nameOf(node).slice(0, 200) } : {}),
      ...(Object.keys(node.states).length ? { states: node.states } : {}),
      ...(node.text ? { text: node.text.slice(0, 200) } : {}),
    }));
    const payload: Record<string, unknown> = { matches, total: all.length };
    if (all.length > limit) payload.truncated = true;
    return payload;
  },
});

/** Reading the UI as an accessibility snapshot with refs, and finding refs in it. */
export const SNAPSHOT_TOOLS: readonly AnyToolDefinition[] = [snapshot, find];
