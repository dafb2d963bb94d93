// The stand-in must read launch arguments as Electron does, or tests of the launch policy would
// pass on a runtime more (or less) permissive than the real one: -r only before the app path,
// nothing after a bare `--` read as a switch.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FAKE_ELECTRON_BIN, onlyOnStandIn } from '@stagewright/fake-electron';

const { parseArgs } = createRequire(FAKE_ELECTRON_BIN)('../runtime/args.cjs') as {
  parseArgs(argv: string[]): { requires: string[]; appPath?: string; inspect?: unknown; switches: { name: string }[] };
};

describe('fake-electron argument parsing', onlyOnStandIn("unit test of the stand-in's own argument parser"), () => {
  it('preloads -r modules only before the app path', () => {
    const parsed = parseArgs(['-r', '/pre.js', 'app', '-r', '/after.js', '--require', '/after2.js']);
    expect(parsed.requires).toEqual(['/pre.js']);
    expect(parsed.appPath).toBe('app');
  });

  it('reads no switch after a bare --', () => {
    const parsed = parseArgs(['app', '--lang=de', '--', '--inspect=9229', '--renderer-cmd-prefix=/bin/sh']);
    expect(parsed.inspect).toBeUndefined();
    expect(parsed.switches.map((s) => s.name)).toEqual(['lang']);
  });
});
