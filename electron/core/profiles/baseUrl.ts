import type { AppError } from '../../shared/api';

/**
 * Base URL rules. A key travels with every request, so plain http: is allowed only to this
 * machine (loopback), or when the user has explicitly allowed it for that profile (then it is
 * shown as a warning wherever the profile appears). Credentials in the URL are refused: the key
 * has its own, write-only place.
 */

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export function checkBaseUrl(raw: string, allowInsecureHttp: boolean): { ok: true; value: string } | { ok: false; error: AppError } {
  const fail = (message: string) => ({ ok: false as const, error: { code: 'invalid_argument' as const, message, field: 'baseUrl' } });
  const text = raw.trim();
  if (text === '') return fail('Enter the base URL, for example https://platform.example.com.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`"${text.slice(0, 80)}" is not a URL; it should look like https://platform.example.com.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail(`Only https: URLs are allowed, not ${url.protocol}.`);
  if (url.username || url.password) return fail('Remove the user name and password from the URL; the key has its own field.');
  if (url.search || url.hash) return fail('The base URL cannot have a query (?…) or fragment (#…).');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !allowInsecureHttp) {
    return fail('Plain http: is allowed only for localhost. Use https:, or tick "Allow insecure HTTP" for this profile.');
  }
  return { ok: true, value: url.toString().replace(/\/+$/, '') };
}

/** True when requests to this URL travel unencrypted over a network. */
export function isInsecureHttp(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/**
 * The origin a key is bound to: scheme, host and port, as the URL standard normalises them
 * (lower-case host, default port dropped, so https://h and https://h:443 are one origin).
 * Hosts are compared as written: localhost and 127.0.0.1, or h and h., are different origins,
 * so moving between them asks for the key again rather than guessing they are the same server.
 */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}
