// What a host learns besides tools/list: short instructions on how to branch on codes, the
// stagewright://tools reference built from the definitions, and MCP logging.
import { afterEach, describe, expect, it } from 'vitest';
import type { InMemoryConnection } from '../test-fixtures/connect.js';
import { connectExample } from '../test-fixtures/connect.js';

let connection: InMemoryConnection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

describe('server surface', () => {
  it('sends short instructions naming the loop and how to branch on code', async () => {
    connection = await connectExample();
    const instructions = connection.client.getInstructions() ?? '';
    expect(instructions).toMatch(/electron_launch.*electron_snapshot.*electron_expect_.*electron_stop/s);
    expect(instructions).toMatch(/`code`/);
    expect(instructions.length).toBeLessThan(600);
  });

  it('declares tools, resources and logging capabilities', async () => {
    connection = await connectExample();
    expect(connection.client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, logging: {} });
  });

  it('serves stagewright://tools from the listed definitions, with details and error hints', async () => {
    connection = await connectExample({ allowEval: ['main'] });
    expect((await connection.client.listResources()).resources.map((r) => r.uri)).toEqual(['stagewright://tools', 'stagewright://errors']);
    const read = await connection.client.readResource({ uri: 'stagewright://tools' });
    const doc = JSON.parse((read.contents[0] as { text: string }).text);
    expect(doc.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'electron_demo_check',
      'electron_demo_echo',
      'electron_demo_eval_main',
      'electron_demo_reset',
      'electron_demo_work',
      'electron_drag',
    ]);
    const echo = doc.tools.find((tool: { name: string }) => tool.name === 'electron_demo_echo');
    expect(echo).toMatchObject({
      kind: 'read',
      notes: expect.any(String),
      values: { mode: ['upper', 'lower'] },
      example: { text: 'hi', mode: 'upper' },
    });
    const work = doc.tools.find((tool: { name: string }) => tool.name === 'electron_demo_work');
    expect(work.errors).toContain('EXPECTATION_FAILED');
    expect(doc.sessionErrors).toContain('NO_SESSION');
    expect(doc.commonErrors).toContain('BAD_ARGUMENT');
  });

  it('refuses an unknown resource uri', async () => {
    connection = await connectExample();
    await expect(connection.client.readResource({ uri: 'stagewright://nope' })).rejects.toThrow(/Unknown resource/);
  });

  it('sends no debug logs until the client asks for them', async () => {
    connection = await connectExample();
    const levels: string[] = [];
    const { LoggingMessageNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
    connection.client.setNotificationHandler(
      LoggingMessageNotificationSchema,
      (notification) => void levels.push(notification.params.level),
    );
    await connection.call('electron_demo_echo', {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(levels).toEqual([]);
    await connection.client.setLoggingLevel('debug');
    await connection.call('electron_demo_echo', {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(levels).toEqual(['debug']);
  });

  it('forwards logs to the client at the level it set', async () => {
    connection = await connectExample();
    const messages: unknown[] = [];
    const { LoggingMessageNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
    connection.client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void messages.push(notification.params));
    await connection.client.setLoggingLevel('error');
    await connection.call('electron_demo_work', { behavior: 'throw' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(messages).toContainEqual(
      expect.objectContaining({
        level: 'error',
        logger: 'stagewright',
        data: expect.objectContaining({ message: expect.stringMatching(/boom/) }),
      }),
    );
  });
});
