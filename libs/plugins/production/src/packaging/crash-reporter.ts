import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ArchiveFacts } from '../asar-checks.js';
import { type Check, check } from '../check.js';
import type { AppLayout } from '../locate-app.js';
import { type PackedScripts, packsModule } from './packed-scripts.js';

const ID = 'packaging:crash-reporter';
const CRASH_SDKS = ['@sentry/electron', '@bugsnag/electron', 'electron-crash-reporter'];

/** Where Electron's crashpad handler sits in a build of this layout (Windows: inside the .exe). */
function crashpadHandler(layout: AppLayout): string | undefined {
  if (layout.platform === 'darwin' && layout.bundle)
    return join(layout.bundle, 'Contents', 'Frameworks', 'Electron Framework.framework', 'Helpers', 'chrome_crashpad_handler');
  if (layout.platform === 'linux' && layout.executable && !/\.appimage$/i.test(layout.executable))
    return join(dirname(layout.executable), 'chrome_crashpad_handler');
  return undefined;
}

/** crashReporter.start in the packed code: an https submitURL (or local-only dumps), and the handler it needs. */
export function crashReporterCheck(layout: AppLayout, facts: ArchiveFacts | undefined, scripts: PackedScripts | undefined): Check {
  if (!facts || !scripts) return check(ID, 'unknown', 'No app.asar to scan for crashReporter.start.');
  const start = scripts.texts
    .map(({ name, text }) => ({ name, text, at: text.indexOf('crashReporter.start(') }))
    .find((found) => found.at >= 0);
  if (!start) {
    const sdk = CRASH_SDKS.find((name) => packsModule(facts, name));
    if (sdk) return check(ID, 'pass', `${sdk} is packed: crashes are reported through it (its DSN/endpoint is set in code, not checked).`);
    const unread = scripts.skipped ? ` ${scripts.skipped} packed scripts were over the scan bound.` : '';
    return check(ID, 'unknown', `No crashReporter.start call or crash SDK in the packed code: crashes likely leave no report.${unread}`);
  }
  const options = start.text.slice(start.at, start.at + 2000);
  const handler = crashpadHandler(layout);
  if (handler && !existsSync(handler))
    return check(ID, 'fail', `${start.name} calls crashReporter.start, but the build has no chrome_crashpad_handler: no dump is written.`);
  if (/uploadToServer\s*:\s*false/.test(options))
    return check(
      ID,
      'pass',
      `${start.name} starts the crash reporter with uploadToServer: false: dumps stay in app.getPath('crashDumps').`,
    );
  const url = /submitURL\s*:\s*(['"`])([^'"`]*)\1/.exec(options)?.[2];
  if (url === undefined)
    return check(ID, 'unknown', `${start.name} calls crashReporter.start with a submitURL that is not a literal: set at run time.`);
  if (!url.startsWith('https://'))
    return check(
      ID,
      'fail',
      `crashReporter submitURL ${JSON.stringify(url)} is not https: crash dumps (process memory) would travel in clear.`,
    );
  return check(ID, 'pass', `${start.name} reports crashes to ${url.replace(/^(https:\/\/[^/]*).*$/, '$1')} over https.`);
}
