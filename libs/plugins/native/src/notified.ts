// `caused.notified` (ADR-0044): the notifications an action showed, web (page) and main-process,
// one title line each, at most 3. The records are the plugin's own (page hook and main agent),
// so the kind is added per launched session, whose hooks are in from the start.
import { within, type EffectKind, type Session } from '@stagewright/sdk';
import type { NativeAgent } from './agent/native-runtime.js';
import type { WebNotifications } from './web/web-notifications.js';

const LINES = 3;
const LINE_CHARS = 120;
/** The main-process read at each end of an action; a busy main process is not waited for. */
const MAIN_MS = 500;

type Shown = { seq: number; titles: string[] };

export function notificationsShown(session: Session, agent: NativeAgent, web: WebNotifications): EffectKind {
  const mainShown = (after?: number) =>
    agent.call<Shown>(session, { op: 'shown', after }).catch(() => undefined) as Promise<Shown | undefined>;
  return {
    name: 'notifications',
    begin() {
      const webMark = web.mark(session);
      const mainMark = session.capabilities.mainProcess ? within(mainShown(), MAIN_MS, () => undefined) : Promise.resolve(undefined);
      return async () => {
        const marked = await mainMark;
        const main = marked ? await within(mainShown(marked.seq), MAIN_MS, () => undefined) : undefined;
        const titles = [...(main?.titles ?? []), ...web.titlesAfter(session, webMark)].slice(0, LINES).map(oneLine);
        return titles.length ? { notified: titles } : undefined;
      };
    },
  };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS - 1)}…` : line;
}
