// ADR-0037's ceilings as one function that manifest-check and `stagewright plugin check` share:
// a tool at the ceiling passes and one token over it fails, and the same holds for the average.
import { describe, expect, it } from 'vitest';
import { LISTING_BUDGET, budgetProblems, countBpe, measureTools, type VariantMeasurement } from './index.js';

const measured = (perTool: { name: string; bpe: number }[]): VariantMeasurement => {
  const sum = perTool.reduce((total, tool) => total + tool.bpe, 0);
  return {
    toolCount: perTool.length,
    codePoints: 0,
    bytes: 0,
    bpe: sum,
    averageBpe: Math.round((sum / perTool.length) * 10) / 10,
    names: perTool.map((tool) => tool.name),
    largest: [],
    perTool,
  };
};

describe('budgetProblems (ADR-0037)', () => {
  it('holds every listing to 200 BPE per tool and 160 on average', () => {
    expect(LISTING_BUDGET).toEqual({ maxToolBpe: 200, maxAverageBpe: 160 });
  });

  it('passes a tool at exactly 200 BPE and fails one at 201, naming it', () => {
    expect(
      budgetProblems(
        measured([
          { name: 'a_big', bpe: 200 },
          { name: 'a_small', bpe: 40 },
        ]),
      ),
    ).toEqual([]);
    const problems = budgetProblems(
      measured([
        { name: 'a_big', bpe: 201 },
        { name: 'a_small', bpe: 40 },
      ]),
    );
    expect(problems).toMatchObject([{ rule: 'tool-ceiling', tool: 'a_big', bpe: 201, limit: 200 }]);
    expect(problems[0]!.message).toContain('a_big: 201 BPE');
  });

  it('passes an average of exactly 160 BPE and fails 160.5', () => {
    expect(
      budgetProblems(
        measured([
          { name: 'a_one', bpe: 160 },
          { name: 'a_two', bpe: 160 },
        ]),
      ),
    ).toEqual([]);
    expect(
      budgetProblems(
        measured([
          { name: 'a_one', bpe: 160 },
          { name: 'a_two', bpe: 161 },
        ]),
      ),
    ).toMatchObject([{ rule: 'average-ceiling', bpe: 160.5, limit: 160 }]);
  });

  it('reports every tool over the ceiling, largest first, then the average', () => {
    const problems = budgetProblems(
      measured([
        { name: 'a_x', bpe: 250 },
        { name: 'a_y', bpe: 300 },
      ]),
    );
    expect(problems.map((problem) => problem.tool ?? problem.rule)).toEqual(['a_y', 'a_x', 'average-ceiling']);
  });
});

describe('measureTools', () => {
  it('counts o200k_base BPE of each tool serialized alone and of the whole { tools } payload', () => {
    const tools = [
      { name: 'demo_echo', description: 'Echo the given text.', inputSchema: { type: 'object', properties: {} } },
      { name: 'demo_wait', description: 'Wait a moment — bounded to 1 s.', inputSchema: { type: 'object' } },
    ];
    const m = measureTools(tools);
    expect(m.perTool).toEqual(tools.map((tool) => ({ name: tool.name, bpe: countBpe(JSON.stringify(tool)) })));
    expect(m.bpe).toBe(countBpe(JSON.stringify({ tools })));
    expect(m.bytes).toBe(Buffer.byteLength(JSON.stringify({ tools })));
    expect(countBpe('hello world')).toBe(2);
  });
});
