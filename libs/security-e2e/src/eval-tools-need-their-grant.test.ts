// `--allow-eval` is the operator's switch for running code of the agent's choosing. Every tool
// gated behind it — core and first-party plugin alike, read from the generated catalogue so a new
// gated tool is covered without editing this file — must be neither listed nor callable without
// its target's grant, and a grant for one target must not open the other.
import { afterEach, describe, expect, it } from 'vitest';
import { readCatalogue } from './test-support/catalogue.js';
import { connect, type Connection } from './test-support/connect.js';

interface CatalogueTool {
  name: string;
  module: string;
  gate?: 'eval:main' | 'eval:renderer';
  impersonates?: 'network' | 'storage' | 'ipc';
}

const catalogue = readCatalogue<CatalogueTool>();
const gated = catalogue.tools.filter((tool) => tool.gate);
/** The first-party plugins whose tools are gated, by short name (`ipc plugin` → `ipc`). */
const plugins = [...new Set(gated.filter((t) => t.module.endsWith(' plugin')).map((t) => t.module.replace(/ plugin$/, '')))];

let conn: Connection | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
});

describe('eval-gated tools', () => {
  it('cover both targets and core as well as plugins (the class is not empty)', () => {
    expect(gated.some((t) => t.gate === 'eval:main' && t.module === 'eval')).toBe(true);
    expect(gated.some((t) => t.gate === 'eval:renderer' && t.module === 'eval')).toBe(true);
    expect(plugins.length).toBeGreaterThan(0);
  });

  for (const grant of [[], ['renderer'], ['main']] as const) {
    it(`with --allow-eval=${grant.join(',') || '(none)'}, only the granted target's tools are listed or callable`, async () => {
      // Every impersonation granted: this test is about the eval line alone.
      conn = await connect({ plugins, allowEval: [...grant], allowImpersonation: true });
      const listed = new Set((await conn.client.listTools()).tools.map((t) => t.name));
      for (const tool of gated) {
        const granted = (grant as readonly string[]).includes(tool.gate!.slice('eval:'.length));
        expect(listed.has(tool.name), `${tool.name} listed`).toBe(granted);
        if (granted) continue;
        const result = await conn.call(tool.name, {});
        expect(result.ok, tool.name).toBe(false);
        expect(result.code, tool.name).toBe('EVAL_NOT_ALLOWED');
        expect(String(result.hint ?? result.error), tool.name).toContain(`--allow-eval=${tool.gate!.slice('eval:'.length)}`);
      }
    });
  }
});

/** Tools that only answer or write as what the app trusts (ADR-0034), from the catalogue. */
const impersonating = catalogue.tools.filter((tool) => tool.impersonates);
const impersonatingPlugins = [...new Set(impersonating.map((t) => t.module.replace(/ plugin$/, '')))];

describe('impersonating tools', () => {
  it('cover storage and ipc (the class is not empty)', () => {
    expect(new Set(impersonating.map((t) => t.impersonates))).toEqual(new Set(['storage', 'ipc']));
  });

  for (const grant of [[], ['storage'], ['ipc'], ['network']] as const) {
    it(`with --allow-impersonation=${grant.join(',') || '(none)'} and every eval target, only the granted ones are listed or callable`, async () => {
      conn = await connect({ plugins: impersonatingPlugins, allowEval: true, allowImpersonation: [...grant] });
      const listed = new Set((await conn.client.listTools()).tools.map((t) => t.name));
      for (const tool of impersonating) {
        const granted = (grant as readonly string[]).includes(tool.impersonates!);
        expect(listed.has(tool.name), `${tool.name} listed`).toBe(granted);
        if (granted) continue;
        const result = await conn.call(tool.name, {});
        expect(result, tool.name).toMatchObject({
          ok: false,
          code: 'IMPERSONATION_NOT_ALLOWED',
          details: { grant: tool.impersonates, flag: `--allow-impersonation=${tool.impersonates}` },
        });
      }
    });
  }
});

/**
 * What the operator offers the agent to enable mid-session (--offer, ADR-0045) is plugins and
 * profiles, never a grant: enabling every offered plugin and profile leaves each gated and each
 * impersonating tool as the grants alone decide, and a name that was not offered (a grant's above
 * all) enables nothing.
 */
describe('capabilities the agent enables itself', () => {
  const offered = [...new Set([...plugins, ...impersonatingPlugins])];

  it('never include a grant: every offer enabled, gated and impersonating tools stay off', async () => {
    conn = await connect({ offer: [...offered, 'testing', 'debug', 'full'], toolProfile: 'essential' });
    const before = (await conn.client.listTools()).tools.map((t) => t.name);
    for (const name of ['eval', 'main', 'renderer', 'impersonation', 'allow-eval', '--allow-eval=main', 'storage ', 'no-such-plugin']) {
      expect(await conn.call('electron_enable', { name }), name).toMatchObject({ ok: false, code: 'NOT_OFFERED' });
    }
    expect((await conn.client.listTools()).tools.map((t) => t.name)).toEqual(before);
    for (const name of [...offered, 'testing', 'debug', 'full'])
      expect(await conn.call('electron_enable', { name }), name).toMatchObject({ ok: true });
    const listed = new Set((await conn.client.listTools()).tools.map((t) => t.name));
    for (const tool of [...gated, ...impersonating]) {
      expect(listed.has(tool.name), `${tool.name} listed`).toBe(false);
      const result = await conn.call(tool.name, {});
      expect(result.code, tool.name).toBe(tool.gate ? 'EVAL_NOT_ALLOWED' : 'IMPERSONATION_NOT_ALLOWED');
    }
    // What was enabled is real: an ungated tool of an offered plugin is listed now.
    expect([...listed].some((name) => offered.some((plugin) => name.startsWith(`${plugin}_`)))).toBe(true);
  });
});
