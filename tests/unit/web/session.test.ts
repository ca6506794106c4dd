import { describe, expect, it } from 'vitest';
import { createLaunchSessions, readCookies, sessionCookieName } from '../../../electron/web/session';

/** A browser's session: the cookie it was given and the page secret of its tab. */
function open(sessions: ReturnType<typeof createLaunchSessions>, cookies: string[] = []) {
  const outcome = sessions.exchange(sessions.mintToken(), cookies);
  if (!outcome.ok) throw new Error('no session');
  return outcome;
}

describe('browser-mode sessions', () => {
  const name = sessionCookieName(4321);

  it('keep working when another 127.0.0.1 server tossed in a cookie of the same name (sent first)', () => {
    const sessions = createLaunchSessions();
    const session = open(sessions);
    // Cookies ignore ports, and a longer Path is sent first (RFC 6265 5.4).
    const header = `${name}=tossed-by-another-server; ${name}=${session.cookie}`;
    expect(readCookies(header, name)).toEqual(['tossed-by-another-server', session.cookie]);
    expect(sessions.isAuthorized(readCookies(header, name), session.pageSecret)).toBe(true);
  });

  it('take a page secret only with the cookie it was handed out with', () => {
    const sessions = createLaunchSessions();
    const first = open(sessions);
    const second = open(sessions);
    expect(sessions.isAuthorized([first.cookie!], second.pageSecret)).toBe(false);
    expect(sessions.isAuthorized([second.cookie!], second.pageSecret)).toBe(true);
    expect(sessions.isAuthorized([], first.pageSecret)).toBe(false);
  });

  it("give a second tab of the same browser a page secret of its own on the browser's cookie", () => {
    const sessions = createLaunchSessions();
    const first = open(sessions);
    const tab = open(sessions, ['unrelated', first.cookie!]);
    expect(tab.cookie).toBeNull();
    expect(sessions.isAuthorized([first.cookie!], tab.pageSecret)).toBe(true);
    expect(sessions.isAuthorized([first.cookie!], first.pageSecret)).toBe(true);
  });
});
