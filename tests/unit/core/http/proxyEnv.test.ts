import { describe, expect, it } from 'vitest';
import { bypassesProxy, parseProxyUrl, routeFromEnvironment } from '../../../../electron/core/http/proxyEnv';
import type { ProxyRoute } from '../../../../electron/core/http/transport';

/** The route as a person would say it: "direct", or the proxy with who it logs in as. */
function said(route: ProxyRoute): string {
  if (route.kind === 'direct') return 'direct';
  return `${route.url.href}${route.username === null ? '' : ` as ${route.username}:${route.password ?? ''}`}`;
}

const route = (url: string, env: Record<string, string>, noProxy?: string) => said(routeFromEnvironment(new URL(url), env, noProxy));

describe('the proxy variables, as curl reads them', () => {
  it('uses http_proxy for http: and https_proxy for https:, all_proxy for either', () => {
    const env = { http_proxy: 'http://plain:3128', https_proxy: 'http://secure:3128' };
    expect(route('http://api.example.com/x', env)).toBe('http://plain:3128/');
    expect(route('https://api.example.com/x', env)).toBe('http://secure:3128/');
    expect(route('https://api.example.com/x', { http_proxy: 'http://plain:3128' })).toBe('direct');
    expect(route('https://api.example.com/x', { ALL_PROXY: 'http://every:8080' })).toBe('http://every:8080/');
    expect(route('https://api.example.com/x', { HTTPS_PROXY: 'http://own:1', ALL_PROXY: 'http://every:8080' })).toBe('http://own:1/');
  });

  it('reads either case, the lower-case one winning; an empty value is not set', () => {
    expect(route('https://a.example', { HTTPS_PROXY: 'http://upper:1' })).toBe('http://upper:1/');
    expect(route('https://a.example', { HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:2' })).toBe('http://lower:2/');
    expect(route('https://a.example', { https_proxy: '', HTTPS_PROXY: 'http://upper:1' })).toBe('http://upper:1/');
    expect(route('https://a.example', { https_proxy: ' ' })).toBe('direct');
  });

  it('takes a proxy without a scheme as http://, and credentials out of the URL', () => {
    expect(route('https://a.example', { https_proxy: 'proxy.corp:3128' })).toBe('http://proxy.corp:3128/');
    expect(route('https://a.example', { https_proxy: 'https://ana:p%40ss%3Aword@proxy.corp:443' })).toBe(
      'https://proxy.corp/ as ana:p@ss:word',
    );
  });

  it('refuses SOCKS and other schemes by name, never showing the credentials', () => {
    expect(() => route('https://a.example', { https_proxy: 'socks5://u:secret@127.0.0.1:1080' })).toThrow(
      'https_proxy names a SOCKS proxy (socks5://127.0.0.1:1080): only http:// and https:// proxies are supported. Correct or unset https_proxy.',
    );
    expect(() => route('https://a.example', { HTTPS_PROXY: 'ftp://proxy:21' })).toThrow(/HTTPS_PROXY names a ftp:\/\/ proxy/);
    const parsed = parseProxyUrl('http://u:secret@', 'The proxy URL');
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).not.toContain('secret');
  });

  it('lets no_proxy (or --noproxy in its place) send a host direct', () => {
    const env = { https_proxy: 'http://p:1', NO_PROXY: 'internal.example' };
    expect(route('https://api.internal.example', env)).toBe('direct');
    expect(route('https://api.internal.example', { ...env, no_proxy: 'other.example' })).toBe('http://p:1/');
    expect(route('https://api.internal.example', env, 'nothing.example')).toBe('http://p:1/');
    expect(route('https://elsewhere.example', env, '*')).toBe('direct');
  });
});

describe('NO_PROXY entries, with the conventions curl follows', () => {
  const bypasses = (url: string, list: string) => bypassesProxy(new URL(url), list);

  it('matches a name, its subdomains, with or without a leading dot, never a longer name', () => {
    for (const list of ['example.com', '.example.com', 'EXAMPLE.COM.']) {
      expect(bypasses('https://example.com/', list)).toBe(true);
      expect(bypasses('https://api.example.com/', list)).toBe(true);
      expect(bypasses('https://notexample.com/', list)).toBe(false);
      expect(bypasses('https://example.com.evil.net/', list)).toBe(false);
    }
  });

  it('splits on commas and spaces; * alone bypasses everything, inside a name it is no wildcard', () => {
    expect(bypasses('https://b.example/', 'a.example, b.example')).toBe(true);
    expect(bypasses('https://b.example/', 'a.example b.example')).toBe(true);
    expect(bypasses('https://any.where/', '*')).toBe(true);
    expect(bypasses('https://any.where/', '*.where')).toBe(false);
    expect(bypasses('https://any.where/', '')).toBe(false);
  });

  it('matches host:port only on that port (the scheme giving the default)', () => {
    expect(bypasses('https://api.example:8443/', 'api.example:8443')).toBe(true);
    expect(bypasses('https://api.example/', 'api.example:8443')).toBe(false);
    expect(bypasses('https://api.example/', 'api.example:443')).toBe(true);
    expect(bypasses('http://api.example/', 'api.example:80')).toBe(true);
  });

  it('matches IP addresses as written, IPv6 in brackets or not, and CIDR ranges', () => {
    expect(bypasses('http://10.1.2.3/', '10.1.2.3')).toBe(true);
    expect(bypasses('http://10.1.2.3/', '10.1.2.4')).toBe(false);
    expect(bypasses('http://10.1.2.3/', '10.0.0.0/8')).toBe(true);
    expect(bypasses('http://11.1.2.3/', '10.0.0.0/8')).toBe(false);
    expect(bypasses('http://[::1]:8080/', '::1')).toBe(true);
    expect(bypasses('http://[::1]:8080/', '[::1]:8080')).toBe(true);
    expect(bypasses('http://[fd00::5]/', 'fd00::/8')).toBe(true);
    expect(bypasses('http://[::1]/', '0:0:0:0:0:0:0:1')).toBe(true);
    // No name is looked up: an address entry never matches a name, a range never a name.
    expect(bypasses('http://localhost/', '127.0.0.1')).toBe(false);
    expect(bypasses('http://localhost/', '127.0.0.0/8')).toBe(false);
    expect(bypasses('http://10.1.2.3/', '1.2.3')).toBe(false);
  });
});
