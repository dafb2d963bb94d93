// Menu reading and invoking, in the app's main process. Sent as source (see native-runtime.ts), so
// `menuKit` must stay self-contained: no imports, no outer names. It only uses what Electron's
// Menu and MenuItem offer (items, label, role, type, accelerator, enabled, visible, checked,
// submenu, click), so it works on an application menu and on a tray's context menu alike.

// biome-ignore lint/suspicious/noExplicitAny: Electron objects as seen from inside the app, untyped here.
type Loose = any;

export interface MenuNode {
  label: string;
  role?: string;
  accelerator?: string;
  type?: 'checkbox' | 'radio';
  checked?: boolean;
  enabled?: false;
  visible?: false;
  submenu?: MenuNode[];
}

/** native_menu_item's answer for one item. */
export interface ItemState {
  label: string;
  type: string;
  id?: string;
  role?: string;
  accelerator?: string;
  checked?: boolean;
  enabled?: boolean;
  visible?: boolean;
  sublabel?: string;
  toolTip?: string;
  submenu?: string[];
}

export interface MenuKitFailure {
  failure: 'ITEM_NOT_FOUND' | 'ITEM_DISABLED' | 'NOT_CLICKABLE' | 'INVOKE_FAILED';
  message: string;
  details?: Record<string, unknown>;
}

export function menuKit() {
  const MAX_LABEL = 80;
  const text = (value: unknown) => {
    const s = typeof value === 'string' ? value : value == null ? '' : String(value);
    return s.length > MAX_LABEL ? `${s.slice(0, MAX_LABEL)}…` : s;
  };
  // Windows mnemonics (&File), ellipsis spellings and case do not make a different item.
  const norm = (value: unknown) =>
    String(value ?? '')
      .replace(/&(?!&)/g, '')
      .replace(/…/g, '...')
      .trim()
      .toLowerCase();
  const itemsOf = (menu: Loose): Loose[] => (menu && Array.isArray(menu.items) ? menu.items : []);
  const nameOf = (item: Loose) => text(item.label || item.role || '');

  /** The menu as a bounded tree: separators left out, defaults left out, `budget.left` items at most. */
  const tree = (menu: Loose, budget: { left: number; total: number }, depth = 0): MenuNode[] => {
    const out: MenuNode[] = [];
    for (const item of itemsOf(menu)) {
      if (item.type === 'separator') continue;
      budget.total += 1;
      if (budget.left <= 0) continue;
      budget.left -= 1;
      const node: MenuNode = { label: nameOf(item) };
      if (item.role) node.role = String(item.role);
      if (typeof item.accelerator === 'string' && item.accelerator) node.accelerator = text(item.accelerator);
      if (item.type === 'checkbox' || item.type === 'radio') {
        node.type = item.type;
        node.checked = Boolean(item.checked);
      }
      if (item.enabled === false) node.enabled = false;
      if (item.visible === false) node.visible = false;
      if (item.submenu) node.submenu = depth < 6 ? tree(item.submenu, budget, depth + 1) : [];
      out.push(node);
    }
    return out;
  };

  /** Follows a label path; a miss names the labels available where it stopped. Hidden items only when `hidden`. */
  const find = (menu: Loose, path: string[], hidden = false): { item: Loose; labels: string[] } | MenuKitFailure => {
    let current = menu;
    let item: Loose;
    const labels: string[] = [];
    for (const [index, segment] of path.entries()) {
      const candidates = itemsOf(current).filter((i: Loose) => i.type !== 'separator' && (hidden || i.visible !== false));
      const wanted = norm(segment);
      item =
        candidates.find((i: Loose) => i.label === segment) ??
        candidates.find((i: Loose) => norm(i.label) === wanted || (i.role && norm(i.role) === wanted));
      if (!item) {
        const available = candidates.map(nameOf).filter(Boolean).slice(0, 40);
        const where = labels.length ? `under "${labels.join(' > ')}"` : 'at the top level';
        return {
          failure: 'ITEM_NOT_FOUND',
          message: `No menu item "${text(segment)}" ${where}; available: ${available.map((l) => `"${l}"`).join(', ') || 'none'}.`,
          details: { at: index, available },
        };
      }
      labels.push(nameOf(item));
      if (index < path.length - 1) {
        if (!item.submenu) {
          return {
            failure: 'NOT_CLICKABLE',
            message: `"${labels.join(' > ')}" has no submenu, so the path cannot go on.`,
            details: { at: index },
          };
        }
        current = item.submenu;
      }
    }
    return { item, labels };
  };

  /** One item's whole state, every field present (unlike tree's defaults-left-out nodes); a submenu as its labels. */
  const state = (item: Loose): ItemState => {
    const out: ItemState = { label: nameOf(item), type: item.submenu ? 'submenu' : String(item.type || 'normal') };
    if (item.id) out.id = text(item.id);
    if (item.role) out.role = String(item.role);
    if (typeof item.accelerator === 'string' && item.accelerator) out.accelerator = text(item.accelerator);
    if (item.type === 'checkbox' || item.type === 'radio') out.checked = Boolean(item.checked);
    out.enabled = item.enabled !== false;
    out.visible = item.visible !== false;
    if (item.sublabel) out.sublabel = text(item.sublabel);
    if (item.toolTip) out.toolTip = text(item.toolTip);
    if (item.submenu)
      out.submenu = itemsOf(item.submenu)
        .filter((i: Loose) => i.type !== 'separator')
        .map(nameOf)
        .slice(0, 40);
    return out;
  };

  /** Runs an item as a user's click would: (event, `target` or the focused window, its webContents). */
  const click = (electron: Loose, menu: Loose, path: string[], target?: Loose): Record<string, unknown> | MenuKitFailure => {
    const found = find(menu, path);
    if ('failure' in found) return found;
    const { item, labels } = found;
    if (item.submenu) {
      const children = itemsOf(item.submenu)
        .filter((i: Loose) => i.type !== 'separator')
        .map(nameOf)
        .slice(0, 40);
      return {
        failure: 'NOT_CLICKABLE',
        message: `"${labels.join(' > ')}" opens a submenu; add one of its items to the path: ${children.map((l: string) => `"${l}"`).join(', ')}.`,
        details: { available: children },
      };
    }
    if (item.enabled === false) return { failure: 'ITEM_DISABLED', message: `"${labels.join(' > ')}" is disabled.` };
    const windows = electron.BrowserWindow;
    const win = target ?? windows.getFocusedWindow() ?? windows.getAllWindows()[0] ?? undefined;
    const event = { shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, triggeredByAccelerator: false };
    try {
      item.click(event, win, win?.webContents);
    } catch (error) {
      return { failure: 'INVOKE_FAILED', message: `The item's handler threw: ${text((error as Error)?.message ?? error)}` };
    }
    const result: Record<string, unknown> = { clicked: labels };
    if (item.type === 'checkbox' || item.type === 'radio') result.checked = Boolean(item.checked);
    return result;
  };

  return { tree, find, state, click };
}

export type MenuKit = ReturnType<typeof menuKit>;
