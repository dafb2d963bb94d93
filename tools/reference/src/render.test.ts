// TOOL-REFERENCE.md is generated from the definitions so it cannot drift; these pin what a
// reader gets for each part of a definition, and that hand-written text around markers survives.
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { renderReadmeTable, renderToolReference, type ReferenceEntry } from './render.js';
import { README_MARKERS, REFERENCE_MARKERS, newReferenceFile, replaceBetweenMarkers } from './markers.js';
import { describeType } from './schema-text.js';

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

describe('tool reference', () => {
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

  it('renders the README table with pipes escaped', () => {
    expect(renderReadmeTable(ENTRIES).split('\n')).toEqual([
      '| module | tool | profiles | what it does |',
      '|---|---|---|---|',
      '| wait | `electron_wait_for_selector` | testing, debug, full | Wait until an element is attached, visible, hidden or detached. |',
      '| eval | `electron_eval_main` | eval (--allow-eval=main) | Run a function body in the main process \\| returns JSON. |',
    ]);
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

  it('creates a new reference whose body regenerates in place', () => {
    const file = newReferenceFile('body one');
    expect(file).toContain('npx nx run reference:docs');
    expect(replaceBetweenMarkers(file, REFERENCE_MARKERS, 'body two').text).toBe(newReferenceFile('body two'));
  });
});
