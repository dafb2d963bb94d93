import { describe, expect, it } from 'vitest';
import { CORPUS } from './corpus.js';
import { mirrorPath } from './obtain.js';
import { errorLines } from './runner.js';

// The corpus's contract (issue 36 item 4): at least five apps, each pinned exactly, with two or
// three tasks, together covering the Electron features the stand-in must carry.
describe('the real-app corpus', () => {
  it('pins at least five apps to full commits or exact npm versions, with 2-3 tasks each', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(5);
    expect(new Set(CORPUS.map((app) => app.id)).size).toBe(CORPUS.length);
    for (const app of CORPUS) {
      if (app.pin.kind === 'github') expect(app.pin.commit, app.id).toMatch(/^[0-9a-f]{40}$/);
      else expect(app.pin.version, app.id).toMatch(/^\d+\.\d+\.\d+/);
      for (const dep of app.gitDeps ?? []) expect(dep.commit, `${app.id} ${dep.name}`).toMatch(/^[0-9a-f]{40}$/);
      expect(app.tasks.length, app.id).toBeGreaterThanOrEqual(2);
      expect(app.tasks.length, app.id).toBeLessThanOrEqual(3);
      expect(new Set(app.tasks.map((t) => t.id)).size, app.id).toBe(app.tasks.length);
    }
  });

  it('covers tray, notifications, several windows, WebContentsView, a settings store, a database, deep links and a custom protocol', () => {
    const features = CORPUS.flatMap((app) => app.features).join('\n');
    for (const needed of [
      /tray/,
      /notifications/,
      /several windows/,
      /WebContentsView/,
      /settings store/,
      /SQLite|IndexedDB/,
      /deep links/,
      /custom protocol/,
    ]) {
      expect(features).toMatch(needed);
    }
  });

  it('never builds with a step that downloads an Electron binary or runs install scripts', () => {
    for (const app of CORPUS) {
      for (const step of app.build.filter((s) => /^npm (ci|install)\b/.test(s))) expect(step, app.id).toContain('--ignore-scripts');
    }
  });
});

describe('errorLines', () => {
  it("keeps the error's own line and its first stack frames, not an earlier mention of a word", () => {
    const text = [
      'System: Your Desktop seems to be undefined',
      "TypeError: Cannot destructure property 'TouchBarLabel' of 'TouchBar' as it is undefined.",
      '    at Object.<anonymous> (/apps/min/main.build.js:723:9)',
      '    at Module._compile (node:internal/modules/cjs/loader:1521:14)',
    ].join('\n');
    expect(errorLines(text, 1)).toBe(
      "TypeError: Cannot destructure property 'TouchBarLabel' of 'TouchBar' as it is undefined. | at Object.<anonymous> (/apps/min/main.build.js:723:9)",
    );
  });
});

describe('mirrorPath', () => {
  it('fills {owner} and {name}', () => {
    expect(mirrorPath('/srv/{owner}+{name}/repo', 'hovancik/stretchly')).toBe('/srv/hovancik+stretchly/repo');
  });
});
