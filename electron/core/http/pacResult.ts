import type { ProxyRoute } from './transport';
import { proxyConfigError } from './proxyEnv';

/**
 * The route a PAC-style answer names: what Electron's `session.resolveProxy(url)` resolves to.
 * Electron answers with Chromium's `ProxyInfo::ToPacString()` (shell/browser/net/
 * resolve_proxy_helper.cc): the proxies to try, in order, separated by ";", each one of
 * `DIRECT`, `PROXY host:port` (an http proxy), `HTTPS host:port` (an https proxy), `SOCKS
 * host:port` / `SOCKS4` / `SOCKS5` or `QUIC host:port`; an empty string when the lookup failed,
 * which Chromium then treats as direct. The first entry this client can use wins: DIRECT, PROXY
 * and HTTPS. SOCKS and QUIC proxies are not supported, so they are passed over; an answer that
 * names only those is an error that says so.
 */
export function routeFromPac(answer: string): ProxyRoute {
  const entries = answer
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return { kind: 'direct' };
  const skipped: string[] = [];
  for (const entry of entries) {
    const [keyword = '', address = ''] = entry.split(/\s+/, 2);
    const kind = keyword.toUpperCase();
    if (kind === 'DIRECT') return { kind: 'direct' };
    if ((kind === 'PROXY' || kind === 'HTTPS') && address !== '') {
      try {
        const url = new URL(`${kind === 'HTTPS' ? 'https' : 'http'}://${address}`);
        return { kind: 'proxy', url: new URL(`${url.protocol}//${url.host}`), username: null, password: null };
      } catch {
        skipped.push(entry);
        continue;
      }
    }
    skipped.push(entry);
  }
  throw proxyConfigError(
    `The system's proxy settings name only proxies Agent Explorer cannot use (${skipped.join('; ')}): SOCKS and QUIC proxies are not supported. ` +
      'Ask for an http or https proxy and set it in the system settings.',
  );
}
