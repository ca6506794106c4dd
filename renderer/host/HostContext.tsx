import { createContext, useContext, type ReactNode } from 'react';
import type { Api, HostEvents } from '../../electron/shared/contract';

interface Host {
  api: Api;
  events: HostEvents;
}

const HostContext = createContext<Host | null>(null);

/** Events that never come: for a host that pushes none. */
export const NO_EVENTS: HostEvents = {
  onFindRequested: () => () => undefined,
  onRunProgress: () => () => undefined,
};

/**
 * Provides the host to the query layer; tests pass a fake here. `events` is what the host
 * pushes (run progress): the preload's in the desktop app, Server-Sent Events in browser mode.
 */
export function HostProvider({ api, events = NO_EVENTS, children }: { api: Api; events?: HostEvents; children: ReactNode }) {
  return <HostContext.Provider value={{ api, events }}>{children}</HostContext.Provider>;
}

function useHostContext(): Host {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() needs a <HostProvider> above it.');
  return host;
}

/** For renderer/queries only: components get data through query hooks, never from the host. */
export function useHost(): Api {
  return useHostContext().api;
}

/** For renderer/queries only: the host's pushed events (subscribe in an effect, unsubscribe on cleanup). */
export function useHostEvents(): HostEvents {
  return useHostContext().events;
}
