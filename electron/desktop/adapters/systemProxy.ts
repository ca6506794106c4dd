import type { Session } from 'electron';
import { routeFromPac } from '../../core/http/pacResult';
import type { SystemProxy } from '../../core/http/proxyRoute';

/**
 * "System" proxy in the desktop app: what Chromium would use for the URL, from the operating
 * system's settings, a PAC file or WPAD, asked of the session (`resolveProxy`, which answers
 * in PAC form: pacResult.ts reads it). The URL asked about is the origin only (the platform
 * client's routeFor), so no key in a query reaches a PAC script.
 */
export function sessionSystemProxy(session: Pick<Session, 'resolveProxy'>): SystemProxy {
  return async (url) => routeFromPac(await session.resolveProxy(url.toString()));
}
