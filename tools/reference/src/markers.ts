/**
 * Generated blocks live between an HTML-comment start and end marker, so hand-written text
 * around them survives regeneration.
 */
export interface Markers {
  start: string;
  end: string;
}

export const REFERENCE_MARKERS: Markers = { start: '<!-- tool-reference:start -->', end: '<!-- tool-reference:end -->' };
export const README_MARKERS: Markers = { start: '<!-- tools:start -->', end: '<!-- tools:end -->' };

/** Replaces what is between the markers; `found: false` (text unchanged) when either is missing or out of order. */
export function replaceBetweenMarkers(text: string, markers: Markers, body: string): { found: boolean; text: string } {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end, start + markers.start.length);
  if (start < 0 || end < 0) return { found: false, text };
  return { found: true, text: `${text.slice(0, start + markers.start.length)}\n${body}\n${text.slice(end)}` };
}

/** A whole TOOL-REFERENCE.md for when the file does not exist yet. */
export function newReferenceFile(body: string): string {
  return [
    '# Stagewright tool reference',
    '',
    'Generated from the registered tool definitions by `npx nx run reference:docs`; edit the definitions',
    '(`description`, parameter descriptions and `detail`), not the text between the markers.',
    '`npx nx run reference:docs-check` fails when this file is stale.',
    '',
    REFERENCE_MARKERS.start,
    body,
    REFERENCE_MARKERS.end,
    '',
  ].join('\n');
}
