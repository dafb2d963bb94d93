// Validation is the authority a model learns from (ADR-0037): every rejection must name the
// parameter path and what would have been accepted, or the model guesses again blindly.
import { describe, expect, it } from 'vitest';
import { Type, defineTool } from '@stagewright/sdk';
import { ToolRegistry } from '../tools/registry.js';
import { formatPath, validateArguments } from './validation.js';
import { rejectionOf } from '../test-fixtures/rejection.js';

const registered = new ToolRegistry().register(
  defineTool({
    name: 'electron_demo',
    title: 'Demo',
    description: 'd',
    kind: 'action',
    input: {
      text: Type.String({ maxLength: 5 }),
      mode: Type.Optional(Type.Union([Type.Literal('upper'), Type.Literal('lower')])),
      level: Type.Optional(Type.Enum(['a', 'b'])),
      options: Type.Optional(Type.Object({ items: Type.Array(Type.Integer()) }, { additionalProperties: false })),
      since: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 4 })])),
    },
    handle: () => ({}),
  }),
);

const rejection = (args: unknown) => rejectionOf(registered, args);

describe('validateArguments', () => {
  it('passes valid arguments through and treats missing arguments as {}', () => {
    expect(validateArguments(registered, { text: 'hi', mode: 'upper' })).toEqual({ text: 'hi', mode: 'upper' });
    expect(rejection(undefined).message).toMatch(/missing required parameter text/);
  });

  it('names the parameter and the expected type for a wrong type', () => {
    const error = rejection({ text: 5 });
    expect(error.code).toBe('BAD_ARGUMENT');
    expect(error.message).toMatch(/text must be string/);
    expect(error.details).toEqual({ param: 'text' });
  });

  it('lists the accepted literals of a union', () => {
    const error = rejection({ text: 'a', mode: 'title' });
    expect(error.message).toMatch(/mode must be one of "upper", "lower"/);
    expect(error.details).toEqual({ param: 'mode', accepted: ['upper', 'lower'] });
  });

  it('lists the accepted values of an enum', () => {
    expect(rejection({ text: 'a', level: 'c' }).message).toMatch(/level must be one of "a", "b"/);
  });

  it('rejects an unknown property with the accepted ones', () => {
    const error = rejection({ text: 'a', colour: 'red' });
    expect(error.message).toMatch(/unknown parameter colour; accepted: text, mode, level, options/);
    expect(error.details).toEqual({ param: 'colour', accepted: ['text', 'mode', 'level', 'options', 'since'] });
  });

  it('names the first few of many unknown properties, and says how many there are', () => {
    const many = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    const error = rejection({ text: 'a', ...many });
    expect(error.message).toMatch(/unknown parameters k0, k1, k2, k3, k4 and 9995 more; accepted: text, mode/);
    expect(error.message.length).toBeLessThan(400);
    expect(error.details).toMatchObject({ param: 'k0' });
  });

  it('gives nested paths in dotted form with indexes', () => {
    expect(rejection({ text: 'a', options: { items: [1, 'x'] } }).message).toMatch(/options\.items\[1\] must be integer/);
    expect(rejection({ text: 'a', options: { items: [], extra: 1 } }).message).toMatch(/unknown parameter options\.extra; accepted: items/);
  });

  it('reports constraint failures with the limit', () => {
    expect(rejection({ text: 'toolong' }).message).toMatch(/text must not have more than 5 characters/);
  });

  it('rejects a non-object argument list as a whole', () => {
    expect(rejection([1]).message).toMatch(/arguments must be an object of named parameters, got an array/);
  });

  it('formats JSON pointers as parameter paths', () => {
    expect(formatPath('')).toBe('arguments');
    expect(formatPath('/a/0/b~1c')).toBe('a[0].b/c');
  });
  it('names the bound of the union branch whose type matched, not just "one of"', () => {
    const error = rejection({ text: 'ok', since: 'toolong' });
    expect(error.message).toMatch(/since must not have more than 4 characters/);
    expect(error.details).toMatchObject({ param: 'since' });
    expect(rejection({ text: 'ok', since: true }).message).toMatch(/since must be integer or string/);
  });
});
