import type { RealAppTask } from './task-kit.js';
import { BREAKTIMER_TASKS, HEYNOTE_TASKS, MIN_TASKS, SLEEK_TASKS, STRETCHLY_TASKS, TODOMETER_TASKS } from './tasks.js';

/**
 * The real-app corpus (issue 36 item 4): open-source Electron apps written by others, each pinned
 * to one commit of its public repository, built here with npm only (no Electron binary) and driven
 * through the built server by a scripted agent. Their code is never copied into this repository:
 * it holds the pins, the build steps and the tasks; `obtain.ts` places each app in a git-ignored
 * folder (tmp/real-apps by default).
 */
export interface GithubPin {
  kind: 'github';
  /** owner/name on GitHub. */
  repo: string;
  /** The full commit the corpus is pinned to. */
  commit: string;
}

export interface NpmPin {
  kind: 'npm';
  name: string;
  version: string;
}

export interface RealApp {
  id: string;
  title: string;
  /** The Electron version its package.json asks for (what its API use is written against). */
  electron: string;
  pin: GithubPin | NpmPin;
  /** What the corpus needs from it (tray, notifications, several windows, ...). */
  features: readonly string[];
  /**
   * Shell steps run in the app's folder, in order, after the source is placed. Every step runs
   * with ELECTRON_SKIP_BINARY_DOWNLOAD=1 (no Electron binary can be had) and HUSKY=0. Install
   * scripts are skipped (`--ignore-scripts`): they fetch binaries from GitHub or flip fuses in the
   * Electron binary; the steps that matter are run by name.
   */
  build: readonly string[];
  /** What electron_launch gets as `main`, relative to the app's folder. */
  main: string;
  /**
   * Environment the app is started with, as its README or its libraries document for running a
   * built app from its folder (e.g. electron-is-dev's ELECTRON_IS_DEV=0: an unpackaged app is
   * otherwise "in development" and loads its dev server, on real Electron too).
   */
  env?: Readonly<Record<string, string>>;
  /** Dependencies npm fetches from GitHub (package.json `github:` specs), at the lockfile's commit. */
  gitDeps?: readonly { name: string; repo: string; commit: string }[];
  tasks: readonly RealAppTask[];
}

const NPM_CI = 'npm ci --ignore-scripts --no-audit --no-fund';

export const CORPUS: readonly RealApp[] = [
  {
    id: 'stretchly',
    title: 'Stretchly 1.16 (break reminder)',
    electron: '^32.2.0',
    pin: { kind: 'github', repo: 'hovancik/stretchly', commit: '639088e39d23a8b8155a4c4a164bc2ec552cec03' },
    features: ['tray', 'notifications', 'several windows', 'settings store (electron-store)', '@electron/remote', 'single instance'],
    build: [NPM_CI],
    gitDeps: [
      { name: 'dbus-final', repo: 'Jelmerro/dbus-final', commit: '3e43f60d80bbcdf0dfa0b59b838097d6af4d17ba' },
      { name: 'windows-quiet-hours', repo: 'hovancik/windows-quiet-hours', commit: '5bca68009182573f0c28eafa6a07f40d8dbae624' },
    ],
    main: '.',
    tasks: STRETCHLY_TASKS,
  },
  {
    id: 'min',
    title: 'Min 1.35 (web browser)',
    electron: '41.2.0',
    pin: { kind: 'github', repo: 'minbrowser/min', commit: '81ad7b91265ace21256d4ce8d36c4116e64d88b7' },
    features: ['BaseWindow + WebContentsView', 'custom protocol (min://)', 'IndexedDB (Dexie)', 'TouchBar', 'several views'],
    build: ['npm install --ignore-scripts --no-audit --no-fund', 'npm run build'],
    // No lockfile: dragula is `github:minbrowser/dragula` (its default branch); pinned to the commit it resolved to.
    gitDeps: [{ name: 'dragula', repo: 'minbrowser/dragula', commit: '4e4ad9c5fbe9f90ec8395c91dcc5ec8e7ce7f55b' }],
    main: '.',
    tasks: MIN_TASKS,
  },
  {
    id: 'todometer',
    title: 'todometer 3.0 (todo meter)',
    electron: '^43.3.0',
    pin: { kind: 'github', repo: 'cassidoo/todometer', commit: '0769fb0e38e6c9003231b591933e9bd35f7db5c1' },
    features: [
      'SQLite (better-sqlite3 13: an N-API prebuild for Node >= 22)',
      'settings store (electron-store)',
      'deep links (todometer://)',
      'notifications',
      'ESM main',
    ],
    // update-vendors records the runtime's Node and Chrome majors for vite's targets; its script
    // is run on Node, as the Electron binary it names (ELECTRON_RUN_AS_NODE) cannot be had here.
    build: [
      NPM_CI,
      'node src/scripts/update-electron-vendors.mjs',
      'npm run build:main',
      'npm run build:preload',
      'npm run build:renderer',
    ],
    main: '.',
    // electron-is-dev takes `electron .` for development (not packaged) and todometer then loads
    // http://localhost:5173; ELECTRON_IS_DEV=0 is that library's switch for the built renderer.
    env: { ELECTRON_IS_DEV: '0' },
    tasks: TODOMETER_TASKS,
  },
  {
    id: 'sleek',
    title: 'sleek 2.0 (todo.txt manager)',
    electron: '^43.1.0',
    pin: { kind: 'github', repo: 'ransome1/sleek', commit: '8c946ab42a106ae377729ebd8e52410be241cbc4' },
    features: ['tray', 'notifications', 'settings store (electron-store)', 'ESM main', 'file watching'],
    build: [NPM_CI, 'npm run build'],
    main: '.',
    tasks: SLEEK_TASKS,
  },
  {
    id: 'breaktimer',
    title: 'BreakTimer 2.1 (break reminder)',
    electron: '^40.8.5',
    pin: { kind: 'github', repo: 'tom-james-watson/breaktimer-app', commit: '6678a08ae97c328422c190364cbfbae46d05162a' },
    features: ['tray', 'notifications', 'several windows', 'settings store (electron-store)'],
    build: [NPM_CI, 'npm run build'],
    main: '.',
    tasks: BREAKTIMER_TASKS,
  },
  {
    id: 'heynote',
    title: 'Heynote 2.9 (scratchpad editor)',
    electron: '^39.3.0',
    pin: { kind: 'github', repo: 'heyman/heynote', commit: 'c301e42f9d432d1449212d36324f5028ca18880c' },
    features: ['tray', 'custom protocol', 'settings store (electron-store)', 'code editor (CodeMirror)'],
    build: [NPM_CI, 'npx patch-package', 'npx vite build'],
    main: '.',
    tasks: HEYNOTE_TASKS,
  },
];
