// A new user reads the README's first screen and copies it. The commands and host config it shows
// must be there and must work: the config is run as written (paths filled in) against the bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notesApp } from '@stagewright/fixtures/notes';
import { REPO_ROOT } from '@stagewright/harness';
import { connectStdio } from './test-support/shipped.js';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
/** What a reader sees before scrolling far: the text up to the third top-level section. */
const FIRST_SCREEN = README.split('\n## ').slice(0, 3).join('\n## ');

interface HostConfig {
  mcpServers: Record<string, { command: string; args: string[]; env?: Record<string, string> }>;
}

describe('README first screen', () => {
  it('shows the one-minute try-out: build command, host config with env, a fixture app, how a real app finds Electron', () => {
    expect(FIRST_SCREEN).toContain('npx nx run mcp-server:build');
    expect(FIRST_SCREEN).toContain('"env": { "STAGEWRIGHT_ELECTRON"');
    expect(FIRST_SCREEN).toContain(notesApp.dir.slice(REPO_ROOT.length + 1));
    expect(FIRST_SCREEN).toContain('node_modules/electron');
    expect(FIRST_SCREEN).toContain('--help');
  });

  it('its host config starts a server that launches the named fixture app', async () => {
    const json = /```json\n([\s\S]*?)\n```/.exec(FIRST_SCREEN)?.[1];
    expect(json).toBeDefined();
    const filled = json!.replaceAll('/path/to/stagewright', REPO_ROOT);
    const server = (JSON.parse(filled) as HostConfig).mcpServers.stagewright;
    expect(server.command).toBe('node');
    const [bundle, ...args] = server.args;
    expect(bundle).toBe(join(REPO_ROOT, 'dist/apps/mcp-server/main.mjs'));
    const conn = await connectStdio({ args, env: server.env });
    try {
      const launched = await conn.call('electron_launch', { main: notesApp.dir });
      expect(launched).toMatchObject({ ok: true });
      expect(await conn.call('electron_windows')).toMatchObject({ ok: true, windows: [{ title: 'Untitled — Notes' }] });
      expect(await conn.call('electron_stop')).toMatchObject({ ok: true });
    } finally {
      await conn.close();
    }
  });
});
