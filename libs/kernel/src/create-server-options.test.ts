// Options that cannot all be honoured must be refused loudly: a silently ignored profile or
// timeout would run a different surface than the operator asked for (ADR-0035).
import { describe, expect, it } from 'vitest';
import { createServer } from './server.js';
import { resolveServerConfig, ServerOptionsError } from './options.js';
import { EXAMPLE_TOOLS } from './test-fixtures/example-tools.js';

describe('createServer options', () => {
  it('refuses tools together with toolProfile', async () => {
    await expect(createServer({ tools: EXAMPLE_TOOLS, toolProfile: 'essential' })).rejects.toThrow(
      /`tools` and `toolProfile` are mutually exclusive/,
    );
  });

  it('serves exactly the supplied tools as a custom surface', async () => {
    const server = await createServer({ tools: EXAMPLE_TOOLS });
    expect(server.toolNames()).toEqual([
      'electron_demo_check',
      'electron_demo_echo',
      'electron_demo_reset',
      'electron_demo_work',
      'electron_drag',
    ]);
    await server.close();
  });

  it('refuses an unknown profile, a bad timeout, an unknown eval target and a missing app root', () => {
    expect(() => resolveServerConfig({ toolProfile: 'tiny' as never })).toThrow(/accepted: essential, testing, debug, full/);
    expect(() => resolveServerConfig({ operationTimeoutMs: 0 })).toThrow(ServerOptionsError);
    expect(() => resolveServerConfig({ allowEval: ['kernel' as never] })).toThrow(/unknown eval target/);
    expect(() => resolveServerConfig({ appRoot: '/definitely/not/here' })).toThrow(/appRoot must be an existing directory/);
  });

  it('defaults to the full profile, no eval and absolute paths', () => {
    const { config, profile } = resolveServerConfig({ screenshotDir: 'shots', cwd: '/tmp' });
    expect(profile).toBe('full');
    expect(config).toMatchObject({ toolProfile: 'full', allowEval: [], screenshotDir: '/tmp/shots', operationTimeoutMs: 120_000 });
    expect(Object.isFrozen(config)).toBe(true);
  });
});
