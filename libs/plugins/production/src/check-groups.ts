import { ToolError, Type } from '@stagewright/sdk';

/** The `checks` parameter: a subset of a tool's groups (all when omitted). */
export const checksParam = (groups: readonly string[]) =>
  Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { minItems: 1, maxItems: groups.length, description: groups.join('|') }));

/** The groups asked for, refused with the accepted ones when one is unknown. */
export function wantedGroups(asked: readonly string[] | undefined, groups: readonly string[]): (group: string) => boolean {
  const unknown = (asked ?? []).filter((group) => !groups.includes(group));
  if (unknown.length)
    throw new ToolError(
      'BAD_ARGUMENT',
      `checks: unknown group ${unknown.map((g) => JSON.stringify(g)).join(', ')}; use ${groups.join(', ')}.`,
      {
        details: { param: 'checks' },
      },
    );
  return (group) => !asked || asked.includes(group);
}
