import type { ActionEffects, ActionWatch, Session } from './session.js';
import { imagesOf, textBlockKeysOf, withImages, withTextBlocks } from './result.js';

/**
 * Runs an action tool's body and answers with what it caused (ADR-0020). The element and
 * session definers call it, so every action, core or plugin, reports the same way: windows
 * opened or closed, the active window's URL or reload, dialogs, page errors thrown, and what
 * plugins add (notifications; ADR-0044), under `caused`, and nothing when nothing happened. A failure goes to the session's translator with the watch; when the translator
 * says the failure was the action closing its own window (undefined), the call is a success.
 */
export async function runAction(
  session: Session,
  run: () => Promise<unknown>,
  explain: (error: unknown, watch: ActionWatch | undefined) => Promise<unknown>,
): Promise<unknown> {
  const watch = session.beginAction?.();
  let value: unknown;
  try {
    value = await run();
  } catch (error) {
    const explained = await explain(error, watch);
    if (explained !== undefined || !watch) throw explained;
    value = {};
  }
  return withCaused(value, await watch?.settle());
}

/** `caused` added to a plain-object answer (or an empty one); other answers are left as they are. */
export function withCaused(value: unknown, caused: ActionEffects | undefined): unknown {
  if (!caused) return value;
  if (value === undefined || value === null) return { caused };
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  const images = imagesOf(value);
  const blocks = textBlockKeysOf(value);
  // A tool may name an effect of its own (electron_window_set: the window it changed); the watch's join it.
  const own = (value as { caused?: ActionEffects }).caused;
  const answer = { ...value, caused: own ? { ...own, ...caused } : caused };
  if (blocks.length) withTextBlocks(answer, blocks as (keyof typeof answer & string)[]);
  return images.length ? withImages(answer, images) : answer;
}
