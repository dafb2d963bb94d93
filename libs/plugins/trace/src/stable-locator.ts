import { parseAriaSnapshot, type AriaSnapshotNode, type Session } from '@stagewright/sdk';

/** Longest accessible name or text written into a locator: longer ones are content, not names. */
const MAX_NAME_CHARS = 120;
/** Each live check is a read of the page; a slow page costs the call at most this much per check. */
const CHECK_TIMEOUT_MS = 1_500;
const TEST_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

const quoted = (text: string) => JSON.stringify(text);

/**
 * The selectors that could find an element again, best first, in the order Playwright's codegen
 * prefers them: test id, role with accessible name, then visible text. Only forms every element
 * tool accepts as `selector` (Playwright's public engines): `data-testid=…`, `role=…[name="…"]`,
 * `text="…"`. Role names match whole and case-insensitively; text matches whole.
 */
export function candidateSelectors(node: Pick<AriaSnapshotNode, 'role' | 'name' | 'text'>, testId?: string | null): string[] {
  const out: string[] = [];
  if (testId && TEST_ID.test(testId)) out.push(`data-testid=${testId}`);
  if (node.name && node.name.length <= MAX_NAME_CHARS && !node.name.includes('\n'))
    out.push(`role=${node.role}[name=${quoted(node.name)}]`);
  if (!node.name && node.text && node.text.length <= MAX_NAME_CHARS && !node.text.includes('\n')) out.push(`text=${quoted(node.text)}`);
  return out;
}

/**
 * What the agent's snapshots said each ref was (role, name, inline text), learnt from the answers
 * the recorder already sees: any top-level string field carrying `[ref=…]` lines. Newer wins.
 */
export class RefCatalogue {
  private readonly nodes = new Map<string, AriaSnapshotNode>();

  learn(envelope: Record<string, unknown>): void {
    for (const value of Object.values(envelope))
      if (typeof value === 'string' && value.includes('[ref=')) for (const node of parseAriaSnapshot(value)) this.nodes.set(node.ref, node);
  }

  get(ref: string): AriaSnapshotNode | undefined {
    return this.nodes.get(ref);
  }

  clear(): void {
    this.nodes.clear();
  }
}

/**
 * A stable selector for the element `ref` points at now, or undefined. Read-only on the page:
 * the ref is resolved through Playwright (`getByRef`) and candidates are counted on the active
 * surface; nothing takes a new aria snapshot (that would renumber the agent's refs). A candidate
 * matching several elements gets `>> nth=i`, the index of this element among them.
 */
export async function stableSelector(session: Session, ref: string, node: AriaSnapshotNode): Promise<string | undefined> {
  const page = session.pageOrThrow();
  const surface = session.surfaceOrThrow();
  const target = page.getByRef(ref);
  if ((await target.count()) !== 1) return undefined;
  const testId = await target.getAttribute('data-testid', { timeout: CHECK_TIMEOUT_MS }).catch(() => null);
  for (const selector of candidateSelectors(node, testId)) {
    const matches = surface.locator(selector);
    const count = await matches.count();
    if (count === 1) return selector;
    if (count > 1) {
      const handle = await target.elementHandle({ timeout: CHECK_TIMEOUT_MS });
      if (!handle) return undefined;
      try {
        const index = await matches.evaluateAll((elements, element) => elements.indexOf(element as (typeof elements)[number]), handle);
        if (index >= 0) return `${selector} >> nth=${index}`;
      } finally {
        await handle.dispose().catch(() => undefined);
      }
    }
  }
  return undefined;
}
