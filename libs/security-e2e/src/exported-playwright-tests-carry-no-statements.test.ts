// An exported Playwright test is code a team runs (`playwright test --list` loads it). Every text
// the export takes from a spec, a trace or a file name reaches it only inside a comment or a
// literal: hostile line breaks, `*/`, quotes and backticks in every field must not become a
// statement. The output is parsed with the TypeScript parser, the one Playwright's loader uses.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ExportRefused, playwrightFile, type ExportOptions } from '../../../apps/mcp-server/src/replay/export/playwright-file.js';
import type { ReplaySpec } from '../../../apps/mcp-server/src/replay/spec-schema.js';
import { promote } from '../../../apps/mcp-server/src/trace-cli/promote.js';
import type { ParsedTrace, TraceCallLine } from '../../../apps/mcp-server/src/trace-cli/read-trace.js';

/** Each tries a way out of a comment or a literal; each names its own marker identifier. */
const BREAKOUTS = [
  (n: number) => `a\nPWNED${n}();//`,
  (n: number) => `a\r\nPWNED${n}();//`,
  (n: number) => `a\rPWNED${n}();//`,
  (n: number) => `a\u2028PWNED${n}();//`,
  (n: number) => `a\u2029PWNED${n}();//`,
  (n: number) => `a */ PWNED${n}(); /* b`,
  (n: number) => `a'); PWNED${n}(); ('`,
  (n: number) => `a"); PWNED${n}(); ("`,
  (n: number) => `a\`; PWNED${n}(); \`\${PWNED${n}()}`,
  (n: number) => `a\\'); PWNED${n}(); //`,
  (n: number) => `a/); PWNED${n}(); (/`,
];

let counter = 0;
/** A fresh hostile text; `base` keeps a field's required form (a selector prefix, a switch). */
const hostile = (base = '') => `${base}${BREAKOUTS[counter % BREAKOUTS.length](++counter)}`;

