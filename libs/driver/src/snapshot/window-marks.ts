/**
 * What a snapshot adds to Playwright's AI-mode text about where elements are and what they hold
 * (issue 42), applied to the text read with `boxes: true` before it is kept, diffed or cut:
 * - `[offscreen]` on an element whose box lies wholly outside the window inside a fixed-position
 *   element that is itself outside (a drawer parked below the bottom edge, a panel slid out):
 *   scrolling cannot bring it in, so a click would wait in vain. Only the outermost of a subtree
 *   is marked. An element below the fold of a scrollable page or list is not: actions scroll it
 *   in, and marking every such row cost 100 BPE on the bench page. The `[box=…]` Playwright
 *   wrote is removed from every line;
 * - `[checked=false]` on a switch that is off: Playwright writes `[checked]` only when on, and a
 *   toggle whose state is missing reads as unknown, not off;
 * - a multi-line textbox value with its line breaks (Playwright folds them into spaces, so
 *   "# Shopping\n- apples" read as one line): restoreLineBreaks, after secrets are masked.
 */
const BOX = / \[box=(-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\]/;
const REF = / \[ref=((?:f\d+)?)e\d+\]/;
const SWITCH_OFF = /^(\s*- switch\b(?: "(?:[^"\\]|\\.)*")?)((?: \[(?!checked)[^\]]*\])*)( \[ref=)/;

export interface Viewport {
  width: number;
  height: number;
  /** Values of the page's textareas that hold line breaks (pageWindow), at most 50. */
  multiline?: string[];
  /** Boxes [x, y, width, height] of fixed-position elements wholly outside the window, at most 20. */
  parked?: number[][];
}

/** Read in the page with the snapshot: the window's size and the multi-line textarea values. Self-contained. */
export function pageWindow(): Viewport {
  // A secret field's value is never read here (the snapshot masks it; see secretFieldValues).
  const secret = (t: HTMLTextAreaElement) => {
    const auto = (t.getAttribute('autocomplete') ?? '').toLowerCase();
    const security = getComputedStyle(t).getPropertyValue('-webkit-text-security');
    return /current-password|new-password|one-time-code/.test(auto) || (security !== '' && security !== 'none');
  };
  const multiline = Array.from(document.querySelectorAll('textarea'))
    .filter((t) => !secret(t))
    .map((t) => t.value)
    .filter((v) => v.includes('\n') && v.length <= 10_000)
    .slice(0, 50);
  // The part of the window a user sees: without the scrollbars, which fixed elements sit above.
  const root = document.documentElement;
  const width = root.clientWidth || innerWidth;
  const height = root.clientHeight || innerHeight;
  const parked: number[][] = [];
  const walker = document.createTreeWalker(document.body ?? root, NodeFilter.SHOW_ELEMENT);
  for (let seen = 0, node = walker.nextNode(); node && seen < 5_000 && parked.length < 20; seen++, node = walker.nextNode()) {
    const el = node as Element;
    if (getComputedStyle(el).position !== 'fixed') continue;
    const r = el.getBoundingClientRect();
    if (r.width + r.height > 0 && (r.top >= height || r.left >= width || r.bottom <= 0 || r.right <= 0)) {
      parked.push([r.left, r.top, r.width, r.height]);
    }
  }
  return { width, height, ...(multiline.length ? { multiline } : {}), ...(parked.length ? { parked } : {}) };
}

const TEXTBOX_VALUE = /^(\s*- textbox\b.*?\]: )(.+)$/;

/**
 * A textbox line whose value is a multi-line value with its breaks folded gets the value back,
 * quoted with its `\n`s. A masked secret no longer matches, so it is never put back.
 */
export function restoreLineBreaks(text: string, multiline: readonly string[] | undefined): string {
  if (!multiline?.length) return text;
  const byFolded = new Map(multiline.map((value) => [value.replace(/\s+/g, ' ').trim(), value]));
  return text
    .split('\n')
    .map((line) => {
      const m = TEXTBOX_VALUE.exec(line);
      if (!m) return line;
      const value = byFolded.get(unquote(m[2]));
      return value === undefined ? line : `${m[1]}${JSON.stringify(value)}`;
    })
    .join('\n');
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  try {
    return JSON.parse(value) as string;
  } catch {
    return value;
  }
}

export function markWindow(text: string, viewport: Viewport | undefined): string {
  const root = REF.exec(text)?.[1] ?? '';
  let insideMarked = -1;
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const indent = raw.length - raw.trimStart().length;
    if (insideMarked >= 0 && indent <= insideMarked) insideMarked = -1;
    const box = BOX.exec(raw);
    let line = box ? raw.replace(BOX, '') : raw;
    // Boxes of a frame's elements are the frame's own coordinates: only the surface's own are judged.
    const ref = REF.exec(line);
    if (box && viewport?.parked && insideMarked < 0 && ref && ref[1] === root && parkedOutside(box, viewport)) {
      line = line.replace(REF, ' [offscreen]$&');
      insideMarked = indent;
    }
    if (!line.includes('[checked')) line = line.replace(SWITCH_OFF, '$1$2 [checked=false]$3');
    out.push(line);
  }
  return out.join('\n');
}

/** Wholly outside the window, and inside one of the parked fixed-position elements. */
function parkedOutside(box: RegExpExecArray, { width, height, parked = [] }: Viewport): boolean {
  const [x, y, w, h] = box.slice(1, 5).map(Number);
  if (w <= 0 && h <= 0) return false;
  if (!(y >= height || x >= width || y + h <= 0 || x + w <= 0)) return false;
  const within = (a: number, b: number) => a >= b - 1;
  return parked.some(([px, py, pw, ph]) => within(x, px) && within(y, py) && within(px + pw, x + w) && within(py + ph, y + h));
}
