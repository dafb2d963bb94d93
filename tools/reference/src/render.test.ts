// TOOL-REFERENCE.md is generated from the definitions so it cannot drift; these pin what a
// reader gets for each part of a definition, and that hand-written text around markers survives.
import Type from 'typebox';
import { Params, SESSION_ERRORS, SHARED_PARAMETERS, TARGET_ERRORS, WINDOW_ERRORS } from '@stagewright/sdk';
import { describe, expect, it } from 'vitest';
import { renderReadmeTable, renderToolReference, type ReferenceEntry } from './render.js';
import { README_MARKERS, referenceFile, replaceBetweenMarkers } from './markers.js';
import { cell, describeType } from './schema-text.js';

const ENTRIES: ReferenceEntry[] = [
  {
    module: 'wait',
    profiles: ['testing', 'debug', 'full'],
    tool: {
      name: 'electron_wait_for_selector',
      title: 'Wait for selector',
      description: 'Wait until an element is attached, visible, hidden or detached.',
      kind: 'read',
      input: Type.Object(
        {
          selector: Type.String({ description: 'Playwright selector.', minLength: 1, maxLength: 1000 }),
          state: Type.Optional(Type.String({ description: 'Target state; see stagewright://tools.' })),
          timeoutMs: Type.Optional(Type.Integer({ description: 'Timeout in ms.', minimum: 0, maximum: 60000 })),
        },
        { additionalProperties: false },
      ),
      detail: {
        notes: 'Returns as soon as the state holds.',
        values: { state: ['attached', 'visible', 'hidden', 'detached'] },
        shapes: { result: '{ state, elapsedMs }' },
        errors: ['WAIT_TIMEOUT'],
        example: { selector: '#save', state: 'visible' },
      },
    },
  },
  {
    module: 'eval',
    profiles: ['eval (--allow-eval=main)'],
    tool: {
      name: 'electron_eval_main',
      title: 'Evaluate in main',
      description: 'Run a function body in the main process | returns JSON.',
      kind: 'destructive',
      gate: 'eval:main',
      input: Type.Object({}, { additionalProperties: false }),
    },
  },
];

/** Tools as the sdk's definers build them: shared parameters and codes added, then the tool's own. */
const SHARED: ReferenceEntry[] = [
  {
    module: 'interaction',
    profiles: ['essential', 'full'],
    tool: {
      name: 'electron_click',
      title: 'Click',
      description: 'Click an element.',
      kind: 'action',
      input: Type.Object({
        ref: Params.ref(),
        selector: Params.selector(),
        sessionId: Params.sessionId(),
        button: Type.Optional(Type.String()),
      }),
      rules: [{ exactlyOne: ['ref', 'selector'] }],
      detail: { errors: [...TARGET_ERRORS, 'ELEMENT_NOT_VISIBLE'] },
    },
  },
  {
    module: 'lifecycle',
    profiles: ['essential', 'full'],
    tool: {
      name: 'electron_info',
      title: 'App info',
      description: 'App name.',
      kind: 'read',
      input: Type.Object({ sessionId: Params.sessionId() }),
      detail: { errors: [...SESSION_ERRORS, ...WINDOW_ERRORS] },
    },
  },
];

