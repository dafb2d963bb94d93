// An agent can call only the tools it was listed. Every text the server hands it (instructions,
// tool descriptions, resources, prompts, error hints) must therefore name only listed tools, or
// say which profile has the one it names: an agent given `testing` was sent to electron_doctor
// and electron_discover_running, which it did not have (issue 29, item 8).
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { PROFILE_LISTS, PROFILE_NAMES } from '@stagewright/kernel';
import { parseEnvelope } from '@stagewright/harness';
import { connectInMemory, type InMemoryConnection } from './test-support/shipped.js';

/** A core tool name as texts write it; `electron_expect_*` names a family. */
const CORE_NAME = /\belectron_[a-z0-9_]*[a-z0-9](?:_\*)?/g;
/** How a text may name a tool the profile hides: followed by the profile that has it. */
const PROFILE_NOTE = /^ \(in profile ([a-z]+)\)/;

interface Text {
  where: string;
  text: string;
}

/** Every string inside a JSON value, with its path. */
function stringsOf(value: unknown, where: string, out: Text[]): Text[] {
  if (typeof value === 'string') out.push({ where, text: value });
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) stringsOf(item, `${where}[${i}]`, out);
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) stringsOf(child, `${where}.${key}`, out);
  return out;
}

/** Names in `text` the agent could not call: not listed, and not followed by a profile that lists them. */
function unlistedNames(text: string, listed: ReadonlySet<string>): string[] {
  const bad: string[] = [];
  for (const match of text.matchAll(CORE_NAME)) {
    const name = match[0];
    if (name.endsWith('_*') ? [...listed].some((tool) => tool.startsWith(name.slice(0, -1))) : listed.has(name)) continue;
    const note = PROFILE_NOTE.exec(text.slice((match.index ?? 0) + name.length));
    const profile = note?.[1] as keyof typeof PROFILE_LISTS | 'full' | undefined;
    if (profile === 'full' || (profile && PROFILE_LISTS[profile]?.includes(name))) continue;
    bad.push(name);
  }
  return bad;
}

/** Everything this connection's server lets an agent read, without running an app. */
async function readableTexts(conn: InMemoryConnection): Promise<{ listed: Set<string>; texts: Text[] }> {
  const { client } = conn;
  const texts: Text[] = [{ where: 'instructions', text: client.getInstructions() ?? '' }];
  const tools = (await client.listTools()).tools;
  stringsOf(tools, 'tools/list', texts);
  stringsOf((await client.listResources()).resources, 'resources/list', texts);
  stringsOf((await client.listResourceTemplates()).resourceTemplates, 'resources/templates/list', texts);
  const uris = ['stagewright://tools', 'stagewright://errors', ...tools.map((tool) => `stagewright://tools/${tool.name}`)];
  for (const uri of uris) {
    const content = (await client.readResource({ uri })).contents[0] as { text: string };
    stringsOf(JSON.parse(content.text), uri, texts);
  }
  const { prompts } = await client.listPrompts();
  stringsOf(prompts, 'prompts/list', texts);
  for (const prompt of prompts) {
    const args = Object.fromEntries((prompt.arguments ?? []).map((arg) => [arg.name, arg.name === 'code' ? 'LAUNCH_FAILED' : 'app']));
    stringsOf((await client.getPrompt({ name: prompt.name, arguments: args })).messages, `prompt ${prompt.name}`, texts);
  }
  // Call-time hints: an element tool and attach with no app, each answered by the catalogue's hint.
  for (const [name, args] of [
    ['electron_get_text', { selector: 'h1' }],
    ['electron_attach', { port: 1, timeoutMs: 2_000 }],
  ] as const) {
    if (tools.some((tool) => tool.name === name))
      stringsOf(parseEnvelope(await client.callTool({ name, arguments: args })), `call ${name}`, texts);
  }
  return { listed: new Set(tools.map((tool) => tool.name)), texts };
}

describe('texts an agent reads', () => {
  it('name only tools its profile lists, or say which profile has them', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    let walked = 0;
    for (const toolProfile of PROFILE_NAMES) {
      for (const allowEval of [false, true]) {
        const conn = await connectInMemory({ toolProfile, allowEval });
        try {
          const { listed, texts } = await readableTexts(conn);
          walked += texts.length;
          for (const { where, text } of texts) {
            for (const name of unlistedNames(text, listed)) problems.push(`${toolProfile}${allowEval ? '+eval' : ''} ${where}: ${name}`);
          }
        } finally {
          await conn.close();
        }
      }
    }
    expect(walked).toBeGreaterThan(1_000);
    expect(problems).toEqual([]);
  });

  it('tell neighbouring tools apart where both are listed, and drop the pointer where one is not', async () => {
    // Issue 29, item 9: a first-time reader could not tell these apart from their descriptions.
    const pointers: [string, string][] = [
      ['electron_find', 'electron_elements'],
      ['electron_elements', 'electron_find'],
      ['electron_type', 'electron_keyboard_type'],
      ['electron_assert_pattern', 'electron_expect_text'],
    ];
    for (const toolProfile of ['testing', 'essential'] as const) {
      const conn = await connectInMemory({ toolProfile });
      try {
        const tools = (await conn.client.listTools()).tools;
        const described = new Map(tools.map((tool) => [tool.name, tool.description ?? '']));
        for (const [tool, neighbour] of pointers) {
          if (!described.has(tool)) continue;
          expect(described.get(tool), `${toolProfile} ${tool}`).toContain(described.has(neighbour) ? neighbour : '');
          if (!described.has(neighbour)) expect(described.get(tool)).not.toContain(neighbour);
        }
        expect(described.get('electron_exists')).toMatch(/without waiting/);
        expect(described.get('electron_expect_count')).toMatch(/^Retrying/);
        expect(conn.client.getInstructions()).toMatch(/active surface: the active window's page/);
      } finally {
        await conn.close();
      }
    }
  });

  it('are checked by a rule that sees a hidden name and accepts a profile note', () => {
    const listed = new Set(['electron_launch', 'electron_expect_text']);
    expect(unlistedNames('Use electron_launch, then electron_expect_*.', listed)).toEqual([]);
    expect(unlistedNames('Run electron_doctor first.', listed)).toEqual(['electron_doctor']);
    expect(unlistedNames('Run electron_doctor (in profile debug).', listed)).toEqual([]);
    expect(unlistedNames('Run electron_doctor (in profile testing).', listed)).toEqual(['electron_doctor']);
    expect(unlistedNames('Close it with electron_close_window.', listed)).toEqual(['electron_close_window']);
  });
});
