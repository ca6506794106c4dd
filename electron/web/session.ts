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

export type Exchange =
  | { ok: true; pageSecret: string; /** A new cookie value to set, or null to keep the browser's. */ cookie: string | null }
  | { ok: false; reason: 'used' | 'unknown' };

export interface LaunchSessions {
  /** A fresh one-time token. */
  mintToken(): string;
  /** Spends `token` (once) for a session; `cookie` is the browser's current session cookie, if any. */
  exchange(token: string, cookie: string | undefined): Exchange;
  /** True when both halves belong to sessions this host handed out. */
  isAuthorized(cookie: string | undefined, pageSecret: string | undefined): boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

/** The in-memory record of tokens and sessions; it dies with the host, and so do they. */
export function createLaunchSessions(): LaunchSessions {
  // Only digests are kept, so a heap dump shows nothing that could be presented.
  const unused = new Set<string>();
  const used = new Set<string>();
  const cookies = new Set<string>();
  const pageSecrets = new Set<string>();
  return {
    mintToken() {
      const token = random();
      unused.add(digest(token));
      return token;
    },
    exchange(token, cookie) {
      const key = digest(token);
      if (!unused.delete(key)) return { ok: false, reason: used.has(key) ? 'used' : 'unknown' };
      used.add(key);
      const pageSecret = random();
      pageSecrets.add(digest(pageSecret));
      // A second tab in the same browser keeps the cookie it already has, so the first tab goes on working.
      if (cookie !== undefined && cookies.has(digest(cookie))) return { ok: true, pageSecret, cookie: null };
      const fresh = random();
      cookies.add(digest(fresh));
      return { ok: true, pageSecret, cookie: fresh };
    },
    isAuthorized(cookie, pageSecret) {
      if (!cookie || !pageSecret) return false;
      // Set lookups of SHA-256 digests: the time taken says nothing useful about the secret.
      return cookies.has(digest(cookie)) && pageSecrets.has(digest(pageSecret));
    },
  };
}

/** The Set-Cookie value for a session cookie. Not `Secure`: the host is plain http on loopback. */
export function sessionCookieHeader(port: number, value: string): string {
  return `${sessionCookieName(port)}=${value}; HttpOnly; SameSite=Strict; Path=/`;
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
