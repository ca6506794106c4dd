import { createContext, useContext, type ReactNode } from 'react';
import type { Api } from '../../electron/shared/contract';

const HostContext = createContext<Api | null>(null);

/** Provides the host to the query layer; tests pass a fake here. */
export function HostProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <HostContext.Provider value={api}>{children}</HostContext.Provider>;
}

/** For renderer/queries only: components get data through query hooks, never from the host. */
export function useHost(): Api {
  const api = useContext(HostContext);
  if (!api) throw new Error('useHost() needs a <HostProvider> above it.');
  return api;
}
