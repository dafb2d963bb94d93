// Commands are generated from the tool list: the name, the positional mapping and the flags come
// from each tool's schema, so no tool is written twice. Pure units on listed-tool shapes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeOf, renderAnswer } from './answer.js';
import { CommandUsageError, TARGET_RULE, commandName, parseCommand, usageLine, type CatalogueTool } from './commands.js';
import { renderSkill } from './skill.js';

const target = { ref: { type: 'string' }, selector: { type: 'string' }, sessionId: { type: 'string' } };
const TOOLS: CatalogueTool[] = [
  {
    name: 'electron_launch',
    group: 'lifecycle',
    inputSchema: {
      properties: {
        main: { type: 'string' },
        args: { type: 'array', items: { type: 'string' } },
        env: { type: 'object' },
        timeoutMs: { type: 'integer' },
      },
    },
  },
  {
    name: 'electron_click',
    group: 'interaction',
    inputSchema: { properties: { ...target, button: { enum: ['left', 'right'] }, clickCount: { type: 'integer' } } },
  },
  { name: 'electron_type', group: 'interaction', inputSchema: { properties: { ...target, text: { type: 'string' } }, required: ['text'] } },
  {
    name: 'electron_expect_text',
    group: 'expect',
    inputSchema: { properties: { ...target, equals: { type: 'string' }, not: { type: 'boolean' }, timeoutMs: { type: 'integer' } } },
  },
  {
    name: 'electron_drop_file',
    group: 'interaction',
    inputSchema: { properties: { ...target, paths: { type: 'array', items: { type: 'string' } } }, required: ['paths'] },
  },
  {
    name: 'electron_stop',
    group: 'lifecycle',
    inputSchema: { properties: { sessionId: { type: 'string' }, timeoutMs: { type: 'integer' } } },
  },
  { name: 'ipc_stub', group: 'plugins', inputSchema: { properties: { channel: { type: 'string' } }, required: ['channel'] } },
];
const parse = (...argv: string[]) => parseCommand(TOOLS, argv, '/work/here');

describe('agent commands from tool definitions', () => {
  it('name a tool without its electron_ prefix, underscores as dashes', () => {
    expect(TOOLS.map((t) => commandName(t.name))).toEqual(['launch', 'click', 'type', 'expect-text', 'drop-file', 'stop', 'ipc-stub']);
  });

  it('map the target by its form, then required parameters in schema order, then flags by type', () => {
    expect(parse('click', 'e5').args).toEqual({ ref: 'e5' });
    expect(parse('click', 'f1e12', '--click-count', '2', '--button=right').args).toEqual({ ref: 'f1e12', clickCount: 2, button: 'right' });
    expect(parse('click', 'role=button[name="Greet"]').args).toEqual({ selector: 'role=button[name="Greet"]' });
    expect(parse('expect-text', '#status', '--equals', 'Hello', '--not', '--json')).toMatchObject({
      args: { selector: '#status', equals: 'Hello', not: true },
      json: true,
    });
    expect(parse('type', 'e3', 'Ada').args).toEqual({ ref: 'e3', text: 'Ada' });
    // One short of every slot: the target is left out (the focused element).
    expect(parse('type', 'Ada').args).toEqual({ text: 'Ada' });
    expect(parse('type', '--text', 'Ada', 'e3').args).toEqual({ ref: 'e3', text: 'Ada' });
    // ...unless the tool's rules require the target.
    const required = new Map([['electron_type', { rules: [TARGET_RULE] }]]);
    expect(() => parseCommand(TOOLS, ['type', 'Ada'], '/work/here', required)).toThrow(/missing <text>/);
    expect(parse('drop-file', 'e2', 'a.txt', '/abs/b.txt').args).toEqual({ ref: 'e2', paths: ['/work/here/a.txt', '/abs/b.txt'] });
    expect(parse('ipc-stub', 'save').args).toEqual({ channel: 'save' });
  });

  it('take a path relative to the caller, lists and objects repeated', () => {
    expect(parse('launch', './app', '--args', '--foo', '--args', '--bar', '--env', 'A=1', '--env', '{"B":"2"}').args).toEqual({
      main: '/work/here/app',
      args: ['--foo', '--bar'],
      env: { A: '1', B: '2' },
    });
    expect(usageLine(TOOLS[0]!)).toBe('stagewright launch [<main>] [--args <args>...] [--env <KEY=VALUE|json>] [--timeout-ms <n>]');
    expect(parse('stop', '--timeout-ms', '100').args).toEqual({ timeoutMs: 100 });
  });

  it('refuse what the schema does not have: an operator flag is an unknown flag like any other', () => {
    for (const argv of [
      ['launch', './app', '--allow-eval'],
      ['launch', './app', '--allow-eval=main'],
      ['click', 'e5', '--plugin', 'trace'],
      ['click', 'e5', '--app-root', '/'],
      ['click', 'e5', '--click-count', 'two'],
      ['click', 'e5', '--button', 'middle'],
      ['click', 'e5', 'e6'],
      ['type', 'e5'],
      ['frobnicate'],
      ['stop', '--timeout-ms'],
    ])
      expect(() => parse(...argv), argv.join(' ')).toThrow(CommandUsageError);
  });
});

