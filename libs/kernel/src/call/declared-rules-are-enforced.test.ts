// Rules between optional parameters (exactly one of, at least one of, at most one of) stay out of
// the listed schemas, so the validation boundary is the only place that enforces them: a handler
// must never see a call that breaks one, and the agent must be told which parameters to pass.
import { describe, expect, it } from 'vitest';
import { Type, defineTool } from '@stagewright/sdk';
import { ToolRegistry } from '../tools/registry.js';
import { validateArguments } from './validation.js';
import { buildToolsDocument } from '../documents/resources.js';
import { ErrorCatalog } from '../errors/error-catalog.js';
import { rejectionOf } from '../test-fixtures/rejection.js';

const text = () => Type.Optional(Type.String());
const registered = new ToolRegistry().register(
  defineTool({
    name: 'electron_demo_rules',
    title: 'Rules',
    description: 'd',
    kind: 'read',
    input: { ref: text(), selector: text(), role: text(), name: text(), fullPage: Type.Optional(Type.Boolean()) },
    rules: [{ exactlyOne: ['ref', 'selector'] }, { atLeastOne: ['role', 'name'] }, { atMostOne: ['fullPage', 'ref'] }],
    handle: () => ({}),
  }),
);

const rejection = (args: unknown) => rejectionOf(registered, args);

describe('declared argument rules', () => {
  it('pass a call that keeps every rule', () => {
    expect(validateArguments(registered, { ref: 'e1', role: 'button' })).toEqual({ ref: 'e1', role: 'button' });
    expect(validateArguments(registered, { selector: '#a', name: 'Save', fullPage: true })).toMatchObject({ selector: '#a' });
  });

  it('refuse none or both of an exactly-one pair, naming both', () => {
    for (const args of [{ role: 'button' }, { ref: 'e1', selector: '#a', role: 'button' }]) {
      const error = rejection(args);
      expect(error.code).toBe('BAD_ARGUMENT');
      expect(error.message).toBe('Invalid arguments for electron_demo_rules: Pass exactly one of ref or selector.');
      expect(error.details).toEqual({ param: 'ref', accepted: ['ref', 'selector'] });
    }
  });

  it('refuse a call with none of an at-least-one group', () => {
    expect(rejection({ ref: 'e1' }).message).toMatch(/Pass at least one of role or name\.$/);
  });

  it('refuse two of an at-most-one group', () => {
    expect(rejection({ ref: 'e1', role: 'x', fullPage: true }).message).toMatch(/Pass at most one of fullPage or ref\.$/);
  });

  it('are listed in the tool reference resource, not in the schema', () => {
    const doc = buildToolsDocument([registered], new ErrorCatalog()) as { tools: { rules?: string[] }[] };
    expect(doc.tools[0].rules).toEqual([
      'exactly one of ref or selector',
      'at least one of role or name',
      'at most one of fullPage or ref',
    ]);
    expect(JSON.stringify(registered.def.input)).not.toMatch(/oneOf|anyOf/);
  });
});
