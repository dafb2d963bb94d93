// ADR-0036 allows recipes as prompts only once they are validated on two hosts: here the MCP
// Inspector CLI and the AI SDK's MCP client (its own protocol implementation, from npm) both list
// and render them from the bundled server. The Inspector's --strict check of tools/list, eval
// tools included, must be clean too.
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { createMCPClient } from '@ai-sdk/mcp';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, SERVER_BUNDLE } from '@stagewright/harness';
import { inspect } from './test-support/inspector-cli.js';

const RECIPES = ['launch_then_inspect', 'failure_diagnostics'];

describe('MCP Inspector CLI', () => {
  it('--strict finds nothing to flag in tools/list with the eval tools listed', async () => {
    const run = await inspect(['--allow-eval'], ['--method', 'tools/list', '--strict']);
    expect(run.code, run.stderr).toBe(0);
    // --strict prints "Warning: tool ..." / "Error: ..." blocks and an "N errors, M warnings" summary only when it flags something.
    expect(run.stderr).not.toMatch(/^(Warning|Error):|\d+ errors?, \d+ warnings?/m);
    const names = (JSON.parse(run.stdout).tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['electron_eval_main', 'electron_eval_renderer']));
  }, 300_000);

  it('lists the recipe prompts and renders one with its argument', async () => {
    const listed = await inspect([], ['--method', 'prompts/list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout).prompts as { name: string }[]).map((prompt) => prompt.name)).toEqual(RECIPES);
    const got = await inspect([], ['--method', 'prompts/get', '--prompt-name', 'launch_then_inspect', '--prompt-args', 'app=/apps/notes']);
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout).messages[0].content.text).toMatch(/electron_launch with \{ "main": "\/apps\/notes" \}/);
  }, 300_000);
});

describe('AI SDK MCP client (@ai-sdk/mcp)', () => {
  it('lists the recipe prompts and renders both', async () => {
    const client = await createMCPClient({
      transport: new Experimental_StdioMCPTransport({ command: process.execPath, args: [SERVER_BUNDLE], cwd: REPO_ROOT, stderr: 'ignore' }),
    });
    try {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toEqual(RECIPES);
      expect(prompts[0].arguments).toEqual([expect.objectContaining({ name: 'app', required: true })]);
      const launch = await client.getPrompt({ name: 'launch_then_inspect', arguments: { app: '/apps/notes' } });
      expect((launch.messages[0].content as { text: string }).text).toMatch(/electron_snapshot/);
      const diagnostics = await client.getPrompt({ name: 'failure_diagnostics', arguments: {} });
      expect((diagnostics.messages[0].content as { text: string }).text).toMatch(/electron_status/);
    } finally {
      await client.close();
    }
  }, 120_000);
});
