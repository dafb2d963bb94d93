import type { Cookie } from 'playwright-core';
import { ToolError, Type, defineSessionTool, type Session } from '@stagewright/sdk';

/** Bound on listed cookies; `total` says how many matched. */
export const MAX_COOKIES = 200;

const SAME_SITE = ['Strict', 'Lax', 'None'] as const;

/** A cookie as listed: the value is replaced by its length unless the caller asked for values. */
export function listedCookie(cookie: Cookie, withValue: boolean) {
  const { value, ...rest } = cookie;
  return withValue ? { ...rest, value } : { ...rest, valueLength: value.length };
}

/** Cookies of the whole session (the app's default browser context), or of the given URLs. */
function sessionCookies(session: Session, url?: string): Promise<Cookie[]> {
  const context = session.pageOrThrow().context();
  return cookieCall(url === undefined ? context.cookies() : context.cookies(url));
}

const list = defineSessionTool({
  name: 'cookies',
  title: 'List cookies',
  description: "List the app's cookies; values stay hidden unless asked for.",
  kind: 'read',
  input: {
    url: Type.Optional(Type.String({ description: 'Only cookies sent to this URL', maxLength: 2000 })),
    values: Type.Optional(Type.Boolean({ description: 'Include values' })),
  },
  rules: [{ nonEmpty: ['url'] }],
  detail: {
    notes:
      `Reads the session's cookie jar from the server side (no script runs in the app). Returns { cookies, total }: at most ${MAX_COOKIES} cookies ` +
      '{ name, domain, path, expires (epoch s, -1 for a session cookie), httpOnly, secure, sameSite, valueLength }; with values: true, value instead of valueLength.',
    example: { url: 'http://127.0.0.1:4000/', values: true },
  },
  async handle(args, { session, markSensitive }) {
    const all = await sessionCookies(session, args.url);
    const cookies = all.slice(0, MAX_COOKIES);
    // Values are the session's credentials: the agent asked for them, a trace must not keep them.
    if (args.values === true) markSensitive({ answer: cookies.map((_, i) => `/cookies/${i}/value`) });
    return { cookies: cookies.map((cookie) => listedCookie(cookie, args.values === true)), total: all.length };
  },
});

const set = defineSessionTool({
  name: 'cookie_set',
  title: 'Set a cookie',
  description: 'Add or replace a cookie for the page URL or a domain.',
  kind: 'action',
  impersonates: 'storage',
  input: {
    name: Type.String({ minLength: 1, maxLength: 256 }),
    value: Type.String({ maxLength: 4096 }),
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    domain: Type.Optional(Type.String({ maxLength: 253 })),
    path: Type.Optional(Type.String({ maxLength: 1000 })),
    expires: Type.Optional(Type.Number()),
    httpOnly: Type.Optional(Type.Boolean()),
    secure: Type.Optional(Type.Boolean()),
    sameSite: Type.Optional(Type.Enum(SAME_SITE)),
  },
  rules: [{ atMostOne: ['url', 'domain'] }, { atMostOne: ['url', 'path'] }, { nonEmpty: ['url', 'domain', 'path'] }],
  detail: {
    notes:
      'name and value as in a Set-Cookie header; httpOnly and secure set those flags. Without url or domain the cookie belongs to the active window\'s URL. domain (".example.com" includes subdomains) goes with path (default "/"); a path alone scopes it to the page\'s host. ' +
      'expires is in epoch seconds; omit it for a session cookie. Returns { cookie } as storage_cookies lists it, value included.',
    values: { sameSite: SAME_SITE },
    errors: ['storage.NO_ORIGIN', 'storage.COOKIE_REJECTED', 'BAD_ARGUMENT'],
    example: { name: 'theme', value: 'dark' },
  },
  async handle(args, { session, markSensitive }) {
    markSensitive({ args: ['/value'], answer: ['/cookie/value'] });
    const { name, value, url, domain, path, expires, httpOnly, secure, sameSite } = args;
    // A path alone scopes the cookie to the page's host (a url fixes the path to the url's own).
    const host = domain ?? (path === undefined ? undefined : new URL(pageUrlOrThrow(session)).hostname);
    const target = host === undefined ? { url: url ?? pageUrlOrThrow(session) } : { domain: host, path: path ?? '/' };
    const context = session.pageOrThrow().context();
    await cookieCall(context.addCookies([{ name, value, ...target, expires, httpOnly, secure, sameSite }]));
    const candidates = 'url' in target ? await context.cookies(target.url) : await context.cookies();
    const stored = candidates.find(
      (cookie) => cookie.name === name && (!('domain' in target) || (cookie.domain === target.domain && cookie.path === target.path)),
    );
    if (!stored) {
      throw new ToolError(
        'storage.COOKIE_REJECTED',
        `The browser did not keep cookie "${name}" (secure on http, SameSite=None without secure, or an expiry in the past?).`,
        {
          details: { ...target, secure, sameSite, expires },
        },
      );
    }
    return { cookie: listedCookie(stored, true) };
  },
});

/**
 * Playwright and the browser refuse malformed cookies and URLs with a plain Error: that is the
 * caller's argument, not a server fault. Anything else (the app gone) passes through.
 */
async function cookieCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof Error && /invalid|cookie should|url/i.test(error.message) && !/closed|exited|crashed/i.test(error.message)) {
      throw new ToolError('BAD_ARGUMENT', `The browser refused the cookie arguments: ${error.message.split('\n')[0]}`);
    }
    throw error;
  }
}

/** Cookies belong to http(s) pages; file:// and about: pages need an explicit url or domain. */
function pageUrlOrThrow(session: Session): string {
  const url = session.pageOrThrow().url();
  if (!/^https?:/i.test(url)) {
    throw new ToolError(
      'storage.NO_ORIGIN',
      `The active window (${url || 'about:blank'}) has no origin to set a cookie for; pass url or domain.`,
    );
  }
  return url;
}

const clear = defineSessionTool({
  name: 'cookies_clear',
  title: 'Clear cookies',
  description: 'Delete cookies of the app, all or those matching a name, domain or path.',
  kind: 'destructive',
  input: {
    name: Type.Optional(Type.String({ maxLength: 256 })),
    domain: Type.Optional(Type.String({ maxLength: 253 })),
    path: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  rules: [{ nonEmpty: ['name', 'domain', 'path'] }],
  detail: {
    notes: 'Deletes every cookie whose name, domain and path equal those given (all cookies when none is). Returns { removed, remaining }.',
    example: { name: 'theme' },
  },
  async handle(args, { session }) {
    const context = session.pageOrThrow().context();
    const before = (await context.cookies()).length;
    const filter = Object.fromEntries(Object.entries(args).filter(([key, value]) => key !== 'sessionId' && value !== undefined));
    await context.clearCookies(filter);
    const remaining = (await context.cookies()).length;
    return { removed: before - remaining, remaining };
  },
});

export const cookieTools = [list, set, clear];
