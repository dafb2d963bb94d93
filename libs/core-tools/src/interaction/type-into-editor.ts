import { Type, defineElementTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';

export const typeIntoEditorTool = defineElementTool({
  name: 'electron_type_into_editor',
  title: 'Type into editor',
  description: 'Insert text into a code editor (Monaco, CodeMirror) or contenteditable.',
  kind: 'action',
  input: {
    text: Type.String({ maxLength: 100_000 }),
    replace: Type.Optional(Type.Boolean({ description: 'Select all first' })) ,
  },
  detail: {
    notes: 'Clicks the editor to focus it, optionally selects all (replace: true), then inserts the text as one input, so editors do not auto-indent or auto-close brackets.',
    errors: [...ACTION_ERRORS, 'ELEMENT_DISABLED'],
    example: { ref: 'e20', text: 'const a = 1;', replace: true },
  },
  async handle(args, ctx) {
    await act(ctx, args, (locator, timeout) => locator.click({ timeout }));
    const keyboard = ctx.session.page().keyboard;
    if (args.replace) {
      await keyboard.press('ControlOrMeta+A');
      await keyboard.press('Delete');
    }
    await keyboard.insertText(args.text);
    return {};
  },
});
