import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { encode } from 'gpt-tokenizer';
import { readEnvelope, type ResultBlock } from '@stagewright/sdk';
import type { Envelope } from './task-api.js';

export interface ServerOptions {
  /** Absolute path of the bundled server (dist/apps/mcp-server/main.mjs). */
  serverPath: string;
  /** Electron executable handed to the server through STAGEWRIGHT_ELECTRON. */
  electronPath: string;
  /** Where the server writes screenshots (--screenshot-dir). */
  screenshotDir: string;
}

/** One server process on one profile, as a host starts it: its listing is what a conversation pays. */
export interface ProfileServer {
  profile: string;
  client: Client;
  listed: ReadonlySet<string>;
  listingBpe: number;
  toolCount: number;
  /** What tools/list costs now (after electron_enable changed it): what a host that refreshes pays again. */
  relistBpe(): Promise<number>;
  /** A call outside any task's count (launch, stop): set-up, not task work. */
  setup(name: string, args: Record<string, unknown>): Promise<Envelope>;
  close(): Promise<void>;
}

/** The text blocks of a tools/call result: the JSON envelope the host reads. */
export function envelopeText(result: unknown): string {
  return (((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[])
    .filter((c) => c.type === 'text')
    .map((c) => c.text ?? '')
    .join('');
}

/** What the answer's text blocks cost in BPE, each block counted as the host sends it. */
export function resultBpe(result: unknown): number {
  return (((result as { content?: unknown }).content ?? []) as ResultBlock[])
    .filter((c) => c.type === 'text')
    .reduce((sum, c) => sum + encode(c.text ?? '').length, 0);
}

/** The envelope, with the text blocks it names put back (ADR-0032). */
export function parseEnvelope(result: unknown): Envelope {
  const envelope = readEnvelope((result as { content?: ResultBlock[] }).content);
  if (!envelope) throw new Error(`the result has no JSON envelope: ${envelopeText(result).slice(0, 200)}`);
  return envelope as Envelope;
}

/**
 * `<profile>+offer`: the profile, with every larger profile offered to the agent (--offer, ADR-0045),
 * so a tool outside it costs an electron_enable call instead of a restart.
 */
export const ON_DEMAND_SUFFIX = '+offer';
const OFFERED = 'testing,debug,full';

export function serverArgs(profile: string): string[] {
  if (!profile.endsWith(ON_DEMAND_SUFFIX)) return ['--tool-profile', profile];
  return ['--tool-profile', profile.slice(0, -ON_DEMAND_SUFFIX.length), '--offer', OFFERED];
}

export async function startServer(profile: string, options: ServerOptions): Promise<ProfileServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [options.serverPath, ...serverArgs(profile), '--screenshot-dir', options.screenshotDir],
    env: { ...process.env, STAGEWRIGHT_ELECTRON: options.electronPath } as Record<string, string>,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'stagewright-bench', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  return {
    profile,
    client,
    listed: new Set(tools.map((tool) => tool.name)),
    listingBpe: encode(JSON.stringify({ tools })).length,
    toolCount: tools.length,
    async relistBpe() {
      return encode(JSON.stringify({ tools: (await client.listTools()).tools })).length;
    },
    async setup(name, args) {
      try {
        return parseEnvelope(await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 }));
      } catch (error) {
        return { ok: false, code: 'SETUP_FAILED', error: error instanceof Error ? error.message : String(error) };
      }
    },
    close: () => client.close(),
  };
}

/** Launches a fixture app on a server; the session id, or an error naming what failed. */
export async function launchApp(server: ProfileServer, appDir: string): Promise<string> {
  const env = await server.setup('electron_launch', { main: appDir });
  if (!env.ok || typeof env.sessionId !== 'string') throw new Error(`launch failed: ${env.code} ${env.error ?? ''}`.trim());
  return env.sessionId;
}
