/**
 * ARIA roles a user operates by definition (the widget roles): one list for what a snapshot
 * leaves out (a pointer cursor on them says nothing, compact-snapshot.ts) and for which similar
 * refs come first when a ref is not found (locate.ts).
 */
export const INTERACTIVE_ROLES: ReadonlySet<string> = new Set([
  'button',
  'checkbox',
  'combobox',
  'link',
  'listbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
  'treeitem',
]);
