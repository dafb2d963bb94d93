import { ToolError, Type } from '@stagewright/sdk';

/** A baseline name is one plain file name stem: it can never name a folder or climb out of one. */
export const VISUAL_NAME = Type.String({ pattern: '^\\w[\\w-]{0,79}$' });

/** Names Windows reserves for devices; refused everywhere so baselines stay portable. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

export function nameOrThrow(name: string): string {
  if (RESERVED.test(name)) {
    throw new ToolError('BAD_ARGUMENT', `"${name}" is a reserved device name on Windows; choose another name.`, {
      details: { param: 'name' },
    });
  }
  return name;
}