describe('answers', () => {
  it('are short text; a long field goes to a file the line names with its size', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'sw-answer-'));
    try {
      const snapshot = Array.from({ length: 40 }, (_, i) => `- button "B${i}" [ref=e${i}]`).join('\n');
      const envelope = { ok: true, url: 'file:///x.html', title: 'Bench app', snapshot: undefined };
      const result = {
        content: [
          { type: 'text', text: JSON.stringify({ ...envelope, _meta: { blocks: ['snapshot'] } }) },
          { type: 'text', text: snapshot },
        ],
      };
      const answer = renderAnswer(result, { workspace: join(outDir, '..'), outDir, command: 'snapshot', seq: 3, json: false });
      const file = answer.files[0]!;
      expect(answer.stdout).toBe(
        `ok\nurl: file:///x.html\ntitle: "Bench app"\nsnapshot: ${file} (${Buffer.byteLength(snapshot)} B), 40 lines\n`,
      );
      expect(file.endsWith('snapshot-3.yml')).toBe(true);
      expect(readFileSync(join(outDir, '..', file), 'utf8')).toBe(snapshot);
      const error = renderAnswer(
        {
          content: [
            {
              type: 'text',
              text: JSON.stringify({
                ok: false,
                code: 'REF_NOT_FOUND',
                error: 'Ref e9 is gone.',
                hint: 'Snapshot again.',
                next_actions: [],
              }),
            },
          ],
        },
        { workspace: outDir, outDir, command: 'click', seq: 4, json: false },
      );
      expect(error).toEqual({
        stdout: 'error REF_NOT_FOUND: Ref e9 is gone.\nhint: "Snapshot again."\n',
        exitCode: EXIT.ELEMENT,
        files: [],
      });
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('exit with the class of their error code', () => {
    expect(
      ['EXPECTATION_FAILED', 'BAD_ARGUMENT', 'ELEMENT_NOT_FOUND', 'NO_SESSION', 'EVAL_NOT_ALLOWED', 'EVAL_ERROR', 'A_PLUGIN_CODE'].map(
        exitCodeOf,
      ),
    ).toEqual([1, 2, 3, 4, 5, 7, 7]);
  });
});

describe('the skill', () => {
  it('is SKILL.md with front matter and a reference file per group naming every command', () => {
    const files = renderSkill(TOOLS);
    expect(files['SKILL.md']).toMatch(/^---\nname: stagewright\ndescription: [^\n]{40,1024}\n---\n/);
    expect(Object.keys(files).sort()).toEqual([
      'SKILL.md',
      'reference/expect.md',
      'reference/interaction.md',
      'reference/lifecycle.md',
      'reference/plugins.md',
    ]);
    for (const tool of TOOLS) expect(files[`reference/${tool.group}.md`]).toContain(`## ${commandName(tool.name)}\n`);
    // The body stays short: the loop and the first commands, the rest on demand.
    expect(files['SKILL.md']!.length).toBeLessThan(4000);
  });
});
