import type { AppInfo, Session } from '@stagewright/sdk';

type MainFacts = Omit<AppInfo, 'capabilities'>;

/** What reading the facts needs of a session: ElectronSession provides it (no import back to it). */
export interface AppInfoSource extends Pick<Session, 'capabilities' | 'pageOrThrow'> {
  readonly pid?: number;
  tryMain<T>(body: string): Promise<T | undefined>;
}

/** Runs in the main process; every lookup guarded because packaged apps and stand-ins differ. */
const MAIN_INFO_BODY = `
  const { app } = electron;
  const safe = (f) => { try { const v = f(); return v === undefined ? undefined : String(v); } catch { return undefined; } };
  const paths = {};
  for (const name of ['appPath', 'exe', 'userData', 'logs']) {
    const value = name === 'appPath' ? safe(() => app.getAppPath()) : safe(() => app.getPath(name));
    if (value) paths[name] = value;
  }
  return {
    name: safe(() => app.getName()), version: safe(() => app.getVersion()), paths,
    versions: { electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node },
    packaged: !!app.isPackaged, pid: process.pid,
  };`;

/** App facts from the main process when reachable, otherwise what the renderer's user agent says. */
export async function readAppInfo(session: AppInfoSource): Promise<AppInfo> {
  const fromMain = await session.tryMain<MainFacts>(MAIN_INFO_BODY);
  if (fromMain) return { ...fromMain, capabilities: session.capabilities };
  const info: AppInfo = { versions: {}, capabilities: session.capabilities };
  if (session.pid !== undefined) info.pid = session.pid;
  if (session.capabilities.renderer) {
    const ua = await session
      .pageOrThrow()
      .evaluate(() => navigator.userAgent)
      .catch(() => '');
    const electron = /Electron\/(\S+)/.exec(ua)?.[1];
    const chrome = /Chrome\/(\S+)/.exec(ua)?.[1];
    if (electron) info.versions.electron = electron;
    if (chrome) info.versions.chrome = chrome;
  }
  return info;
}
