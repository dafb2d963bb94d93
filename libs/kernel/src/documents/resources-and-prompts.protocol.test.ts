// A model that wants one tool's detail should pay for that tool only, and an error code's meaning
// should be written once (ADR-0037); recipes are offered as guidance, never run (ADR-0036).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryConnection } from '../test-fixtures/connect.js';
import { connectExample } from '../test-fixtures/connect.js';

let connection: InMemoryConnection;
beforeAll(async () => {
  connection = await connectExample({ allowEval: ['main'] });
});
afterAll(() => connection.close());

const read = async (uri: string) => JSON.parse(((await connection.client.readResource({ uri })).contents[0] as { text: string }).text);

describe('per-tool resources', () => {
  it('lists the template and answers one tool by name', async () => {
    const { resourceTemplates } = await connection.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['stagewright://tools/{name}']);
    const echo = await read('stagewright://tools/electron_demo_echo');
    expect(echo).toMatchObject({ name: 'electron_demo_echo', values: { mode: ['upper', 'lower'] } });
    const whole = await read('stagewright://tools');
    expect(whole.tools.find((t: { name: string }) => t.name === 'electron_demo_echo')).toEqual(echo);
  });

  it('refuses a tool that is not listed, naming the template', async () => {
    await expect(connection.client.readResource({ uri: 'stagewright://tools/electron_nope' })).rejects.toThrow(
      /stagewright:\/\/tools\/\{name\}/,
    );
  });

  it('completes tool names for the template', async () => {
    const result = await connection.client.complete({
      ref: { type: 'ref/resource', uri: 'stagewright://tools/{name}' },
      argument: { name: 'name', value: 'electron_demo_e' },
    });
    expect(result.completion.values).toEqual(['electron_demo_echo', 'electron_demo_eval_main']);
  });
});

describe('the error catalogue', () => {
  it('gives each code its meaning, retryable flag and hint once, and the catalogue refers to it', async () => {
    const errors = await read('stagewright://errors');
    expect(errors.codes.NO_SESSION).toEqual({
      meaning: expect.any(String),
      retryable: false,
      hint: expect.stringMatching(/electron_launch/),
    });
    expect(errors.codes.BAD_ARGUMENT).toMatchObject({ retryable: false });
    const whole = await read('stagewright://tools');
    expect(whole.errorCatalogue).toMatch(/^stagewright:\/\/errors/);
    const work = whole.tools.find((t: { name: string }) => t.name === 'electron_demo_work');
    // The session codes are named once at the top of the whole catalogue, and in the tool's own entry.
    expect(work.errors).not.toContain('NO_SESSION');
    expect(whole.sessionErrors).toMatch(/^NO_SESSION, SESSION_AMBIGUOUS, SESSION_NOT_FOUND, APP_EXITED:/);
    expect((await read('stagewright://tools/electron_demo_work')).errors).toContain('NO_SESSION');
    for (const code of work.errors) expect(errors.codes[code], code).toBeDefined();
    expect(JSON.stringify(whole)).not.toContain(errors.codes.NO_SESSION.hint);
  });
});

describe('recipe prompts', () => {
  it('lists the two recipes of ADR-0036', async () => {
    const { prompts } = await connection.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['launch_then_inspect', 'failure_diagnostics']);
    expect(prompts[0].arguments).toEqual([expect.objectContaining({ name: 'app', required: true })]);
  });

  it('renders guidance naming ordinary tool calls, with the app argument', async () => {
    const result = await connection.client.getPrompt({ name: 'launch_then_inspect', arguments: { app: '/apps/notes' } });
    const text = (result.messages[0].content as { text: string }).text;
    expect(text).toContain('"main": "/apps/notes"');
    expect(text).toMatch(/electron_launch[\s\S]*electron_snapshot[\s\S]*electron_stop/);
    const diagnostics = await connection.client.getPrompt({ name: 'failure_diagnostics', arguments: { code: 'WAIT_TIMEOUT' } });
    expect((diagnostics.messages[0].content as { text: string }).text).toMatch(
      /WAIT_TIMEOUT[\s\S]*stagewright:\/\/errors[\s\S]*electron_status/,
    );
  });

  it('refuses a missing argument and an unknown prompt', async () => {
    await expect(connection.client.getPrompt({ name: 'launch_then_inspect', arguments: {} })).rejects.toThrow(/needs the argument "app"/);
    await expect(connection.client.getPrompt({ name: 'run_everything' })).rejects.toThrow(/Unknown prompt/);
  });
});
