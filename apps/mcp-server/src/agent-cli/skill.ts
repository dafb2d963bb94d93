import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { EXIT, EXIT_CODE_LINES } from './answer.js';
import { type CatalogueTool, type ToolDetail, TARGET_RULE, asCommands, commandName, usageLine } from './commands.js';
import type { Io } from './client.js';

/** What each group's reference file is about: one line in SKILL.md. */
const GROUP_ABOUT: Record<string, string> = {
  lifecycle: 'launch, attach, status, windows, stop',
  snapshot: 'snapshot the UI with refs, find elements',
  interaction: 'click, type, keys, select, drag, files',
  read: 'read text, values, attributes, state of an element',
  wait: 'wait for selectors, states, events',
  expect: 'retrying assertions (expect-text, expect-visible, ...)',
  observe: 'screenshots, console logs, dialogs',
  eval: 'run code in the main process or a renderer (needs the operator grant)',
  plugins: 'tools of the loaded plugins',
};

/** The commands SKILL.md shows itself, in loop order; the rest are in the reference files. */
const FIRST = [
  'electron_launch',
  'electron_snapshot',
  'electron_find',
  'electron_click',
  'electron_type',
  'electron_expect_text',
  'electron_screenshot',
  'electron_stop',
];

const oneLine = (text: string | undefined) => asCommands((text ?? '').replace(/\s+/g, ' ').trim());

/**
 * The skill folder in the open Agent Skills format: `SKILL.md` (front matter with name and
 * description, a short body: the loop, the first commands, where the rest is) and one reference
 * file per tool group, loaded on demand. Generated from the tool list, so it names exactly the
 * commands this server has.
 */
export function renderSkill(tools: readonly CatalogueTool[], details: ReadonlyMap<string, ToolDetail> = new Map()): Record<string, string> {
  const groups = [...new Set(tools.map((t) => t.group))];
  const byName = new Map(tools.map((t) => [t.name, t]));
  const first = FIRST.map((name) => byName.get(name)).filter((t): t is CatalogueTool => Boolean(t));
  const files: Record<string, string> = {};
  files['SKILL.md'] = `---
name: stagewright
description: Drive and test Electron desktop apps from the shell with the stagewright CLI - launch an app, snapshot its UI with element refs, click and type, check with retrying expect-* commands, screenshot, stop. Use when a task needs to see or operate a running Electron app.
---

# Stagewright from the shell

The loop: \`launch\` the app, \`snapshot\` (the answer names a file: read it to get refs such as
\`e5\`), act on a ref or a selector, check with an \`expect-*\` command (it retries until true),
and \`stop\` when done. Re-snapshot after the UI changes; refs of an old snapshot may be gone.

${first.map((t) => `- \`${usageLine(t, details.get(t.name))}\``).join('\n')}

Examples: \`stagewright launch ./app\`, \`stagewright click e5\`,
\`stagewright expect-text "#status" --equals "Hello"\`, \`stagewright type e3 "Ada"\`.

Answers are short text: \`ok\` and one \`key: value\` line per field, or \`error CODE: message\`
with a \`hint\`. Long answers (snapshots, screenshots, large lists) go to files under
\`.stagewright/\`; the line names the file and its size, read it only when you need it. Add
\`--json\` for the whole answer as JSON. A background server keeps the app between commands;
it starts with the first command and ends itself when idle.

Exit codes: ${EXIT_CODE_LINES.map((line) => line.replace(/ \(.*\)$/, '')).join('; ')}.

Every command, by group (read the file of the group you need; \`stagewright <command> --help\`
also works):
${groups.map((g) => `- [reference/${g}.md](reference/${g}.md): ${GROUP_ABOUT[g] ?? g}`).join('\n')}
`;
  for (const group of groups) {
    const lines = [`# ${group} commands`, ''];
    lines.push(
      '`<ref|selector>`: a snapshot ref (`e5`) or a selector (`#id`, `role=button[name="Save"]`). Flags take `--name value` or `--name=value`; a list flag may repeat. `--session-id` picks a session when several apps are live.',
      '',
    );
    for (const tool of tools.filter((t) => t.group === group)) {
      const detail = details.get(tool.name) ?? {};
      // The target rule is said once at the top of the file.
      const rules = (detail.rules ?? []).filter((rule) => rule !== TARGET_RULE);
      lines.push(`## ${commandName(tool.name)}`, '', `\`${usageLine(tool, detail)}\``, '', oneLine(tool.description));
      if (rules.length) lines.push(`Rules: ${rules.join('; ')}.`);
      if (detail.notes) lines.push(oneLine(detail.notes));
      lines.push('');
    }
    files[`reference/${group}.md`] = `${lines.join('\n').trimEnd()}\n`;
  }
  return files;
}

export const SKILL_USAGE = `Usage: stagewright skill install [--dir <dir>] [server flags]

Writes the agent skill (SKILL.md and reference/<group>.md) for the commands this server lists,
into <dir> (default: .claude/skills/stagewright). Server flags (--tool-profile, --plugin,
--allow-eval, ...) choose the tool list, as for \`stagewright daemon start\`.
`;

/** `stagewright skill install [--dir <dir>] [server flags]`. */
export async function skillCommand(argv: readonly string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(SKILL_USAGE);
    return 0;
  }
  if (sub !== 'install') {
    io.stderr(`stagewright: skill: expected \`install\`; see \`stagewright skill --help\`.\n`);
    return EXIT.USAGE;
  }
  let dir = '.claude/skills/stagewright';
  const flags: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--dir' || arg.startsWith('--dir=')) {
      const value = arg.includes('=') ? arg.slice(6) : rest[++i];
      if (!value) {
        io.stderr('stagewright: --dir needs a value.\n');
        return EXIT.USAGE;
      }
      dir = value;
    } else flags.push(arg);
  }
  const { parseDaemonFlags } = await import('./daemon.js');
  const { toServerOptions } = await import('../cli.js');
  const { startLocalKernel } = await import('./kernel.js');
  let files: Record<string, string>;
  try {
    const kernel = await startLocalKernel(toServerOptions(parseDaemonFlags(flags).serve));
    files = renderSkill(kernel.tools, await kernel.details());
    await kernel.close();
  } catch (error) {
    io.stderr(`stagewright: ${(error as Error).message}\n`);
    return EXIT.USAGE;
  }
  const target = resolve(dir);
  // The reference folder is the skill's own: a group that is gone loses its file.
  rmSync(join(target, 'reference'), { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(target, name, '..'), { recursive: true });
    writeFileSync(join(target, name), text);
  }
  const size = Object.values(files).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  io.stdout(
    `wrote ${relative(process.cwd(), target) || '.'}/SKILL.md and ${readdirSync(join(target, 'reference')).length} reference files (${(size / 1024).toFixed(1)} kB)\n`,
  );
  return 0;
}
