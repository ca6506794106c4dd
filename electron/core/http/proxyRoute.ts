import type { ProxyRoute } from './transport';
import { bypassesProxy, parseProxyUrl, proxyConfigError, routeFromEnvironment, type Environment } from './proxyEnv';

/**
 * A proxy setting: the system's (in the desktop app what Chromium would use, PAC included; in
 * browser mode and on the command line HTTP_PROXY, HTTPS_PROXY and NO_PROXY), none, or one
 * proxy with optional credentials and hosts that bypass it (NO_PROXY's syntax, one per entry).
 */
export type ProxySetting =
  | { mode: 'system' }
  | { mode: 'none' }
  | { mode: 'manual'; url: string; username: string | null; password: string | null; bypass: string[] };

/**
 * Decides how one request reaches its origin, from a profile's (or the command line's) proxy
 * setting: asked for every request, since a PAC file or a bypass list can answer differently
 * for each URL.
 */
export type ProxyResolver = (url: URL, setting: ProxySetting) => Promise<ProxyRoute>;

/** What "System" means on this host: the environment's variables, or the desktop's settings. */
export type SystemProxy = (url: URL) => Promise<ProxyRoute>;

/** The variables routeFromEnvironment reads, in both cases. */
const PROXY_VARIABLES = ['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy'].flatMap((name) => [name, name.toUpperCase()]);

/**
 * "System" in browser mode and on the command line: HTTP_PROXY, HTTPS_PROXY, NO_PROXY, read
 * when the host starts (they are the process's settings). Read once: each read of process.env
 * goes through the system, and a run asks for every request's route.
 */
export function environmentProxy(env: Environment, noProxy?: string): SystemProxy {
  const variables: Environment = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, env[name]]));
  return (url) => Promise.resolve(routeFromEnvironment(url, variables, noProxy));
}

export function createProxyResolver(system: SystemProxy): ProxyResolver {
  return async (url, setting) => {
    switch (setting.mode) {
      case 'none':
        return { kind: 'direct' };
      case 'system':
        return system(url);
      case 'manual': {
        if (bypassesProxy(url, setting.bypass.join(','))) return { kind: 'direct' };
        const parsed = parseProxyUrl(setting.url, 'The proxy URL');
        if (!parsed.ok) throw proxyConfigError(`${parsed.message}. Correct the proxy setting.`);
        // Credentials given beside the URL win over any written in it.
        return {
          kind: 'proxy',
          url: parsed.value.url,
          username: setting.username ?? parsed.value.username,
          password: setting.password ?? parsed.value.password,
        };
      }
    }
  };
}
