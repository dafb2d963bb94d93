import { ToolError, Type } from '@stagewright/sdk';
import type { ElementState } from '@stagewright/sdk';

/** Flags a state check may name; any flag may be negated with a leading `!`. */
export const STATE_FLAGS = [
  'visible',
  'hidden',
  'enabled',
  'disabled',
  'editable',
  'readonly',
  'focused',
  'checked',
  'unchecked',
  'mixed',
  'expanded',
  'collapsed',
  'selected',
] as const;
export type StateFlag = (typeof STATE_FLAGS)[number];

export const STATE_NOTE = `state: flags that must all hold, among ${STATE_FLAGS.join(', ')}; prefix ! to negate (e.g. "!focused"). A missing element is hidden and nothing else.`;

/** Schema of a state list: flags stay in the detail resource, bounds stay here. */
export const stateParam = () => Type.Array(Type.String({ maxLength: 16 }), { minItems: 1, maxItems: 8 });

export interface StateCheck {
  flag: StateFlag;
  negated: boolean;
  raw: string;
}

/** Parse state flags; BAD_ARGUMENT names the flag and the accepted ones. */
export function parseStateFlags(values: readonly string[], param = 'state'): StateCheck[] {
  return values.map((raw) => {
    const negated = raw.startsWith('!');
    const flag = (negated ? raw.slice(1) : raw).trim().toLowerCase();
    if (!(STATE_FLAGS as readonly string[]).includes(flag)) {
      throw new ToolError(
        'BAD_ARGUMENT',
        `${param}: unknown flag ${JSON.stringify(raw)}; use ${STATE_FLAGS.join(', ')} (optionally prefixed with !).`,
        {
          details: { param, accepted: STATE_FLAGS },
        },
      );
    }
    return { flag: flag as StateFlag, negated, raw };
  });
}

/** Whether one flag holds; `state` undefined means the element is absent. */
export function flagHolds(check: StateCheck, state: ElementState | undefined): boolean {
  const value = state === undefined ? check.flag === 'hidden' : positive(check.flag, state);
  return check.negated ? !value : value;
}

export function allHold(checks: readonly StateCheck[], state: ElementState | undefined): boolean {
  return checks.every((check) => flagHolds(check, state));
}

function positive(flag: StateFlag, s: ElementState): boolean {
  switch (flag) {
    case 'visible':
      return s.visible;
    case 'hidden':
      return !s.visible;
    case 'enabled':
      return s.enabled;
    case 'disabled':
      return !s.enabled;
    case 'editable':
      return s.editable;
    case 'readonly':
      return !s.editable;
    case 'focused':
      return s.focused;
    case 'checked':
      return s.checked === true;
    case 'unchecked':
      return s.checked === false;
    case 'mixed':
      return s.checked === 'mixed';
    case 'expanded':
      return s.expanded === true;
    case 'collapsed':
      return s.expanded === false;
    case 'selected':
      return s.selected === true;
  }
}
