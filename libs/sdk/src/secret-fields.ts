/**
 * Secret fields (PLUGIN_API 1.2): what the UI itself masks. A field is secret when it is an
 * `<input type=password>`, when its autocomplete names a password or a one-time code
 * (`current-password`, `new-password`, `one-time-code`), or when its text is drawn masked
 * (`-webkit-text-security` other than none, as PIN fields do). Tools never echo such a value,
 * and text typed into one is a secret of the call (see ToolContext.markSensitive).
 */

/** What a secret value reads as in answers: fixed, so neither the value nor its length shows. */
export const MASKED = '••••••••';

/** Autocomplete tokens that make a field secret whatever its type. */
export const SECRET_AUTOCOMPLETE = ['current-password', 'new-password', 'one-time-code'] as const;

/** Where secretFieldValues looks: one element (and what it stands for), the focus, or a whole document. */
export type SecretScope = Element | 'focused' | undefined;

/**
 * Page-side and self-contained (Playwright serialises it: no outer names). The values of the
 * secret fields in `scope`, empty ones included (so `length > 0` says "a secret field is here"):
 * - an element: itself, a label's control, and fields inside it (open shadow roots too);
 * - `'focused'`: the deepest focused element, through shadow roots and same-origin frames;
 * - nothing: every secret field of the document, open shadow roots included.
 * With `itself`, an element scope is only the element (is this field secret?).
 */
export function secretFieldValues(scope?: SecretScope, itself = false): string[] {
  const tokens = ['current-password', 'new-password', 'one-time-code'];
  const isSecret = (el: Element): el is HTMLInputElement | HTMLTextAreaElement | HTMLElement => {
    if (el instanceof HTMLInputElement && el.type === 'password') return true;
    const auto = (el.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
    if (auto.some((token) => tokens.includes(token))) return true;
    const field = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || (el as HTMLElement).isContentEditable;
    if (!field) return false;
    const style = getComputedStyle(el) as CSSStyleDeclaration & { webkitTextSecurity?: string };
    const security = style.webkitTextSecurity ?? style.getPropertyValue('-webkit-text-security');
    return Boolean(security) && security !== 'none';
  };
  const fieldValue = (el: Element): string =>
    el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : ((el as HTMLElement).innerText ?? '');
  const found: string[] = [];
  if (itself && scope instanceof Element) return isSecret(scope) ? [fieldValue(scope)] : [];
  const visit = (root: Element | Document | ShadowRoot) => {
    if (root instanceof Element && isSecret(root)) found.push(fieldValue(root));
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (isSecret(el)) found.push(fieldValue(el));
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  if (scope === 'focused') {
    let active: Element | null = document.activeElement;
    for (;;) {
      const inner: Element | null | undefined = active?.shadowRoot?.activeElement;
      if (inner) active = inner;
      else if (active instanceof HTMLIFrameElement && active.contentDocument?.activeElement) active = active.contentDocument.activeElement;
      else break;
    }
    if (active && isSecret(active)) found.push(fieldValue(active));
    return found;
  }
  if (scope instanceof HTMLLabelElement && scope.control) visit(scope.control);
  if (scope instanceof Element && scope.shadowRoot) visit(scope.shadowRoot);
  visit(scope ?? document);
  return found;
}
