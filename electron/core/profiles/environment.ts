import { checkBaseUrl } from './baseUrl';
import { parseAuthVariable } from '../../shared/keyPresentation';

export { authVariableValue, parseAuthVariable } from '../../shared/keyPresentation';
import { DEFAULT_PROXY, DEFAULT_TIMEOUT_MS, DEFAULT_TLS, ENVIRONMENT_PROFILE_ID, type Profile } from './profiles';

/**
 * The Environment profile: when AGENT_EXPLORER_BASE_URL is set at start, a profile named
 * Environment is made from it and made active, with AGENT_EXPLORER_API_KEY as its key and
 * AGENT_EXPLORER_AUTH (bearer, scheme:NAME, header:NAME, query:NAME) as its presentation.
 * It is never saved, and neither is its key: it exists while the variables do.
 */

export interface EnvironmentProfile {
  profile: Profile;
  key: string | null;
}

export type EnvironmentResult = { ok: true; value: EnvironmentProfile | null } | { ok: false; message: string };

export function environmentProfile(env: Record<string, string | undefined>): EnvironmentResult {
  const baseUrl = env['AGENT_EXPLORER_BASE_URL'];
  if (baseUrl === undefined || baseUrl.trim() === '') return { ok: true, value: null };
  const url = checkBaseUrl(baseUrl, false);
  if (!url.ok) return { ok: false, message: `AGENT_EXPLORER_BASE_URL: ${url.error.message}` };
  const auth = parseAuthVariable(env['AGENT_EXPLORER_AUTH'] ?? '');
  if (!auth) {
    return {
      ok: false,
      message: 'AGENT_EXPLORER_AUTH must be bearer, scheme:NAME, header:NAME or query:NAME (for example header:X-API-Key).',
    };
  }
  const key = env['AGENT_EXPLORER_API_KEY']?.trim() || null;
  return {
    ok: true,
    value: {
      profile: {
        id: ENVIRONMENT_PROFILE_ID,
        name: 'Environment',
        baseUrl: url.value,
        kind: 'environment',
        auth,
        timeoutMs: DEFAULT_TIMEOUT_MS,
        tls: DEFAULT_TLS,
        allowInsecureHttp: false,
        proxy: DEFAULT_PROXY,
      },
      key,
    },
  };
}
