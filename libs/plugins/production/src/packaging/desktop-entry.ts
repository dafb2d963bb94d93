import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '../check.js';

export interface DesktopEntry {
  file: string;
  mimeTypes: string[];
  exec?: string;
}

/** `[Desktop Entry]` keys of a .desktop file (other groups, comments and localized keys skipped). */
export function parseDesktopEntry(text: string): Record<string, string> {
  const keys: Record<string, string> = {};
  let group = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) group = header[1]!;
    else if (group === 'Desktop Entry') {
      const pair = /^([A-Za-z0-9-]+)\s*=\s*(.*)$/.exec(line);
      if (pair) keys[pair[1]!] = pair[2]!;
    }
  }
  return keys;
}

/** .desktop files beside the executable, or in usr/share/applications of an AppDir. */
export function desktopEntries(root: string | undefined): DesktopEntry[] {
  if (!root) return [];
  const folders = [root, join(root, 'usr', 'share', 'applications')].filter((dir) => existsSync(dir) && statSync(dir).isDirectory());
  return folders.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.desktop'))
      .map((name) => join(dir, name))
      .filter((file) => statSync(file).isFile() && statSync(file).size <= LIMITS.textFileBytes)
      .map((file) => {
        const keys = parseDesktopEntry(readFileSync(file, 'utf8'));
        const mimeTypes = (keys.MimeType ?? '')
          .split(';')
          .map((type) => type.trim())
          .filter(Boolean);
        return { file, mimeTypes, ...(keys.Exec !== undefined ? { exec: keys.Exec } : {}) };
      }),
  );
}
