// The CLI mode counts only what the agent reads: a field that lives in a file is paid for when a
// task uses it, once, and never when it is not used.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { argvOf, readShortAnswer } from './cli-runner.js';

describe('the CLI mode of the profile benchmark', () => {
  it('writes a tool call as a command: the target positional, the rest as flags', () => {
    expect(argvOf('electron_expect_text', { selector: '#status', contains: 'Hello', sessionId: 's1' })).toEqual([
      'expect-text',
      '#status',
      '--contains=Hello',
      '--session-id=s1',
    ]);
    expect(argvOf('electron_select_option', { ref: 'e3', values: ['a', 'b'] })).toEqual([
      'select-option',
      'e3',
      '--values=a',
      '--values=b',
    ]);
  });

  it('reads a short answer back, and a file only when its field is used', () => {
    const workspace = mkdtempSync(join(tmpdir(), 'sw-bench-answer-'));
    try {
      mkdirSync(join(workspace, '.stagewright'));
      writeFileSync(join(workspace, '.stagewright/snapshot-2.yml'), '- textbox "Your name" [ref=e5]');
      const reads: string[] = [];
      const envelope = readShortAnswer(
        'ok\ntitle: Bench\ncount: 3\nmatches: [{"ref":"e5"}]\nsnapshot: .stagewright/snapshot-2.yml (31 B), 1 lines\n',
        workspace,
        (text) => reads.push(text),
      );
      expect({ ok: envelope.ok, title: envelope.title, count: envelope.count, matches: envelope.matches }).toEqual({
        ok: true,
        title: 'Bench',
        count: 3,
        matches: [{ ref: 'e5' }],
      });
      expect(reads).toEqual([]);
      expect(envelope.snapshot).toContain('[ref=e5]');
      expect(envelope.snapshot).toContain('[ref=e5]');
      expect(reads).toHaveLength(1);
      const error = readShortAnswer('error REF_NOT_FOUND: Ref e9 is gone.\nhint: "Snapshot again."\n', workspace, () => undefined);
      expect({ ...error }).toEqual({ ok: false, code: 'REF_NOT_FOUND', error: 'Ref e9 is gone.', hint: 'Snapshot again.' });
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});
