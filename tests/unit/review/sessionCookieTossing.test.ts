import { describe, expect, it } from 'vitest';
import { createLaunchSessions, readCookie, sessionCookieName } from '../../../electron/web/session';

/**
 * Review finding (issue 11 item 2, low): cookies are not isolated by port, so a page served by
 * another local user's server on 127.0.0.1 can SET a cookie of our name with a longer Path
 * (e.g. Path=/rpc). Browsers send cookies with longer paths first (RFC 6265 §5.4), so our host
 * receives "name=bogus; name=real" and reads only the first: every call is refused and the app
 * stops working for the person (no key is exposed). Accepting any presented value of the name
 * that is ours would keep the session working.
 */
describe('review: a same-named cookie tossed by another 127.0.0.1 server', () => {
  it('does not lock the person out of their own session', () => {
    const sessions = createLaunchSessions();
    const outcome = sessions.exchange(sessions.mintToken(), undefined);
    if (!outcome.ok || outcome.cookie === null) throw new Error('no session');
    const name = sessionCookieName(4321);
    const header = `${name}=tossed-by-another-server; ${name}=${outcome.cookie}`;
    expect(sessions.isAuthorized(readCookie(header, name), outcome.pageSecret)).toBe(true);
  });
});
