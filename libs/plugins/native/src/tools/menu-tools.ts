import { Type, defineSessionTool } from '@stagewright/sdk';
import { callNative, type NativeAgent } from '../agent/native-runtime.js';

/** A path of menu labels from the top level down, e.g. ["View", "Show Sidebar"]. */
export const labelPath = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 8, description });

const MATCHING =
  'Labels match exactly, else ignoring case, "&" mnemonics and "…" vs "..."; a role name (e.g. "quit") matches a role item. Hidden items and separators are skipped.';

/** native_menu and native_menu_click: the application menu, read and invoked by label path. */
export function menuTools(agent: NativeAgent) {
  const menu = defineSessionTool({
    name: 'menu',
    title: 'Application menu',
    description: "The app's application menu as a tree of labels, roles, accelerators and states.",
    kind: 'read',
    input: { path: Type.Optional(labelPath('Only this submenu')) },
    detail: {
      notes:
        `Returns { menu: nodes, items: total items, truncated? }. Separators are left out; enabled/visible appear only when false; checked only on checkbox and radio items. ` +
        `At most maxItems (config, default 200) items are described, depth-first. ${MATCHING} Reads Menu.getApplicationMenu() with fixed code: no eval grant needed.`,
      shapes: {
        node: '{ label, role?, accelerator?, type?: "checkbox"|"radio", checked?, enabled?: false, visible?: false, submenu?: node[] }',
      },
      errors: ['native.NO_MENU', 'native.ITEM_NOT_FOUND', 'native.NOT_CLICKABLE'],
      example: { path: ['View'] },
    },
    handle: (args, { session }) => callNative(agent, session, { op: 'menu', path: args.path }),
  });

  const menuClick = defineSessionTool({
    name: 'menu_click',
    title: 'Click a menu item',
    description: 'Invoke an application menu item by its label path, as a user click would.',
    kind: 'action',
    // A menu item opens and closes windows as a click does: the answer says so (ADR-0020).
    effects: true,
    input: { path: labelPath('Labels from the top menu down') },
    detail: {
      notes:
        `Runs the item's click (roles act as in Electron) with the focused window, else the first. Checkbox and radio items toggle. ` +
        `Returns { clicked: labels, checked? }. The handler's own async work (dialogs, IPC) continues after the answer: check its effect with an expect tool. ${MATCHING} ` +
        'A miss (native.ITEM_NOT_FOUND) lists the labels available where the path stopped.',
      errors: ['native.NO_MENU', 'native.ITEM_NOT_FOUND', 'native.NOT_CLICKABLE', 'native.ITEM_DISABLED', 'native.INVOKE_FAILED'],
      example: { path: ['File', 'Recent', 'notes.txt'] },
    },
    handle: (args, { session }) => callNative(agent, session, { op: 'menu_click', path: args.path }),
  });

  const menuItem = defineSessionTool({
    name: 'menu_item',
    title: 'One menu item',
    description: "One application menu item's state by label path: enabled, checked, accelerator...",
    kind: 'read',
    input: { path: labelPath('Labels from the top menu down') },
    detail: {
      notes:
        `Returns { path: labels as found, item }. Every field is present (enabled, visible even when true), a submenu as its item labels; hidden items are found too. ${MATCHING.replace(' Hidden items and separators are skipped.', '')} ` +
        'Reads Menu.getApplicationMenu() with fixed code: no eval grant needed.',
      shapes: {
        item: '{ label, type: "normal"|"checkbox"|"radio"|"submenu", id?, role?, accelerator?, checked?, enabled, visible, sublabel?, toolTip?, submenu?: labels }',
      },
      errors: ['native.NO_MENU', 'native.ITEM_NOT_FOUND', 'native.NOT_CLICKABLE'],
      example: { path: ['View', 'Show Sidebar'] },
    },
    handle: (args, { session }) => callNative(agent, session, { op: 'menu_item', path: args.path }),
  });

  return [menu, menuClick, menuItem];
}
