import { Type, defineSessionTool } from '@stagewright/sdk';
import { callDesktop, type DesktopAgent } from '../agent/desktop-runtime.js';
import { labelPath } from './menu-tools.js';

const WAIT = Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, description: 'ms to wait for one (default 2000)' }));
const MATCHING = 'Labels match as in native_menu_click (exact, else ignoring case, "&" and "…" vs "...", or a role name).';
const WAITING =
  'Waits (timeoutMs, default 2000) while a right-click main has seen is still being answered, or while no menu is open; a menu already returned gets 300 ms to be replaced by a newer one. ' +
  'So right-click (electron_click with button "right"), then call this: no sleep needed.';

/** native_context_menu and native_context_menu_click: the menu an app popped up with menu.popup(). */
export function contextMenuTools(agent: DesktopAgent) {
  const read = defineSessionTool({
    name: 'context_menu',
    title: 'Context menu',
    description: 'The context menu the app popped up (e.g. after a right-click), as a tree.',
    kind: 'read',
    input: { timeoutMs: WAIT },
    detail: {
      notes:
        'Returns { menu: nodes, items, truncated?, window: { id, title }, for?: { x, y, linkURL?, linkText?, selectionText?, isEditable?, mediaType? } } where `for` is the right-click (webContents "context-menu" params) it answers. ' +
        `Nodes as in native_menu. ${WAITING} Recorded by a hook on Menu.prototype.popup (fixed code, no eval grant); a menu closes on closePopup, on its item being clicked, or on the next right-click.`,
      errors: ['native.NO_CONTEXT_MENU'],
      example: { timeoutMs: 3000 },
    },
    handle: (args, { session }) => callDesktop(agent, session, { op: 'context_menu', timeoutMs: args.timeoutMs ?? 2_000 }, true),
  });

  const click = defineSessionTool({
    name: 'context_menu_click',
    title: 'Click a context-menu item',
    description: 'Click an item of the open context menu by label path, as a user would.',
    kind: 'action',
    effects: true,
    input: { path: labelPath('Labels from the menu down'), timeoutMs: WAIT },
    detail: {
      notes:
        "Closes the menu (menu-will-close, the popup's callback), then runs the item's click with the popup's window. Checkbox and radio items toggle. " +
        `Returns { clicked, checked? } and caused. ${MATCHING} ${WAITING}`,
      errors: ['native.NO_CONTEXT_MENU', 'native.ITEM_NOT_FOUND', 'native.NOT_CLICKABLE', 'native.ITEM_DISABLED', 'native.INVOKE_FAILED'],
      example: { path: ['Move to', 'Archive'] },
    },
    handle: (args, { session }) =>
      callDesktop(agent, session, { op: 'context_menu_click', path: args.path, timeoutMs: args.timeoutMs ?? 2_000 }),
  });

  return [read, click];
}
