import type { Frame, Page } from 'playwright-core';
import { within } from '@stagewright/sdk';

/**
 * Why a snapshot came back empty, in one sentence: the document is still loading, the body is
 * empty, or its elements are all hidden (display:none, visibility, hidden, zero size). An agent
 * told only `""` cannot tell a blank page from a broken one.
 */
export async function whyEmpty(surface: Page | Frame): Promise<string> {
  const facts = await within(
    surface
      .evaluate(() => {
        const body = document.body;
        const elements = body
          ? Array.from(body.querySelectorAll('*')).filter((el) => !['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(el.tagName))
          : [];
        const visible = elements.filter((el) => {
          const rect = el.getBoundingClientRect();
          return (
            (typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true })) &&
            rect.width > 0 &&
            rect.height > 0
          );
        });
        return {
          readyState: document.readyState,
          elements: elements.length,
          visible: visible.length,
          text: (body?.innerText ?? '').trim().length,
        };
      })
      .catch(() => undefined),
    2_000,
    () => undefined,
  );
  if (!facts) return 'The snapshot is empty and the page did not answer why.';
  if (facts.readyState === 'loading') return 'The snapshot is empty: the document is still loading.';
  if (facts.elements === 0) return 'The snapshot is empty: the page has no content (<body> is empty).';
  if (facts.visible === 0) {
    return `The snapshot is empty: all content is hidden (${facts.elements} elements in <body>, none visible). The app may be waiting for data or a script that failed.`;
  }
  return `The snapshot is empty: ${facts.visible} of ${facts.elements} elements are visible but none has an accessible role or text.`;
}
