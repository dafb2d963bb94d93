// Hosts decide whether to ask the user before a call from these hints; one wrong mapping makes
// every destructive tool look safe, so the mapping is pinned per kind.
import { describe, expect, it } from 'vitest';
import { TOOL_KINDS } from '@stagewright/sdk';
import { annotationsFor } from './annotations.js';

describe('annotationsFor', () => {
  it('maps each kind to its hints', () => {
    expect(Object.fromEntries(TOOL_KINDS.map((kind) => [kind, annotationsFor(kind)]))).toEqual({
      read: { readOnlyHint: true, openWorldHint: false },
      assert: { readOnlyHint: true, openWorldHint: false },
      action: { destructiveHint: false, openWorldHint: false },
      destructive: { openWorldHint: false },
    });
  });

  it('leaves out only hints whose MCP default already says the same', () => {
    const defaults = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
    for (const kind of TOOL_KINDS) {
      const effective = { ...defaults, ...annotationsFor(kind) };
      expect(effective.openWorldHint).toBe(false);
      expect(effective.readOnlyHint).toBe(kind === 'read' || kind === 'assert');
      // destructiveHint only means something for tools that write.
      if (!effective.readOnlyHint) expect(effective.destructiveHint).toBe(kind === 'destructive');
    }
  });

  it('refuses a kind it does not know instead of guessing', () => {
    expect(() => annotationsFor('mutate' as never)).toThrow(/Unknown tool kind/);
  });
});
