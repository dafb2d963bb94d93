// The loop an agent runs on a real app: launch, snapshot, find, act, and read the effect back
// from the UI, on the shared bench fixture that benchmarks use too.
import { describe, expect, it } from 'vitest';
import { withApp } from '../test-support/with-app.js';
import { ok, refOf } from '../test-support/mcp.js';

describe('bench fixture', () => {
  it('launch → snapshot → find → type, key, click, select, check, scroll → effects visible', async () => {
    await withApp('bench', async (app) => {
      expect(app.launched).toMatchObject({ windows: [{ id: 'w1', title: 'Bench', active: true }], capabilities: { owned: true } });
      const { snapshot } = await ok(app, 'electron_snapshot');
      const name = refOf(snapshot as string, 'textbox', 'Your name');

      await ok(app, 'electron_type', { ref: name, text: 'Ada' });
      await ok(app, 'electron_key', { ref: name, key: 'Enter' });
      const status = await ok(app, 'electron_find', { role: 'status', text: 'Hello' });
      expect(status.matches).toMatchObject([{ text: 'Hello, Ada!' }]);

      await ok(app, 'electron_clear_input', { ref: name });
      const greet = await ok(app, 'electron_find', { role: 'button', name: 'Greet' });
      await ok(app, 'electron_click', { ref: (greet.matches as { ref: string }[])[0].ref });
      expect((await ok(app, 'electron_snapshot')).snapshot).toContain('Please enter your name.');

      await ok(app, 'electron_select_option', { ref: refOf(snapshot as string, 'combobox', 'Size'), values: ['Large'] });
      await ok(app, 'electron_check', { ref: refOf(snapshot as string, 'checkbox', 'Subscribe to newsletter') });
      const after = (await ok(app, 'electron_snapshot')).snapshot as string;
      expect(after).toMatch(/option "Large" \[selected\]/);
      expect(after).toMatch(/checkbox "Subscribe to newsletter" \[checked\]/);

      expect((await ok(app, 'electron_scroll', { dy: 400 })).y).toBeGreaterThan(0);
      await ok(app, 'electron_click', { selector: '#load-details' });
      // The details appear after a delay: the retrying expect waits for them (no fixed sleep), and
      // takes no snapshot, so the diff below still holds them.
      await ok(app, 'electron_expect_visible', { selector: '#details' });
      expect((await ok(app, 'electron_snapshot', { since: 'last' })).snapshot).toMatch(/^\+ .*region "Details"/m);
    });
  });
});
