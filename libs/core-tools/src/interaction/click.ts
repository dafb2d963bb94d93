import { ToolError, Type, defineElementTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

export const clickTool = defineElementTool({
  name: 'electron_click',
  title: 'Click',
  description: 'Click an element.',
  kind: 'action',
  input: {
    button: Type.Optional(Type.Enum(['left', 'right', 'middle'])),
    clickCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    modifiers: Type.Optional(Type.Array(Type.String({ maxLength: 16 }), { maxItems: 4 })) ,
  },
  detail: {
    notes: 'Waits until the element is visible, stable, enabled and not covered (up to 5 s). clickCount 2 double-clicks.',
    values: { button: ['left', 'right', 'middle'], modifiers: ['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift'] },
    errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED'],
    example: { ref: 'e12' },
  },
  async handle(args, ctx) {
    const modifiers = validModifiers(args.modifiers);
    await act(ctx, args, (locator, timeout) => locator.click({ button: args.button, clickCount: args.clickCount, modifiers, timeout }));
    return {};
  },
});

type Modifier = 'Alt' | 'Control' | 'ControlOrMeta' | 'Meta' | 'Shift';
const MODIFIERS: readonly Modifier[] = ['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift'];

function validModifiers(values: string[] | undefined): Modifier[] | undefined {
  if (!values) return undefined;
  const bad = values.find((v) => !(MODIFIERS as readonly string[]).includes(v));
  if (bad !== undefined) {
    throw new ToolError('BAD_ARGUMENT', `modifiers: ${JSON.stringify(bad)} is not one of ${MODIFIERS.join(', ')}.`, {
      details: { param: 'modifiers', accepted: MODIFIERS },
    });
  }
  return values as Modifier[];
}
