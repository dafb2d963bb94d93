import { existsSync, readFileSync, statSync } from 'node:fs';
import { LIMITS } from '../check.js';

export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

const TOKEN =
  /<(\/?)(dict|array|key|string|integer|real|true|false|date|data)(\s*\/)?>|<\/?plist[^>]*>|<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--[\s\S]*?-->/g;

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** An XML property list as plain values; throws on anything malformed. Binary plists are not read. */
export function parsePlist(text: string): PlistValue {
  const tokens: { close: boolean; tag: string; empty: boolean; end: number; start: number }[] = [];
  for (const match of text.matchAll(TOKEN)) {
    if (match[2])
      tokens.push({
        close: match[1] === '/',
        tag: match[2],
        empty: Boolean(match[3]),
        start: match.index,
        end: match.index + match[0].length,
      });
  }
  let at = 0;
  const textUntilClose = (open: (typeof tokens)[number]) => {
    const close = tokens[at++];
    if (!close?.close || close.tag !== open.tag) throw new Error(`<${open.tag}> is not closed`);
    return decodeEntities(text.slice(open.end, close.start));
  };
  const value = (): PlistValue => {
    const open = tokens[at++];
    if (!open || open.close) throw new Error('a value was expected');
    if (open.tag === 'true' || open.tag === 'false') {
      if (!open.empty) textUntilClose(open);
      return open.tag === 'true';
    }
    if (open.empty) return open.tag === 'dict' ? {} : open.tag === 'array' ? [] : '';
    if (open.tag === 'dict') {
      const dict: Record<string, PlistValue> = {};
      while (!(tokens[at]?.close && tokens[at]?.tag === 'dict')) {
        const key = tokens[at++];
        if (key?.tag !== 'key') throw new Error('<dict> holds something other than <key> before a value');
        dict[textUntilClose(key)] = value();
      }
      at++;
      return dict;
    }
    if (open.tag === 'array') {
      const list: PlistValue[] = [];
      while (!(tokens[at]?.close && tokens[at]?.tag === 'array')) list.push(value());
      at++;
      return list;
    }
    const raw = textUntilClose(open);
    return open.tag === 'integer' || open.tag === 'real' ? Number(raw) : raw;
  };
  return value();
}

/** Info.plist of a bundle read within its bound, or why not. */
export function readInfoPlist(path: string | undefined): { plist: Record<string, PlistValue> } | { problem: string } {
  if (!path || !existsSync(path)) return { problem: 'No Contents/Info.plist.' };
  if (statSync(path).size > LIMITS.plistBytes) return { problem: `Info.plist is over the ${LIMITS.plistBytes}-byte bound.` };
  const text = readFileSync(path, 'utf8');
  if (text.startsWith('bplist'))
    return { problem: 'Info.plist is a binary plist, which is not parsed here (plutil -convert xml1 reads it).' };
  try {
    const plist = parsePlist(text);
    if (typeof plist !== 'object' || Array.isArray(plist)) return { problem: 'Info.plist does not hold a dictionary.' };
    return { plist };
  } catch (error) {
    return { problem: `Info.plist is malformed: ${(error as Error).message}.` };
  }
}
