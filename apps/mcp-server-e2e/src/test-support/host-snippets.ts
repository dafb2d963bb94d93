// Reads the host configuration snippets in docs/hosts as each host would, down to the one
// server entry: { command, args, env } for stdio, { url } for HTTP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@stagewright/harness';

export const HOSTS_DIR = join(REPO_ROOT, 'docs/hosts');

export interface StdioEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/**
 * The subset of TOML Codex's config.toml uses for a server: `[a.b]` tables and `key = value`
 * lines whose values are basic strings or arrays of them (JSON-compatible). Anything else is an
 * error, so a snippet that needs more is caught here instead of passing unread.
 */
export function parseTomlSubset(text: string): Record<string, Record<string, unknown>> {
  const tables: Record<string, Record<string, unknown>> = {};
  let table: Record<string, unknown> | undefined;
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (header) {
      table = tables[header[1]] = {};
      continue;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(line);
    if (!pair || !table) throw new Error(`line ${index + 1}: not a table header or key = value: ${raw}`);
    table[pair[1]] = JSON.parse(pair[2]);
  }
  return tables;
}

const json = (file: string) => JSON.parse(readFileSync(join(HOSTS_DIR, file), 'utf8'));

/** The stagewright entry of each stdio snippet, found where that host looks for it. */
export function stdioSnippets(): Record<string, StdioEntry> {
  const vscode = json('vscode.mcp.json').servers.stagewright;
  if (vscode.type !== 'stdio') throw new Error('vscode.mcp.json: type must be stdio');
  return {
    'Claude Code (.mcp.json)': json('claude-code.mcp.json').mcpServers.stagewright,
    'Cursor (.cursor/mcp.json)': json('cursor.mcp.json').mcpServers.stagewright,
    'VS Code (.vscode/mcp.json)': vscode,
    'Codex (config.toml)': parseTomlSubset(readFileSync(join(HOSTS_DIR, 'codex.config.toml'), 'utf8'))[
      'mcp_servers.stagewright'
    ] as unknown as StdioEntry,
  };
}

export function httpSnippetUrl(): string {
  const entry = json('http.mcp.json').mcpServers.stagewright;
  if (entry.type !== 'http') throw new Error('http.mcp.json: type must be http');
  return entry.url;
}
