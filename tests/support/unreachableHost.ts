import type { Api } from '../../electron/shared/api';
import { HOST_UNREACHABLE, HostUnavailableError } from '../../renderer/host/httpApi';

/** A host the page cannot reach: every call throws as the transport does, and is counted by method. */
export function unreachableHost(): { api: Api; calls: string[] } {
  const calls: string[] = [];
  const api = new Proxy({} as Api, {
    get: (_target, method) => async () => {
      calls.push(String(method));
      throw new HostUnavailableError(HOST_UNREACHABLE, null);
    },
  });
  return { api, calls };
}
