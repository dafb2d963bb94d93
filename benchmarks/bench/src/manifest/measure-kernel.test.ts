// The measurement must see what the kernel really lists: canonical order, eval tools only when
// granted. A tiny surface of two tools on the real createServer keeps this independent of the catalogue.
import { describe, expect, it } from 'vitest';
import { createServer } from '@stagewright/kernel';
import { Type, defineTool } from '@stagewright/sdk';
import { measureServer } from './measure.js';

const zeta = defineTool({
  name: 'electron_zeta',
  title: 'Zeta',
  description: 'A read tool listed last by name.',
  kind: 'read',
  input: { text: Type.Optional(Type.String({ description: 'Any text.', maxLength: 10 })) },
  handle: () => ({}),
});

const alphaEval = defineTool({
  name: 'electron_alpha_eval',
  title: 'Alpha eval',
  description: 'An eval-gated tool listed first by name.',
  kind: 'destructive',
  gate: 'eval:main',
  input: {},
  handle: () => ({}),
});

describe('measuring the real kernel', () => {
  it('lists a safe surface without the gated tool', async () => {
    const m = await measureServer(() => createServer({ tools: [zeta, alphaEval], allowEval: false }));
    expect(m.names).toEqual(['electron_zeta']);
  });

  it('lists the gated tool in canonical order when eval is granted, and counts it', async () => {
    const safe = await measureServer(() => createServer({ tools: [zeta, alphaEval], allowEval: false }));
    const withEval = await measureServer(() => createServer({ tools: [zeta, alphaEval], allowEval: true }));
    expect(withEval.names).toEqual(['electron_alpha_eval', 'electron_zeta']);
    expect(withEval.bpe).toBeGreaterThan(safe.bpe);
    expect(withEval.perTool.find((t) => t.name === 'electron_zeta')).toEqual(safe.perTool[0]);
  });
});
