import { BlockList, isIP } from 'node:net';
import { TransportError, type ProxyRoute } from './transport';

/**
 * The proxy a URL goes through by the environment's conventions, as curl reads them: the
 * command line and browser mode mean this by "System".
 *
 * - `http_proxy` for http: URLs, `https_proxy` for https: URLs, `all_proxy` for either when its
 *   own is not set; each in lower or upper case, the lower-case one winning when both are set
 *   (curl reads only `http_proxy` in lower case; it is read first here too). An empty value is
 *   not set.
 * - A proxy URL without a scheme is http://; http and https proxies are supported. Credentials
 *   in it (`http://user:pass@proxy:3128`) are taken out of the URL and sent as
 *   Proxy-Authorization; they are never part of what is shown.
 * - `no_proxy` (`NO_PROXY`) lists hosts reached directly, as curl matches them: comma (or space)
 *   separated; `*` alone bypasses every host; a name matches itself and its subdomains, with or
 *   without a leading dot (`example.com` and `.example.com` both match `api.example.com`, never
 *   `notexample.com`); `host:port` only that port; an IP address only that address written as
 *   the URL's host (no name is looked up); an address range in CIDR form (`10.0.0.0/8`,
 *   `fd00::/8`) the addresses in it. Case and a trailing dot do not matter.
 */

export type Environment = Record<string, string | undefined>;

/** A proxy URL with its credentials taken out. */
export interface ProxyAddress {
  /** scheme://host:port, no credentials, no path. */
  url: URL;
  username: string | null;
  password: string | null;
}

/** A proxy setting that cannot be used: what is wrong with it and where it came from. */
export function proxyConfigError(message: string): TransportError {
  return new TransportError(message, 'PROXY_CONFIG', true);
}

/**
 * Reads a proxy URL (`proxy.corp:3128`, `http://user:pass@proxy.corp:3128`, `https://…`) or
 * says in words why it cannot be used. `source` names where it came from, for the message; the
 * credentials never appear in it.
 */
export function parseProxyUrl(text: string, source: string): { ok: true; value: ProxyAddress } | { ok: false; message: string } {
  const trimmed = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return { ok: false, message: `${source} is not a proxy URL (expected http://host:port)` };
  }
  const shown = `${parsed.protocol}//${parsed.host}`;
  if (/^socks/i.test(parsed.protocol))
    return { ok: false, message: `${source} names a SOCKS proxy (${shown}): only http:// and https:// proxies are supported` };
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { ok: false, message: `${source} names a ${parsed.protocol}// proxy: only http:// and https:// proxies are supported` };
  if (parsed.hostname === '') return { ok: false, message: `${source} has no host name (expected http://host:port)` };
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  const username = parsed.username === '' ? null : decode(parsed.username);
  const password = parsed.password === '' ? null : decode(parsed.password);
  return { ok: true, value: { url: new URL(shown), username, password } };
}

/** The variable that names a URL's proxy, lower case first; null when none is set. */
function proxyVariable(url: URL, env: Environment): { name: string; value: string } | null {
  const own = url.protocol === 'https:' ? 'https_proxy' : 'http_proxy';
  for (const name of [own, own.toUpperCase(), 'all_proxy', 'ALL_PROXY']) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return { name, value };
  }
  return null;
}

/** `no_proxy`, lower case first; null when neither is set. */
export function noProxyOf(env: Environment): string | null {
  for (const name of ['no_proxy', 'NO_PROXY']) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return value;
  }
  return null;
}

/**
 * The route for `url` from the environment. `noProxy`, when given, replaces the environment's
 * NO_PROXY (the command line's --noproxy). Throws a PROXY_CONFIG TransportError for a variable
 * that names no usable proxy.
 */
export function routeFromEnvironment(url: URL, env: Environment, noProxy?: string): ProxyRoute {
  const variable = proxyVariable(url, env);
  if (!variable) return { kind: 'direct' };
  if (bypassesProxy(url, noProxy ?? noProxyOf(env) ?? '')) return { kind: 'direct' };
  const parsed = parseProxyUrl(variable.value, variable.name);
  if (!parsed.ok) throw proxyConfigError(`${parsed.message}. Correct or unset ${variable.name}.`);
  return { kind: 'proxy', ...parsed.value };
}

/** The host as written in a URL or a list entry: lower case, no brackets, no trailing dot. */
function bareHost(host: string): string {
  const lower = host.toLowerCase();
  const unbracketed = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
  return unbracketed.endsWith('.') ? unbracketed.slice(0, -1) : unbracketed;
}

function defaultPort(url: URL): number {
  return url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** An entry's host and port: `host`, `host:port`, `[v6]:port`, a bare IPv6 address. */
function splitEntry(entry: string): { host: string; port: number | null } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] === undefined ? null : Number(bracketed[2]) };
  if (isIP(entry) === 6) return { host: entry, port: null };
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) return { host: withPort[1]!, port: Number(withPort[2]) };
  return { host: entry, port: null };
}

/** Whether `list` (NO_PROXY's syntax, or a profile's bypass entries joined by commas) sends `url` direct. */
export function bypassesProxy(url: URL, list: string): boolean {
  const host = bareHost(url.hostname);
  const port = defaultPort(url);
  const hostIp = isIP(host);
  for (const raw of list.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    const slash = entry.indexOf('/');
    if (slash > 0) {
      if (hostIp !== 0 && inRange(host, hostIp, entry.slice(0, slash), entry.slice(slash + 1))) return true;
      continue;
    }
    const split = splitEntry(entry);
    if (split.port !== null && split.port !== port) continue;
    const name = bareHost(split.host.startsWith('.') ? split.host.slice(1) : split.host);
    if (name === '') continue;
    if (isIP(name) !== 0 || hostIp !== 0) {
      if (isIP(name) !== 0 && hostIp !== 0 && sameAddress(name, host)) return true;
      continue;
    }
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  const list = new BlockList();
  list.addAddress(a, isIP(a) === 6 ? 'ipv6' : 'ipv4');
  return list.check(b, isIP(b) === 6 ? 'ipv6' : 'ipv4');
}

function inRange(host: string, family: number, network: string, prefixText: string): boolean {
  const networkFamily = isIP(network);
  const prefix = Number(prefixText);
  const max = networkFamily === 6 ? 128 : 32;
  if (networkFamily === 0 || !/^\d+$/.test(prefixText) || prefix > max) return false;
  const list = new BlockList();
  list.addSubnet(network, prefix, networkFamily === 6 ? 'ipv6' : 'ipv4');
  return list.check(host, family === 6 ? 'ipv6' : 'ipv4');
}
