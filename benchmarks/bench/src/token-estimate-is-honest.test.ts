// _meta.estimated_tokens is what an agent budgets with; characters/4 undercounted real BPE by
// 18-27% on snapshots (issue 24). The estimate must stay within 10% of a BPE tokenizer on the
// kinds of text the server sends: JSON envelopes, and the snapshot YAML that travels raw as a text
// block of its own (ADR-0032).
import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { estimateTokens } from '@stagewright/kernel';

const snapshot = Array.from({ length: 120 }, (_, i) =>
  [
    `        - listitem [ref=e${i * 3 + 20}]:`,
    `          - generic [ref=e${i * 3 + 21}]: Item ${i + 1}`,
    `          - button "Details ${i + 1}" [ref=e${i * 3 + 22}]`,
  ].join('\n'),
).join('\n');

/** A shallow page, as the bench fixture's snapshot reads. */
const shallow = [
  '- main [ref=e2]:',
  '  - heading "Bench" [level=1] [ref=e3]',
  '  - generic [ref=e4]:',
  '    - text: Your name',
  '    - textbox "Your name" [ref=e5]',
  '    - button "Greet" [ref=e6]',
  '  - status',
  '  - button "Load details" [ref=e8]',
  '  - generic [ref=e9]:',
  '    - text: Size',
  '    - combobox "Size" [ref=e10]:',
  '      - option "Small" [selected]',
  '      - option "Medium"',
  '    - checkbox "Notify me" [ref=e11]',
  '  - list "Items" [ref=e12]:',
  '    - listitem [ref=e13]: Alpha',
  '    - listitem [ref=e14]: Beta',
  '  - link "Help" [ref=e15]:',
  '    - /url: https://example.com/help',
].join('\n');

const SAMPLES: Record<string, string> = {
  'raw snapshot block': snapshot,
  'raw shallow snapshot block': shallow,
  'raw diff block':
    '  - generic [ref=e1]:\n    - banner [ref=e2]:\n-     - status [ref=e7]: Ready\n+     - status [ref=e7]: New item created',
  'shallow snapshot envelope': JSON.stringify({ ok: true, url: 'file:///apps/bench/index.html', title: 'Bench', snapshot: shallow }),
  'snapshot envelope': JSON.stringify({
    ok: true,
    url: 'file:///apps/big-page/index.html?items=200',
    title: 'Big Page — 200 elements',
    snapshot,
  }),
  'diff envelope': JSON.stringify({
    ok: true,
    snapshot: '  - generic [ref=e1]:\n    - banner [ref=e2]:\n-     - status [ref=e7]: Ready\n+     - status [ref=e7]: New item created',
    diff: true,
  }),
  'find envelope': JSON.stringify({
    ok: true,
    matches: [
      { ref: 'e1234', role: 'button', name: 'Details 1100' },
      { ref: 'e99', role: 'link', name: 'Order 5', states: { disabled: 'true' } },
    ],
    total: 2,
  }),
  'error envelope': JSON.stringify({
    ok: false,
    code: 'RENDERER_UNRESPONSIVE',
    error: 'The page did not answer within 10000 ms; it is busy or hung.',
    hint: 'The page is hung; reload it or stop and relaunch the app.',
    next_actions: ['electron_stop'],
    retryable: false,
  }),
  prose:
    'Refs are valid for element tools until the page changes. ref roots the snapshot at that element; depth limits nesting. An empty snapshot comes with a note saying why (content hidden, still loading, empty page).',
};

describe('estimateTokens', () => {
  it.each(Object.keys(SAMPLES))('is within 10 percent of BPE on a %s', (kind) => {
    const text = SAMPLES[kind];
    const bpe = encode(text).length;
    expect(Math.abs(estimateTokens(text) - bpe) / bpe).toBeLessThan(0.1);
  });
});
