// Launches take seconds; a host that asked for progress must see the steps rather than silence.
import { describe, expect, it } from 'vitest';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { connect } from '../test-support/mcp.js';
import { testApp } from '../test-support/apps.js';

describe('electron_launch progress', () => {
  it('sends progress notifications with messages when the host passes a progress token', async () => {
    const conn = await connect();
    try {
      const seen: Progress[] = [];
      const launched = await conn.call('electron_launch', { main: testApp('hazards') }, { onprogress: (p) => seen.push(p) });
      expect(launched.ok).toBe(true);
      expect(seen.map((p) => p.message)).toEqual([
        expect.stringMatching(/^Starting the app \(fallback runtime\)$/),
        'Waiting for the first window',
        'First window rendered',
      ]);
      expect(seen.map((p) => p.progress)).toEqual([1, 2, 3]);
      await conn.call('electron_stop');
    } finally {
      await conn.close();
    }
  });
});
