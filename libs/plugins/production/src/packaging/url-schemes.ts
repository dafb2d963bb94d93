import { basename, dirname } from 'node:path';
import { type Check, check } from '../check.js';
import type { AppLayout } from '../locate-app.js';
import { desktopEntries } from './desktop-entry.js';
import type { PackedScripts } from './packed-scripts.js';
import { readInfoPlist } from './plist.js';

const ID = 'packaging:url-schemes';
const SCHEME = /^[a-z][a-z0-9+.-]*$/i;
/** Schemes an app must never claim: the browser's, the OS's, or code-running ones. */
const RESERVED = new Set([
  'http',
  'https',
  'file',
  'ftp',
  'mailto',
  'javascript',
  'data',
  'about',
  'blob',
  'ws',
  'wss',
  'chrome',
  'devtools',
]);

/** Literal schemes the packed code passes to app.setAsDefaultProtocolClient. */
export function registeredSchemes(scripts: PackedScripts | undefined): string[] {
  const found = new Set<string>();
  for (const { text } of scripts?.texts ?? [])
    for (const match of text.matchAll(/setAsDefaultProtocolClient\(\s*(['"`])([^'"`]{1,100})\1/g)) found.add(match[2]!.toLowerCase());
  return [...found].sort();
}

function badNames(declared: string[]): string | undefined {
  const malformed = declared.filter((scheme) => !SCHEME.test(scheme));
  if (malformed.length)
    return `${malformed.map((s) => JSON.stringify(s)).join(', ')} is not a valid scheme name (RFC 3986: a letter, then letters, digits, + - .)`;
  const reserved = declared.filter((scheme) => RESERVED.has(scheme.toLowerCase()));
  if (reserved.length) return `it claims ${reserved.join(', ')}, which belongs to the browser or the OS`;
  return undefined;
}

/** Declared URL schemes (Info.plist CFBundleURLTypes, .desktop MimeType) against those the code registers. */
export function urlSchemesCheck(layout: AppLayout, scripts: PackedScripts | undefined): Check {
  const registered = registeredSchemes(scripts);
  const unread = scripts?.skipped
    ? ` (${scripts.skipped} packed scripts were over the scan bound)`
    : scripts
      ? ''
      : ' (no app.asar to scan)';
  const inCode = registered.length ? `the code registers ${registered.join(', ')}` : `the code registers none${unread}`;
  if (layout.platform === 'win32') {
    const bad = badNames(registered);
    if (bad) return check(ID, 'fail', `Bad URL scheme: ${bad}.`);
    return check(ID, 'pass', `On Windows app.setAsDefaultProtocolClient writes the registry at run time; ${inCode}.`);
  }
  let declared: string[];
  let where: string;
  let execProblem: string | undefined;
  if (layout.platform === 'darwin') {
    const read = readInfoPlist(layout.infoPlist);
    if ('problem' in read) return check(ID, 'unknown', `${read.problem} URL schemes unread; ${inCode}.`);
    const types = Array.isArray(read.plist.CFBundleURLTypes) ? read.plist.CFBundleURLTypes : [];
    declared = types.flatMap((type) =>
      type && typeof type === 'object' && !Array.isArray(type) && Array.isArray(type.CFBundleURLSchemes)
        ? type.CFBundleURLSchemes.filter((scheme): scheme is string => typeof scheme === 'string')
        : [],
    );
    where = 'Info.plist CFBundleURLTypes';
  } else {
    const entries = desktopEntries(layout.executable ? dirname(layout.executable) : undefined);
    if (!entries.length) {
      if (!registered.length) return check(ID, 'pass', `No .desktop file here and ${inCode}.`);
      return check(
        ID,
        'unknown',
        `${inCode}, but no .desktop file is here: the installed one (deb, rpm, AppImage) must list MimeType=x-scheme-handler/${registered[0]}; and Exec must pass %u.`,
      );
    }
    declared = entries.flatMap((entry) =>
      entry.mimeTypes.filter((type) => type.startsWith('x-scheme-handler/')).map((type) => type.slice('x-scheme-handler/'.length)),
    );
    const handler = entries.find((entry) => entry.mimeTypes.some((type) => type.startsWith('x-scheme-handler/')));
    if (handler && !/%[uU]/.test(handler.exec ?? ''))
      execProblem = `${basename(handler.file)} declares a scheme handler but its Exec line (${handler.exec ?? 'none'}) lacks %u: the link never reaches the app`;
    where = entries.map((entry) => basename(entry.file)).join(', ');
  }
  const bad = badNames(declared);
  if (bad) return check(ID, 'fail', `${where}: ${bad}.`);
  if (execProblem) return check(ID, 'fail', `${execProblem}.`);
  const missing = registered.filter((scheme) => !declared.some((name) => name.toLowerCase() === scheme));
  if (missing.length)
    return check(
      ID,
      'fail',
      `The code calls app.setAsDefaultProtocolClient('${missing[0]}') but ${where} does not declare ${missing.join(', ')}: those links never open the app.`,
    );
  const list = declared.length ? `declares ${declared.join(', ')}` : 'declares no scheme';
  return check(ID, 'pass', `${where} ${list}; ${inCode}.`);
}
