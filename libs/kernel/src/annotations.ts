import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ToolKind } from '@stagewright/sdk';

/**
 * The ONLY mapping from a tool's kind to MCP annotations; no tool sets annotations by hand.
 * Everything a tool touches is the app under automation, a closed world, so openWorldHint is
 * false. idempotentHint is left out of read-only kinds (it only means something for writes)
 * and false for actions and destructive tools (a second click or kill is a new effect).
 */
export function annotationsFor(kind: ToolKind): ToolAnnotations {
  switch (kind) {
    case 'read':
    case 'assert':
      return { readOnlyHint: true, openWorldHint: false };
    case 'action':
      return { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
    case 'destructive':
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };
    default: {
      const unknownKind: never = kind;
      throw new Error(`Unknown tool kind: ${String(unknownKind)}`);
    }
  }
}
