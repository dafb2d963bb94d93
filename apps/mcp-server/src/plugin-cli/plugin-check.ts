import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { PluginLoadError, ServerOptionsError } from '@stagewright/kernel';
import { CORE_ERROR_CODES, type AnyToolDefinition, type Plugin } from '@stagewright/sdk';
import type * as Budget from '../budget.js';
import { createStagewrightServer } from '../compose.js';

/** One finding of the check; `error` fails it, `warning` is printed only. */
export interface CheckFinding {
  level: 'error' | 'warning';
  rule: 'load' | 'contract' | 'tool-ceiling' | 'average-ceiling' | 'error-code' | 'config';
  message: string;
}

export interface CheckedTool {
  name: string;
  bpe: number;
  gate?: string;
}

export interface CheckReport {
  entry: string;
  plugin?: string;
  tools: CheckedTool[];
  averageBpe?: number;
  tokenizer?: string;
  limits?: { maxToolBpe: number; maxAverageBpe: number };
  findings: CheckFinding[];
  ok: boolean;
}

/**
 * The measurement: budget.mjs beside the bundle (a build entry of its own), else, running from
 * sources (tests), the library itself. The specifier is computed, so the bundler leaves it alone.
 */
async function loadBudget(): Promise<typeof Budget> {
  const bundled = new URL('./budget.mjs', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return (await import(bundled.href)) as typeof Budget;
  const library = ['@stagewright', 'listing-budget'].join('/');
  return (await import(/* @vite-ignore */ library)) as typeof Budget;
}

const CODE = /^[A-Z][A-Z0-9_]*$/;
const NAMESPACED = /^([a-z][a-z0-9]*)\.([A-Z][A-Z0-9_]*)$/;
/** String literals of the entry's code that look like namespaced error codes: 'acme.NO_WINDOW'. */
const CODE_LITERAL = /["'`]([a-z][a-z0-9]*)\.([A-Z][A-Z0-9_]*)["'`]/g;

async function importPlugin(file: string): Promise<unknown> {
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  let candidate: unknown = mod.default ?? mod.plugin;
  if (typeof candidate === 'function') candidate = await (candidate as () => unknown)();
  return candidate;
}

/** Error codes: every code a tool names in `detail.errors` is a core code or one of this plugin's own, declared. */
function checkCodes(plugin: Plugin, source: string): CheckFinding[] {
  const findings: CheckFinding[] = [];
  const declared = new Set(Object.keys(plugin.errorCodes ?? {}));
  const used = new Set<string>();
  const fail = (message: string) => findings.push({ level: 'error', rule: 'error-code', message });
  for (const tool of plugin.tools as readonly AnyToolDefinition[]) {
    for (const code of tool.detail?.errors ?? []) {
      const spaced = NAMESPACED.exec(code);
      if (CODE.test(code)) {
        if (!Object.hasOwn(CORE_ERROR_CODES, code))
          fail(
            `${tool.name}: detail.errors names "${code}", which is no core code; a plugin's own codes are written ${plugin.name}.${code}.`,
          );
      } else if (!spaced) {
        fail(`${tool.name}: detail.errors names "${code}", which is not an error code (CODE or ${plugin.name}.CODE).`);
      } else if (spaced[1] !== plugin.name) {
        fail(
          `${tool.name}: detail.errors names "${code}" of namespace "${spaced[1]}"; this plugin may return only core codes and ${plugin.name}.CODE.`,
        );
      } else if (!declared.has(spaced[2]!)) {
        fail(`${tool.name}: detail.errors names "${code}", but errorCodes does not declare ${spaced[2]}.`);
      } else used.add(spaced[2]!);
    }
  }
  const named = findings.map((finding) => finding.message);
  for (const match of source.matchAll(CODE_LITERAL)) {
    if (match[1] !== plugin.name) continue;
    used.add(match[2]!);
    const code = `${match[1]}.${match[2]}`;
    if (!declared.has(match[2]!) && !named.some((message) => message.includes(`"${code}"`)))
      fail(`the entry spells the code "${code}", but errorCodes does not declare ${match[2]}.`);
  }
  for (const code of declared) {
    if (!used.has(code))
      findings.push({
        level: 'warning',
        rule: 'error-code',
        message: `errorCodes declares ${code}, but no tool's detail.errors names ${plugin.name}.${code} and the entry never spells it.`,
      });
  }
  return [...new Map(findings.map((finding) => [finding.message, finding])).values()];
}

/** Config: an object schema whose safeConfigFields are its own properties (the loader compiles it and checks the config). */
function checkConfig(plugin: Plugin): CheckFinding[] {
  const findings: CheckFinding[] = [];
  const schema = plugin.configSchema as { type?: unknown; properties?: Record<string, unknown> } | undefined;
  if (schema === undefined) {
    if (plugin.safeConfigFields?.length)
      findings.push({ level: 'error', rule: 'config', message: 'safeConfigFields is set, but the plugin has no configSchema.' });
    return findings;
  }
  if (schema.type !== 'object')
    findings.push({
      level: 'error',
      rule: 'config',
      message: `configSchema must be an object schema (Type.Object), got type ${JSON.stringify(schema.type)}.`,
    });
  for (const field of plugin.safeConfigFields ?? []) {
    if (!schema.properties || !Object.hasOwn(schema.properties, field))
      findings.push({ level: 'error', rule: 'config', message: `safeConfigFields names "${field}", which configSchema does not define.` });
  }
  return findings;
}

/** Reads tools/list the way a host does, through a real client on an in-memory pair. */
async function listPluginTools(plugin: Plugin, config: unknown): Promise<{ name: string; [key: string]: unknown }[]> {
  const server = await createStagewrightServer({
    plugins: [plugin],
    pluginConfigs: config === undefined ? {} : { [plugin.name]: config },
    // Every grant: a gated or impersonating tool is listed only with its grant, and every tool is measured.
    allowEval: ['main', 'renderer'],
    allowImpersonation: true,
  });
  const client = new Client({ name: 'stagewright-plugin-check', version: '0.0.0' });
  try {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    const tools: { name: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools.filter((tool) => tool.name.startsWith(`${plugin.name}_`));
  } finally {
    await client.close();
    await server.close();
  }
}

/**
 * `stagewright plugin check <entry>`: the file loads as a plugin the server accepts (contract,
 * config), each tool's listing costs at most ADR-0037's 200 BPE and the plugin's tools at most
 * 160 on average (measured with the same code as the workspace's manifest-check), and every
 * error code it names is a core code or its own, declared.
 */
export async function checkPlugin(entry: string, options: { cwd?: string; config?: unknown } = {}): Promise<CheckReport> {
  const file = resolve(options.cwd ?? process.cwd(), entry);
  const report: CheckReport = { entry: file, tools: [], findings: [], ok: false };
  const fail = (rule: CheckFinding['rule'], message: string) => {
    report.findings.push({ level: 'error', rule, message });
    return report;
  };
  if (!existsSync(file) || !statSync(file).isFile())
    return fail('load', `${file} does not exist (build the plugin first, e.g. npm run build).`);
  let candidate: unknown;
  try {
    candidate = await importPlugin(file);
  } catch (error) {
    return fail('load', `the file failed to load: ${(error as Error).message}`);
  }
  const named = candidate as Partial<Plugin> | undefined;
  if (typeof named?.name === 'string') report.plugin = named.name;
  let tools: { name: string }[];
  try {
    tools = await listPluginTools(candidate as Plugin, options.config);
  } catch (error) {
    if (error instanceof PluginLoadError || error instanceof ServerOptionsError) return fail('contract', error.message);
    throw error;
  }
  const plugin = candidate as Plugin;
  const budget = await loadBudget();
  const measured = budget.measureTools(tools);
  const gates = new Map((plugin.tools as readonly AnyToolDefinition[]).map((tool) => [`${plugin.name}_${tool.name}`, tool.gate]));
  report.tools = measured.perTool.map((tool) => ({ ...tool, ...(gates.get(tool.name) ? { gate: gates.get(tool.name) } : {}) }));
  report.averageBpe = measured.averageBpe;
  report.tokenizer = budget.TOKENIZER;
  report.limits = { ...budget.LISTING_BUDGET };
  for (const problem of budget.budgetProblems(measured))
    report.findings.push({ level: 'error', rule: problem.rule, message: problem.message });
  report.findings.push(...checkCodes(plugin, readFileSync(file, 'utf8')), ...checkConfig(plugin));
  report.ok = report.findings.every((finding) => finding.level !== 'error');
  return report;
}

/** The human report: one line per tool with its BPE, the average, then the findings and the verdict. */
export function formatCheck(report: CheckReport): string {
  const lines = [`plugin check ${report.entry}${report.plugin ? ` (plugin "${report.plugin}")` : ''}`];
  if (report.limits) {
    const width = Math.max(4, ...report.tools.map((tool) => tool.name.length));
    lines.push(`  ${'tool'.padEnd(width)}  BPE (${report.tokenizer})`);
    for (const tool of report.tools) {
      const over = tool.bpe > report.limits.maxToolBpe ? `  over ${report.limits.maxToolBpe}` : '';
      lines.push(`  ${tool.name.padEnd(width)}  ${String(tool.bpe).padStart(4)}${tool.gate ? `  (${tool.gate})` : ''}${over}`);
    }
    lines.push(
      `  ${report.tools.length} tools, average ${(report.averageBpe ?? 0).toFixed(1)} BPE (limits: ${report.limits.maxToolBpe} per tool, ${report.limits.maxAverageBpe} average; ADR-0037)`,
    );
  }
  for (const finding of report.findings) lines.push(`${finding.level === 'error' ? 'FAIL' : 'warn'} ${finding.rule}: ${finding.message}`);
  const errors = report.findings.filter((finding) => finding.level === 'error').length;
  lines.push(report.ok ? 'plugin check passed' : `plugin check failed: ${errors} problem${errors === 1 ? '' : 's'}`);
  return `${lines.join('\n')}\n`;
}
