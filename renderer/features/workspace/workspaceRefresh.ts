import { useEffect, useRef } from 'react';

/**
 * A way to ask the request tabs to learn the host's workspace now, for changes made outside
 * them (a workspace file imported from Settings). The tabs on screen are the truth once loaded
 * (queries/workspace.ts), so invalidating a query would not reach them: the tab strip's saver
 * subscribes here and asks the host, which merges as for any other page, so an open tab with
 * unsaved typing is never overwritten. A request with nobody subscribed does nothing.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

/** Asks every mounted tab strip to learn the host's workspace. */
export function requestWorkspaceRefresh(): void {
  for (const listener of listeners) listener();
}

/** Calls `onRequest` for every request while the calling component is mounted. */
export function useWorkspaceRefreshRequests(onRequest: Listener): void {
  const latest = useRef(onRequest);
  useEffect(() => {
    latest.current = onRequest;
  });
  useEffect(() => {
    const listener: Listener = () => latest.current();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