/** Every field of a spec that reaches the file, hostile. Unsupported steps go in as fixme comments. */
function hostileSpec(): ReplaySpec {
  const step = (tool: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({ tool, args, note: hostile(), ...extra }) as ReplaySpec['steps'][number];
  const steps: ReplaySpec['steps'] = [];
  // Twice round the breakouts, so each field meets several of them.
  for (let round = 0; round < BREAKOUTS.length; round++) {
    steps.push(
      step('electron_click', { selector: hostile('#') }),
      step('electron_click', { selector: `role=button[name=${JSON.stringify(hostile())}]` }),
      step('electron_click', { selector: `text=${JSON.stringify(hostile())} >> nth=1` }),
      step('electron_type', { selector: hostile('.'), text: hostile() }),
      step('electron_keyboard_type', { text: hostile(), delayMs: 5 }),
      step('electron_key', { key: hostile() }),
      step('electron_press_sequence', { keys: [hostile(), hostile()] }),
      step('electron_select_option', { selector: 'select', values: [hostile(), { label: hostile() }] }),
      step('electron_drag', { selector: hostile('#'), targetSelector: hostile('#') }),
      step('electron_expect_text', { selector: '#a', equals: hostile() }),
      step('electron_expect_text', { selector: '#a', contains: hostile() }),
      step('electron_expect_value', { selector: '#a', contains: hostile() }),
      step('electron_expect_url', { contains: hostile() }),
      step('electron_expect_text', { selector: '#a', matches: `/${hostile().replace(/[()*+?[\]{}|\\^$./]/g, '\\$&')}/` }),
      step('electron_get_text', { selector: '#a' }, { expect: { result: { '/text': { exact: hostile() } } } }),
      step(
        'electron_get_value',
        { selector: '#a' },
        { expect: { result: { '/value': { regex: hostile().replace(/[()*+?[\]{}|\\^$./]/g, '.') } } } },
      ),
      // Unsupported: each becomes a comment quoting its reason, the way out.
      step('electron_expect_text', { selector: '#a', matches: `/${hostile()}(a|aa)*$/` }),
      step('electron_expect_text', { selector: '#a', matches: hostile('(') }),
      step(`plugin_${round}`, { x: hostile() }),
      step(hostile('electron_x'), {}),
      step('electron_click', { selector: '#a' }, { expect: { code: 'X' } }),
    );
  }
  return {
    format: 'stagewright-replay/1.1',
    name: hostile(),
    description: hostile(),
    app: {
      main: hostile('./app'),
      executablePath: hostile('/opt/'),
      cwd: hostile('./'),
      args: [hostile('--lang='), hostile()],
      env: { [hostile('K')]: hostile(), LANG: hostile() },
      timeoutMs: 5000,
    },
    parameters: {
      user: { type: 'string', description: hostile(), default: hostile() },
      password: { type: 'string', description: hostile(), secret: true },
      count: { type: 'integer', description: hostile(), default: 3 },
      // A block comment each: every breakout meets the one place a `*/` matters.
      ...Object.fromEntries(BREAKOUTS.map((way, i) => [`p${i}`, { type: 'string', description: way(++counter), default: hostile() }])),
    },
    steps: [{ tool: 'electron_type', args: { selector: '#u', text: { $param: 'user' } } }, ...steps],
  } as ReplaySpec;
}

/** A trace whose every recorded string is hostile, named by a hostile file. */
function hostileTrace(): ParsedTrace {
  let seq = 0;
  const call = (tool: string, args: Record<string, unknown>, envelope: Record<string, unknown> = {}, extra = {}): TraceCallLine => ({
    type: 'call',
    seq: ++seq,
    tool,
    args,
    ok: true,
    envelope: { ok: true, ...envelope, _meta: { estimated_tokens: 5 } },
    images: 0,
    startedAt: '2026-01-01T00:00:00.000Z',
    ms: 3,
    ...extra,
  });
  return {
    file: `/t/${hostile()}.trace.jsonl`,
    header: { type: 'header', format: 'stagewright-trace', version: 1, name: hostile(), startedAt: '2026-01-01T00:00:00.000Z' },
    unreadable: 0,
    calls: [
      call('electron_launch', { main: hostile('/apps/'), args: [hostile('--lang=')] }, { sessionId: 's1' }),
      call('electron_click', { ref: 'e1' }, {}, { locators: { ref: `role=button[name=${JSON.stringify(hostile())}]` } }),
      call('electron_type', { ref: 'e2', text: hostile() }, {}, { locators: { ref: `text=${JSON.stringify(hostile())}` } }),
      call('electron_type', { selector: hostile('#'), text: hostile() }),
      call('electron_get_text', { selector: hostile('#') }, { text: hostile(), visible: true }),
      call('electron_expect_text', { selector: '#a', contains: hostile() }),
      call('electron_key', { key: hostile() }),
      call('plugin_x', { y: hostile() }),
      call('electron_stop', {}),
    ],
  };
}

/** Syntax errors, and every identifier outside comments and literals that a breakout planted. */
function escapes(code: string): { syntax: string[]; planted: string[] } {
  const file = ts.createSourceFile('exported.spec.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const syntax = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
  const planted: string[] = [];
  const walk = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text.startsWith('PWNED')) planted.push(node.text);
    if (node.kind === ts.SyntaxKind.ImportKeyword && ts.isCallExpression(node.parent)) planted.push('import()');
    ts.forEachChild(node, walk);
  };
  walk(file);
  return { syntax, planted };
}

const options = (source: ExportOptions['source']): ExportOptions => ({
  out: '/repo/e2e/exported.spec.ts',
  source,
  specDir: '/repo/specs',
  unsupported: 'fixme',
  version: '1.0.0',
});

describe('exported Playwright tests carry no statements', () => {
  it('every field of a spec, and the spec file name, stay inside comments and literals', () => {
    const spec = hostileSpec();
    const code = playwrightFile(spec, options({ kind: 'spec', file: `/repo/specs/${hostile()}.replay.json` }));
    expect(code.length).toBeGreaterThan(10_000);
    // The unsupported steps are in the file, as comments quoting their reason.
    expect(code.match(/FIXME\(stagewright\)/g)?.length).toBeGreaterThanOrEqual(4 * BREAKOUTS.length);
    // Each marker text is in the file (so the check below looks at something), yet none is code.
    expect(code).toContain('PWNED');
    expect(escapes(code)).toEqual({ syntax: [], planted: [] });
  });

  it('every field of a trace, and the trace file name, stay inside comments and literals', () => {
    const trace = hostileTrace();
    const { spec } = promote(trace, { out: '/repo/specs/x.replay.json', params: [], schemaRef: 'x.json' });
    const code = playwrightFile(spec as unknown as ReplaySpec, options({ kind: 'trace', file: trace.file }));
    expect(code).toContain('PWNED');
    expect(escapes(code)).toEqual({ syntax: [], planted: [] });
  });

  it('without --unsupported fixme the same spec is refused, writing nothing', () => {
    expect(() => playwrightFile(hostileSpec(), { ...options({ kind: 'spec', file: '/x.json' }), unsupported: 'refuse' })).toThrow(
      ExportRefused,
    );
  });
});
