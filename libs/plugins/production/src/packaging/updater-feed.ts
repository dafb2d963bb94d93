import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ArchiveFacts } from '../asar-checks.js';
import { type Check, LIMITS, check } from '../check.js';
import type { AppLayout } from '../locate-app.js';
import { type PackedScripts, packsModule } from './packed-scripts.js';

const ID = 'packaging:updater';

/** The top-level `key: value` pairs of a flat YAML file such as app-update.yml (quotes dropped). */
export function flatYaml(text: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const pair = /^([A-Za-z][\w-]*):\s*(.*?)\s*$/.exec(line);
    if (!pair || pair[2]!.startsWith('#')) continue;
    pairs[pair[1]!] = pair[2]!.replace(/\s+#.*$/, '').replace(/^(['"])(.*)\1$/, '$2');
  }
  return pairs;
}

/** Providers whose feed URL electron-updater builds itself, over https, from these keys. */
const BUILT_URLS: Record<string, string[]> = {
  github: ['owner', 'repo'],
  s3: ['bucket'],
  spaces: ['name', 'region'],
  keygen: ['account', 'product'],
  bitbucket: ['owner', 'slug'],
};

/** electron-updater's feed (resources/app-update.yml): there when the updater is packed, with a provider and an https URL. */
export function updaterFeedCheck(layout: AppLayout, facts: ArchiveFacts | undefined, scripts: PackedScripts | undefined): Check {
  const file = layout.resources ? join(layout.resources, 'app-update.yml') : undefined;
  const updater = facts ? packsModule(facts, 'electron-updater') : false;
  const plainFeed = scripts?.texts.find(({ text }) => /setFeedURL\(\s*(\{\s*url:\s*)?['"`]http:\/\//.test(text));
  if (plainFeed) return check(ID, 'fail', `${plainFeed.name} sets an http:// update feed: an update can be replaced in transit.`);
  if (!file || !existsSync(file)) {
    if (updater)
      return check(ID, 'fail', 'electron-updater is packed but resources/app-update.yml is missing: checkForUpdates() fails with ENOENT.');
    return check(
      ID,
      'pass',
      `No electron-updater packed and no app-update.yml${facts ? '' : ' (no app.asar to look in)'}: nothing to update from.`,
    );
  }
  if (statSync(file).size > LIMITS.textFileBytes)
    return check(ID, 'unknown', `app-update.yml is over the ${LIMITS.textFileBytes}-byte bound.`);
  const feed = flatYaml(readFileSync(file, 'utf8'));
  const provider = feed.provider;
  if (!provider) return check(ID, 'fail', 'app-update.yml names no provider: electron-updater cannot find the feed.');
  if (feed.url !== undefined) {
    let url: URL;
    try {
      url = new URL(feed.url);
    } catch {
      return check(ID, 'fail', `app-update.yml url ${JSON.stringify(feed.url)} is not a URL.`);
    }
    if (url.protocol !== 'https:')
      return check(
        ID,
        'fail',
        `app-update.yml feeds updates from ${url.protocol}// (${url.host}): an update can be replaced in transit. Use https.`,
      );
    return check(ID, 'pass', `Provider ${provider}, feed ${url.origin}${url.pathname} over https.`);
  }
  if (provider === 'generic') return check(ID, 'fail', 'app-update.yml has provider generic but no url: there is no feed to fetch.');
  const needed = BUILT_URLS[provider];
  if (!needed) return check(ID, 'unknown', `Provider ${provider} with no url: where it fetches from is set in code.`);
  const absent = needed.filter((key) => !feed[key]);
  if (absent.length)
    return check(ID, 'fail', `app-update.yml (provider ${provider}) lacks ${absent.join(', ')}: there is no feed to fetch.`);
  return check(ID, 'pass', `Provider ${provider} (${needed.map((key) => feed[key]).join('/')}): electron-updater fetches over https.`);
}
