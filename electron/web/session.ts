import { createHash, randomBytes } from 'node:crypto';

/**
 * Who may drive the browser-mode host, and how a browser becomes one of them.
 *
 * Nothing long-lived is ever put in an address. The host prints (or opens) an address carrying a
 * ONE-TIME token. The page exchanges it once (`POST /session`) for a session made of two halves,
 * and every later call must present both:
 * - a cookie (HttpOnly, SameSite=Strict, Path=/), so script in the page can never read it;
 * - a page secret, kept in the tab's sessionStorage and sent as a header. Cookies ignore ports,
 *   so the browser would also send ours to any other server on 127.0.0.1 (another local user's,
 *   for instance): the cookie alone must not be enough. A custom header also forces a CORS
 *   preflight, which the host never grants.
 * A used token is dead: the browser's history may keep the address, but it opens nothing more.
 */

/** The name of the session cookie: one per port, so two hosts on one machine do not clobber each other. */
export function sessionCookieName(port: number): string {
  return `agent-explorer-session-${port}`;
}

type Exchange =
  | { ok: true; pageSecret: string; /** A new cookie value to set, or null to keep the browser's. */ cookie: string | null }
  | { ok: false; reason: 'used' | 'unknown' };

export interface LaunchSessions {
  /** A fresh one-time token. */
  mintToken(): string;
  /**
   * Spends `token` (once) for a session; `cookies` are the values of our cookie name the browser
   * sent (another server on 127.0.0.1 may have set more of the same name).
   */
  exchange(token: string, cookies: readonly string[]): Exchange;
  /** True when one of `cookies` is a session this host handed out and `pageSecret` was given with it. */
  isAuthorized(cookies: readonly string[], pageSecret: string | undefined): boolean;
  /**
   * True when one of `cookies` is a session this host handed out: half a session, enough only
   * where a one-time value the page got through a full call stands in for the page secret (a
   * download, which cannot send a header).
   */
  hasSession(cookies: readonly string[]): boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

/** The in-memory record of tokens and sessions; it dies with the host, and so do they. */
export function createLaunchSessions(): LaunchSessions {
  // Only digests are kept, so a heap dump shows nothing that could be presented.
  const unused = new Set<string>();
  const used = new Set<string>();
  /** Each session cookie's digest, with the digests of the page secrets handed out with it. */
  const sessions = new Map<string, Set<string>>();
  return {
    mintToken() {
      const token = random();
      unused.add(digest(token));
      return token;
    },
    exchange(token, presented) {
      const key = digest(token);
      if (!unused.delete(key)) return { ok: false, reason: used.has(key) ? 'used' : 'unknown' };
      used.add(key);
      const pageSecret = random();
      // A second tab in the same browser keeps the cookie it already has, so the first tab goes on working.
      const known = presented.map(digest).find((cookie) => sessions.has(cookie));
      if (known !== undefined) {
        sessions.get(known)!.add(digest(pageSecret));
        return { ok: true, pageSecret, cookie: null };
      }
      const fresh = random();
      sessions.set(digest(fresh), new Set([digest(pageSecret)]));
      return { ok: true, pageSecret, cookie: fresh };
    },
    isAuthorized(presented, pageSecret) {
      if (!pageSecret) return false;
      // Lookups of SHA-256 digests: the time taken says nothing useful about the secret. Every
      // presented value counts, so a same-named cookie tossed in by another 127.0.0.1 server
      // (cookies ignore ports; a longer Path is sent first) cannot lock the person out; and the
      // page secret must be one handed out with that cookie, not with some other session.
      const secret = digest(pageSecret);
      return presented.some((cookie) => sessions.get(digest(cookie))?.has(secret) ?? false);
    },
    hasSession(presented) {
      return presented.some((cookie) => sessions.has(digest(cookie)));
    },
  };
}

/** The Set-Cookie value for a session cookie. Not `Secure`: the host is plain http on loopback. */
export function sessionCookieHeader(port: number, value: string): string {
  return `${sessionCookieName(port)}=${value}; HttpOnly; SameSite=Strict; Path=/`;
}

/** Every value of the cookie `name` in a Cookie header (a browser may send several). */
export function readCookies(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}
