/** What a cut left out: whole lines (about one element each) and characters. */
export interface Omitted {
  lines: number;
  chars: number;
}

/** Cut at a line boundary so the result stays valid, indented YAML. */
export function boundText(text: string, maxChars: number): { text: string; truncated: boolean; omitted?: Omitted } {
  if (text.length <= maxChars) return { text, truncated: false };
  const cut = text.lastIndexOf('\n', maxChars);
  const shown = text.slice(0, cut > 0 ? cut : maxChars);
  const lines = (text: string) => text.split('\n').length;
  return { text: shown, truncated: true, omitted: { lines: lines(text) - lines(shown), chars: text.length - shown.length } };
}
