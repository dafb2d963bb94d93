import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ToolKind } from '@stagewright/sdk';

/**
 * The ONLY mapping from a tool's kind to MCP annotations; no tool sets annotations by hand.
 * Everything a tool touches is the app under automation, a closed world, so openWorldHint is
 * false. Hints equal to the MCP defaults (readOnlyHint false, destructiveHint true,
 * idempotentHint false) are left out: hosts read them the same, and every listed byte is paid by
 * every conversation (ADR-0037).
 */
export function annotationsFor(kind: ToolKind): ToolAnnotations {
  switch (kind) {
    case 'read':
    case 'assert':
      return { readOnlyHint: true, openWorldHint: false };
    case 'action':
      return { destructiveHint: false, openWorldHint: false };
    case 'destructive':
      return { openWorldHint: false };
    default: {
      const unknownKind: never = kind;
      throw new Error(`Unknown tool kind: ${String(unknownKind)}`);
    }
  }
}
