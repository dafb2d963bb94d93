import Type, { type Static } from 'typebox';

/**
 * Replay specification format v1.1 (ADR-0036 as amended by docs/adr/0007 and 0016): the single source of the
 * published JSON Schema `schemas/replay-spec.v1.json` (a test keeps the file in step). Closed
 * objects everywhere: a key the format does not define — a loop, a branch, a reference to an
 * earlier result — is an error, not something silently ignored.
 */
export const SPEC_FORMAT = 'stagewright-replay/1.1';
/** Format versions this runner reads: 1.1 (docs/adr/0016) only adds that steps never hold refs. */
export const READABLE_FORMATS = ['stagewright-replay/1', SPEC_FORMAT] as const;
export const PARAM_NAME_PATTERN = '^[a-z][A-Za-z0-9_]{0,47}$';
export const SCHEMA_ID = 'https://stagewright.dev/schemas/replay-spec.v1.json';

const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

export const ParameterSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('string'), Type.Literal('number'), Type.Literal('integer'), Type.Literal('boolean')], {
      description: 'Type the supplied value must have (from --param text, it is converted to it).',
    }),
    default: Type.Optional(Type.Union([Scalar], { description: 'Value used when none is supplied; secret parameters have none.' })),
    description: Type.String({ minLength: 1, maxLength: 500, description: 'What the value means, for the person running the spec.' }),
    secret: Type.Optional(Type.Boolean({ description: 'Never written to output, reports or JUnit; must be supplied at run time.' })),
  },
  { additionalProperties: false },
);

export const ParamRefSchema = Type.Object(
  { $param: Type.String({ pattern: PARAM_NAME_PATTERN, description: 'A declared parameter; stands for the whole value.' }) },
  { additionalProperties: false },
);

export const MatcherSchema = Type.Union(
  [
    Type.Object(
      { exact: Type.Unknown({ description: 'Deep-equal to this value (may be a {"$param"}).' }) },
      { additionalProperties: false },
    ),
    Type.Object(
      { subset: Type.Unknown({ description: 'Objects: these keys match recursively; arrays: these items, by index.' }) },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        regex: Type.String({
          minLength: 1,
          maxLength: 200,
          description: '"/source/flags" or a bare source; the server\'s regex safety rules apply.',
        }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      { ignore: Type.Literal(true, { description: 'Deliberately not compared (volatile field).' }) },
      { additionalProperties: false },
    ),
  ],
  { description: 'One check of the result field at this JSON Pointer.' },
);

export const ExpectSchema = Type.Object(
  {
    ok: Type.Optional(Type.Boolean({ description: 'Expected envelope ok (default true; false when code is given).' })),
    code: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.]*$', description: 'Expected error code (implies ok: false).' })),
    result: Type.Optional(
      Type.Record(Type.String({ pattern: '^(/[^/]*)+$' }), MatcherSchema, {
        description: 'Checks of result fields, keyed by JSON Pointer into the answer (e.g. "/text").',
        additionalProperties: false,
      }),
    ),
  },
  { additionalProperties: false },
);

export const StepSchema = Type.Object(
  {
    tool: Type.String({ pattern: '^[a-z][a-z0-9_]*$', description: 'A tool name as listed by the server.' }),
    args: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'The call\'s arguments, validated against the live tool schema; {"$param": name} only as a whole value.',
      }),
    ),
    expect: Type.Optional(ExpectSchema),
    note: Type.Optional(Type.String({ maxLength: 500, description: 'For reviewers; ignored by the runner.' })),
  },
  { additionalProperties: false },
);

export const ReplaySpecSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    format: Type.Union([Type.Literal(READABLE_FORMATS[0]), Type.Literal(READABLE_FORMATS[1])], {
      description: 'stagewright-replay/1.1 (written by trace promote); /1 files still load. Steps never hold a snapshot ref.',
    }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    app: Type.Record(Type.String(), Type.Unknown(), {
      description: 'electron_launch arguments (main, args, env, cwd, timeoutMs...); relative paths resolve from the spec file.',
    }),
    parameters: Type.Optional(Type.Record(Type.String({ pattern: PARAM_NAME_PATTERN }), ParameterSchema, { additionalProperties: false })),
    steps: Type.Array(StepSchema, { minItems: 1, maxItems: 1000 }),
  },
  { additionalProperties: false },
);

export type ReplaySpec = Static<typeof ReplaySpecSchema>;
export type ReplayStep = Static<typeof StepSchema>;
export type StepExpect = Static<typeof ExpectSchema>;
export type Matcher = Static<typeof MatcherSchema>;
export type ParameterDecl = Static<typeof ParameterSchema>;

/** The published document: the schema plus the identifiers editors use. */
export function publishedSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: SCHEMA_ID,
    title: 'Stagewright replay specification v1',
    ...JSON.parse(JSON.stringify(ReplaySpecSchema)),
  };
}