describe('tool reference', () => {
  it('documents shared parameters and codes once, and each tool links to them instead of repeating them', () => {
    const text = renderToolReference(SHARED);
    expect(text).toContain('## Shared parameters and errors');
    expect(text.match(/\| `sessionId` \|/g)).toHaveLength(2);
    expect(text.match(/\| `ref` \|/g)).toHaveLength(1);
    expect(text.match(/`SESSION_AMBIGUOUS`/g)).toHaveLength(2);
    const click = text.slice(text.indexOf('### electron_click'), text.indexOf('## lifecycle'));
    expect(click).toContain('| `button` | string | no |  |');
    expect(click).toContain('Plus the [element target](#element-tools) (`ref`, `selector`, `sessionId`): exactly one of ref or selector.');
    expect(click).toContain('**Errors.** [element errors](#element-tools), `ELEMENT_NOT_VISIBLE`');
    const info = text.slice(text.indexOf('### electron_info'));
    expect(info).toContain('Only the [session parameter](#session-tools) (`sessionId`).');
    expect(info.trimEnd().endsWith('**Errors.** [session errors](#session-tools)')).toBe(true);
  });

  it('lists a parameter that differs from the shared one in full', () => {
    const own = { ...SHARED[1], tool: { ...SHARED[1].tool, input: Type.Object({ sessionId: Type.String({ maxLength: 64 }) }) } };
    // Listed without a description, it still reads the shared parameter's one meaning.
    expect(renderToolReference([own])).toContain(`| \`sessionId\` | string (≤ 64 chars) | yes | ${SHARED_PARAMETERS.sessionId} |`);
  });

  it('renders contents, each tool with its facts, parameters and detail', () => {
    expect(renderToolReference(ENTRIES)).toBe(
      [
        '2 tools in 2 modules.',
        '',
        '| module | tools |',
        '|---|---|',
        '| wait | [electron_wait_for_selector](#electron_wait_for_selector) |',
        '| eval | [electron_eval_main](#electron_eval_main) |',
        '',
        '## Shared parameters and errors',
        '',
        '### Element tools',
        '',
        "A tool that acts on or reads one element takes a target, `ref` (from `electron_snapshot` or `electron_find`) or `selector`, plus `sessionId`; its entry says whether the target is required. Resolving them can return these codes besides the tool's own.",
        '',
        '| parameter | type | required | description |',
        '|---|---|---|---|',
        `| \`ref\` | string (≤ 32 chars) | no | ${SHARED_PARAMETERS.ref} |`,
        `| \`selector\` | string (≤ 1000 chars) | no | ${cell(SHARED_PARAMETERS.selector)} |`,
        `| \`sessionId\` | string (≤ 64 chars) | no | ${SHARED_PARAMETERS.sessionId} |`,
        '',
        '**Errors.** `NO_SESSION`, `SESSION_AMBIGUOUS`, `SESSION_NOT_FOUND`, `APP_EXITED`, `WINDOW_NOT_FOUND`, `REF_NOT_FOUND`, `RENDERER_UNRESPONSIVE`',
        '',
        '### Session tools',
        '',
        'A tool that works on one app session takes `sessionId` (optional while one session is live) and can return these codes besides its own.',
        '',
        '| parameter | type | required | description |',
        '|---|---|---|---|',
        `| \`sessionId\` | string (≤ 64 chars) | no | ${SHARED_PARAMETERS.sessionId} |`,
        '',
        '**Errors.** `NO_SESSION`, `SESSION_AMBIGUOUS`, `SESSION_NOT_FOUND`, `APP_EXITED`, `WINDOW_NOT_FOUND`, `RENDERER_UNRESPONSIVE`',
        '',
        '## wait',
        '',
        '### electron_wait_for_selector',
        '',
        '**Wait for selector** · kind: read · profiles: testing, debug, full',
        '',
        'Wait until an element is attached, visible, hidden or detached.',
        '',
        '| parameter | type | required | description |',
        '|---|---|---|---|',
        '| `selector` | string (1–1000 chars) | yes | Playwright selector. |',
        '| `state` | string | no | Target state; see stagewright://tools. |',
        '| `timeoutMs` | integer (0–60000) | no | Timeout in ms. |',
        '',
        '**Notes.** Returns as soon as the state holds.',
        '',
        '**Valid values.**',
        '- `state`: `attached`, `visible`, `hidden`, `detached`',
        '',
        '**Shapes.**',
        '- `result`: { state, elapsedMs }',
        '',
        '**Errors.** `WAIT_TIMEOUT`',
        '',
        '**Example.**',
        '',
        '```json',
        '{"selector":"#save","state":"visible"}',
        '```',
        '',
        '## eval',
        '',
        '### electron_eval_main',
        '',
        '**Evaluate in main** · kind: destructive · profiles: eval (--allow-eval=main) · gate: eval:main',
        '',
        'Run a function body in the main process | returns JSON.',
        '',
        'No parameters.',
      ].join('\n'),
    );
  });

  it('renders the README tools as groups linking to their reference sections, naming and counting no tool', () => {
    expect(renderReadmeTable([...ENTRIES, ...SHARED]).split('\n')).toEqual([
      '| tools | groups (each a section of the reference) |',
      '|---|---|',
      '| core | [wait](TOOL-REFERENCE.md#wait) · [interaction](TOOL-REFERENCE.md#interaction) · [lifecycle](TOOL-REFERENCE.md#lifecycle) |',
      '| core, with `--allow-eval` | [eval](TOOL-REFERENCE.md#eval) |',
      '',
      'Each entry names the profiles that list the tool: `full`, the default, lists every core tool; plugin tools are listed whatever the profile.',
    ]);
    // A tool added to a group changes nothing here.
    const added = { ...ENTRIES[0], tool: { ...ENTRIES[0].tool, name: 'electron_wait_more' } };
    expect(renderReadmeTable([...ENTRIES, ...SHARED, added])).toBe(renderReadmeTable([...ENTRIES, ...SHARED]));
  });

  it('summarises unions, literals and arrays', () => {
    expect(describeType({ anyOf: [{ const: 'left' }, { const: 'right' }] })).toBe('"left" \\| "right"');
    expect(describeType({ type: 'array', items: { type: 'string' }, maxItems: 5 })).toBe('string[] (≤ 5 items)');
    expect(describeType({})).toBe('any');
  });
});

describe('markers', () => {
  it('replaces only the text between the markers', () => {
    const text = `intro\n${README_MARKERS.start}\nold\n${README_MARKERS.end}\noutro\n`;
    expect(replaceBetweenMarkers(text, README_MARKERS, 'new')).toEqual({
      found: true,
      text: `intro\n${README_MARKERS.start}\nnew\n${README_MARKERS.end}\noutro\n`,
    });
  });

  it('leaves a file without markers (or with them reversed) unchanged', () => {
    expect(replaceBetweenMarkers('no markers', README_MARKERS, 'x')).toEqual({ found: false, text: 'no markers' });
    const reversed = `${README_MARKERS.end}\n${README_MARKERS.start}`;
    expect(replaceBetweenMarkers(reversed, README_MARKERS, 'x').found).toBe(false);
  });

  it('generates the whole reference, header included, naming the command that regenerates it', () => {
    const file = referenceFile('body one');
    expect(file).toContain('`npm run gen`');
    expect(file).toContain('`npx nx run reference:docs-check`');
    expect(file).not.toContain('bench:docs');
  });
});
