import { Type, defineElementTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

export const typeTool = defineElementTool({
  name: 'electron_type',
  title: 'Type text',
  description: 'Replace the text of an input, textarea or contenteditable.',
  kind: 'action',
  input: { text: Type.String({ maxLength: 100_000 }) },
  detail: {
    notes: 'Fill semantics: one input event with the whole text. For real keystrokes use electron_keyboard_type; for code editors electron_type_into_editor.',
    errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED', 'ELEMENT_NOT_EDITABLE'],
    example: { ref: 'e5', text: 'hello' },
  },
  async handle(args, ctx) {
    await act(ctx, args, (locator, timeout) => locator.fill(args.text, { timeout }), { needsEditable: true });
    return {};
  },
});
