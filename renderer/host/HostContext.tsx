import { createContext, useContext, type ReactNode } from 'react';
import type { Api, HostEvents, HostShell } from '../../electron/shared/api';
import { browserShell } from './browserShell';

interface Host {
  api: Api;
  events: HostEvents;
  shell: HostShell;
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
 * `shell` is what only a window can do (find, save and open dialogs): the desktop window's
 * through the preload, or a browser tab's own ways (the default).
 */
export function HostProvider({
  api,
  events = NO_EVENTS,
  shell = browserShell,
  children,
}: {
  api: Api;
  events?: HostEvents;
  shell?: HostShell;
  children: ReactNode;
}) {
  return <HostContext.Provider value={{ api, events, shell }}>{children}</HostContext.Provider>;
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

/** What only a window can do, and which of it this host can (`capabilities`): read them before calling. */
export function useShell(): HostShell {
  return useHostContext().shell;
}
