/**
 * Generated blocks live between an HTML-comment start and end marker, so hand-written text
 * around them survives regeneration.
 */
export interface Markers {
  start: string;
  end: string;
}

export const README_MARKERS: Markers = { start: '<!-- tools:start -->', end: '<!-- tools:end -->' };

/** Replaces what is between the markers; `found: false` (text unchanged) when either is missing or out of order. */
export function replaceBetweenMarkers(text: string, markers: Markers, body: string): { found: boolean; text: string } {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end, start + markers.start.length);
  if (start < 0 || end < 0) return { found: false, text };
  return { found: true, text: `${text.slice(0, start + markers.start.length)}\n${body}\n${text.slice(end)}` };
}

/** The whole of TOOL-REFERENCE.md: all of it is generated, header included, so none of it can go stale. */
export function referenceFile(body: string): string {
  return [
    '# Stagewright tool reference',
    '',
    'Generated from the registered tool definitions by `npm run gen`; edit the definitions',
    '(`description`, parameter descriptions and `detail`), not this file.',
    '`npx nx run reference:docs-check` fails when it is stale.',
    '',
    body,
    '',
  ].join('\n');
}
