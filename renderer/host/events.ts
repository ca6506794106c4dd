import type { HostEvents } from '../../electron/shared/api';

declare global {
  interface Window {
    /** Set by electron/desktop/preload.ts through contextBridge; absent in browser mode. */
    agentExplorerEvents?: HostEvents;
  }
}

/**
 * What the host tells this window unasked, or null in browser mode (which has no such events:
 * there, for example, the browser's own find bar answers Ctrl/Cmd+F).
 */
export function resolveHostEvents(win: Window = window): HostEvents | null {
  return win.agentExplorerEvents ?? null;
}
