// Chat and reminder apps notify from the page (`new Notification`), which Chromium shows and the
// main process never sees. The agent must still find those notifications (title, body, tag,
// silent), and a simulated click must run the page's own handler, as a user's click on the OS
// notification would: here it opens the conversation. A click on one whose page is gone must
// say so rather than pretend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatApp } from '@stagewright/fixtures/chat';
import type { InMemoryConnection } from '@stagewright/harness';
import { connectNative } from './test-support/connect-native.js';

describe('web notifications of a launched chat app', () => {
  let app: InMemoryConnection;
  beforeAll(async () => {
    app = await connectNative();
    const launched = await app.call('electron_launch', { main: chatApp.dir });
    if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(launched)}`);
  });
  afterAll(async () => {
    await app?.call('electron_stop', {}).catch(() => undefined);
    await app?.close();
  });

  it('records what the page showed, apart from the main-process notifications', async () => {
    expect(await app.call('electron_click', { selector: '#incoming-bob' })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', { selector: '#status', equals: 'Notified: Bob' })).toMatchObject({ ok: true });
    expect(await app.call('electron_click', { selector: '#incoming-alice' })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', { selector: '#status', equals: 'Notified: Alice' })).toMatchObject({ ok: true });

    const read = await app.call('native_web_notifications', {});
    expect(read).toMatchObject({
      ok: true,
      notifications: [
        {
          seq: 1,
          title: 'New message from Bob',
          body: 'Are we still on for lunch?',
          tag: 'conversation-bob',
          url: expect.stringMatching(/index\.html/),
        },
        { seq: 2, title: 'New message from Alice', tag: 'conversation-alice', silent: true },
      ],
      cursor: 2,
      more: false,
      dropped: 0,
    });
    expect((read.notifications as Record<string, unknown>[])[0].silent).toBeUndefined();
    expect(read.note).toMatch(/already open/);
    expect(await app.call('native_web_notifications', { title: 'alice' })).toMatchObject({ ok: true, notifications: [{ seq: 2 }] });
    expect(await app.call('native_notifications', {})).toMatchObject({ ok: true, notifications: [] });
  });

  it("runs the page's own click handler: the conversation opens", async () => {
    const clicked = await app.call('native_notification_click', { web: 1 });
    expect(clicked).toMatchObject({ ok: true, clicked: { web: 1, title: 'New message from Bob' } });
    expect(await app.call('electron_expect_text', { selector: '#conversation', equals: 'Conversation with Bob' })).toMatchObject({
      ok: true,
    });
    expect(await app.call('electron_expect_text', { selector: '#status', equals: 'Opened from notification: Bob' })).toMatchObject({
      ok: true,
    });
    expect(await app.call('electron_expect_url', { contains: '#/conversation/bob' })).toMatchObject({ ok: true });
  });

  it('keeps a notification after its page navigated, and says its click can no longer be received', async () => {
    // The click's answer names the notification it showed (caused.notified, ADR-0044).
    expect(await app.call('electron_click', { selector: '#remind' })).toMatchObject({
      ok: true,
      caused: { notified: ['Stand-up in 5 minutes'] },
    });
    expect(await app.call('electron_expect_text', { selector: '#status', equals: 'Reminder set' })).toMatchObject({ ok: true });
    const reminder = await app.call('native_web_notifications', { cursor: 2 });
    expect(reminder).toMatchObject({ ok: true, notifications: [{ seq: 3, title: 'Stand-up in 5 minutes', tag: 'reminder' }] });

    expect(await app.call('native_notification_click', { web: 3 })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', { selector: 'h1', equals: 'Reminders' })).toMatchObject({ ok: true });
    expect(await app.call('native_web_notifications', { title: 'stand-up' })).toMatchObject({ ok: true, notifications: [{ seq: 3 }] });

    const gone = await app.call('native_notification_click', { web: 3 });
    expect(gone).toMatchObject({ ok: false, code: 'native.NO_NOTIFICATION' });
    expect(gone.error).toMatch(/navigated or closed/);
    expect(await app.call('native_notification_click', { web: 42 })).toMatchObject({ ok: false, code: 'native.NO_NOTIFICATION' });
    expect(await app.call('native_notification_click', { web: 1, main: 1 })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
  });
});
