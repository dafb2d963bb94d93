import { defineTool, Type } from '@stagewright/sdk';
import { existingPath } from './app-path.js';
import { asarChecks } from './asar-checks.js';
import { type Check, summarize } from './check.js';
import { checksParam, wantedGroups } from './check-groups.js';
import { describeLayout, locateApp } from './locate-app.js';
import { crashReporterCheck } from './packaging/crash-reporter.js';
import { packedScripts } from './packaging/packed-scripts.js';
import { updaterFeedCheck } from './packaging/updater-feed.js';
import { urlSchemesCheck } from './packaging/url-schemes.js';

export const PACKAGING_GROUPS = ['url-schemes', 'updater', 'crash-reporter'] as const;

/** production_packaging: what the packager declared (URL schemes, update feed, crash reporter) against what the code uses. */
export const packagingTool = defineTool({
  name: 'packaging',
  title: 'Check packaging declarations',
  description: "Checks a packaged app's URL schemes, update feed and crash reporter setup, with a verdict each.",
  kind: 'read',
  input: {
    path: Type.String({ minLength: 1, maxLength: 4096, description: 'App folder, executable or .app bundle' }),
    checks: checksParam(PACKAGING_GROUPS),
  },
  detail: {
    notes:
      'Reads files only, runs nothing. Returns { verdict, counts, platform, executable, checks: [{ id, verdict, reason }] } like production_validate. ' +
      'url-schemes: Info.plist CFBundleURLTypes or .desktop MimeType x-scheme-handler/* (with %u in Exec) well formed, not claiming http/file/..., and covering every literal app.setAsDefaultProtocolClient scheme in the packed code. ' +
      'updater: resources/app-update.yml present when electron-updater is packed, with a provider and an https url (or the keys github/s3/... build one from); no http setFeedURL. ' +
      'crash-reporter: crashReporter.start with an https submitURL or uploadToServer: false, and the crashpad handler shipped; a packed crash SDK passes; none found is unknown. ' +
      "Scans the app's own scripts in app.asar (not node_modules), 4 MiB each, 16 MiB in all. With --app-root the path must resolve inside it.",
    values: { checks: ['packaging:url-schemes', 'packaging:updater', 'packaging:crash-reporter'] },
    errors: ['PATH_OUTSIDE_ROOT', 'production.NOT_FOUND'],
    example: { path: 'dist/linux-unpacked', checks: ['updater'] },
  },
  async handle(args, ctx) {
    const want = wantedGroups(args.checks, PACKAGING_GROUPS);
    const layout = locateApp(await existingPath(args.path, ctx.server.appRoot));
    const facts = asarChecks(layout.resources).facts;
    const scripts = facts ? packedScripts(facts) : undefined;
    const checks: Check[] = [];
    if (want('url-schemes')) checks.push(urlSchemesCheck(layout, scripts));
    if (want('updater')) checks.push(updaterFeedCheck(layout, facts, scripts));
    if (want('crash-reporter')) checks.push(crashReporterCheck(layout, facts, scripts));
    return { ...summarize(checks), ...describeLayout(layout), checks };
  },
});
