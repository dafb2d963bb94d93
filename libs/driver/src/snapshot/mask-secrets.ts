import type { Frame, Page } from 'playwright-core';
import { MASKED, secretFieldValues, splitAriaSnapshotLine } from '@stagewright/sdk';

/**
 * The values of every secret field (sdk secretFieldValues: password inputs, password-like
 * autocomplete, masked text) in a surface and the frames inside it. A child frame that cannot
 * answer (detached, navigating) adds nothing; the surface's own failure rejects.
 */
export async function secretValuesOf(surface: Page | Frame): Promise<string[]> {
  const root = 'mainFrame' in surface ? surface.mainFrame() : surface;
  const frames: Frame[] = [];
  const add = (frame: Frame) => {
    frames.push(frame);
    for (const child of frame.childFrames()) add(child);
  };
  add(root);
  const [own, ...children] = await Promise.all(
    frames.map((frame, i) => {
      const values = frame.evaluate(secretFieldValues as () => string[]);
      return i === 0 ? values : values.catch(() => [] as string[]);
    }),
  );
  return [...own, ...children.flat()].filter((value) => value !== '');
}

/** A written value as the text it stands for: YAML double quotes decoded, single quotes undoubled. */
function decoded(value: string): string {
  const text = value.trim();
  if (text.startsWith('"')) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return text;
    }
  }
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  return text;
}

/**
 * The snapshot with the inline value of every line that holds a secret replaced by MASKED, as the
 * UI shows a password field. A line holds a secret when its value is one, decoded or as written:
 * Playwright writes a field's value after its key (`- textbox "Password" [ref=e5]: hunter2`).
 */
export function maskSecretValues(snapshot: string, secrets: readonly string[]): string {
  if (!secrets.length) return snapshot;
  // Playwright folds a value's whitespace (a multi-line secret reads as one line), so the folded
  // form is a secret too (issue 42: a recovery-codes textarea was shown in clear).
  const hidden = new Set(secrets.flatMap((secret) => [secret, secret.trim(), secret.replace(/\s+/g, ' ').trim()]));
  return snapshot
    .split('\n')
    .map((line) => {
      const { head, value } = splitAriaSnapshotLine(line);
      if (value === undefined) return line;
      return hidden.has(decoded(value)) || hidden.has(value.trim()) ? `${head}${MASKED}` : line;
    })
    .join('\n');
}
