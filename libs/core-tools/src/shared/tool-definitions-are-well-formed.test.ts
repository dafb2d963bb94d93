// Every core tool is a contract hosts and profile lists rely on: a stable name, a kind, a closed
// schema, one short sentence, and error codes that exist in the registry. Which tools exist is
// pinned once, by the generated TOOL-REFERENCE.md (checked by reference:docs-check) and manifest-baseline.json.
import { beforeAll, describe, expect, it } from 'vitest';
import { CORE_ERROR_CODES, TOOL_KINDS } from '@stagewright/sdk';
import { ToolRegistry, loadSchemaCompiler } from '@stagewright/kernel';
import { CORE_TOOL_MODULES } from '../index.js';

const TOOLS = CORE_TOOL_MODULES.flatMap((module) => module.tools);

describe('core tool definitions', () => {
  // The server loads typebox's compiler before the first call; this test compiles directly.
  beforeAll(() => loadSchemaCompiler());

  it('have unique names', () => {
    const names = TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(50);
  });

  it.each(TOOLS.map((t) => [t.name, t] as const))('%s is well formed', (_name, tool) => {
    expect(tool.name).toMatch(/^electron_[a-z][a-z0-9_]*$/);
    expect(TOOL_KINDS).toContain(tool.kind);
    if (tool.gate) expect(tool.name).toMatch(/^electron_eval_/);
    expect(tool.input.type).toBe('object');
    expect((tool.input as { additionalProperties?: unknown }).additionalProperties).toBe(false);
    expect(tool.description.length).toBeLessThanOrEqual(100);
    expect(tool.description).toMatch(/^[^.]+[.…]$/);
    expect(tool.detail?.errors).toBeDefined();
    for (const code of tool.detail!.errors!) expect(Object.keys(CORE_ERROR_CODES), `${tool.name}: ${code}`).toContain(code);
    // The server compiles core schemas at a tool's first call, not at start: prove each compiles here.
    expect(() => new ToolRegistry().register(tool).validator).not.toThrow();
  });
});
