/** Cut at a line boundary so the result stays valid, indented YAML. */
export function boundText(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  const cut = text.lastIndexOf('\n', maxChars);
  return { text: text.slice(0, cut > 0 ? cut : maxChars), truncated: true };
}
