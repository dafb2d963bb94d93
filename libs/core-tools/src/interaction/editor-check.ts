import type { Frame, Locator, Page } from 'playwright-core';
import { ToolError, within } from '@stagewright/sdk';

/** What the focused element is, seen from the surface (through shadow roots and same-origin frames). */
export interface FocusFacts {
  editable: boolean;
  /** e.g. `div#preview`, for the error message. */
  describe: string;
}

/** Whether typing would reach something editable: a writable input/textarea or a contenteditable. */
export async function focusedEditable(surface: Page | Frame): Promise<FocusFacts> {
  const facts = await within(
    surface
      .evaluate(() => {
        let active: Element | null = document.activeElement;
        for (;;) {
          if (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
          else if (active instanceof HTMLIFrameElement && active.contentDocument?.activeElement)
            active = active.contentDocument.activeElement;
          else break;
        }
        if (!active || active === document.body) return { editable: false, describe: 'the page body (nothing focusable)' };
        const id = active.id ? `#${active.id}` : '';
        const writable =
          (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && !active.readOnly && !active.disabled;
        return {
          editable: writable || (active instanceof HTMLElement && active.isContentEditable),
          describe: `${active.tagName.toLowerCase()}${id}`,
        };
      })
      .catch(() => undefined),
    2_000,
    () => undefined,
  );
  return facts ?? { editable: true, describe: 'unknown' };
}

/** The editor's text as the user sees it, plus the focused field's value (Monaco types into a hidden textarea). */
export async function editorText(locator: Locator): Promise<string | undefined> {
  return within(
    locator
      .evaluate((el) => {
        const active = document.activeElement;
        const value = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active.value : '';
        const own = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : (el as HTMLElement).textContent;
        return `${own}\u0000${value}`;
      })
      .catch(() => undefined),
    2_000,
    () => undefined,
  );
}

export function notEditable(message: string): ToolError {
  return new ToolError('ELEMENT_NOT_EDITABLE', message);
}
