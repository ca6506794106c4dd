import type { Api } from '../../electron/shared/contract';
import { createHttpApi } from './httpApi';

/**
 * The one place the renderer reaches its host. In Electron the preload script exposes the
 * contract as `window.agentExplorer`; in browser mode the page talks HTTP to the host that
 * served it, presenting the launch secret from the printed URL.
 */

declare global {
  interface Window {
    /** Set by electron/preload.ts through contextBridge; absent in browser mode. */
    agentExplorer?: Api;
  }
}

const SECRET_STORAGE_KEY = 'agent-explorer.launch-secret';

/**
 * Reads the launch secret from `#secret=…`, keeps it for reloads of this tab only, and removes
 * it from the address bar so it is not shown, bookmarked or shared by accident.
 */
export function takeLaunchSecret(location: Location, storage: Storage, history: History): string | null {
  const match = /(?:^#|&)secret=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match?.[1]) {
    storage.setItem(SECRET_STORAGE_KEY, match[1]);
    history.replaceState(null, '', location.pathname + location.search);
    return match[1];
  }
  return storage.getItem(SECRET_STORAGE_KEY);
}

/** The host for this window, or null when the page was opened without its launch secret. */
export function resolveHost(win: Window = window): Api | null {
  if (win.agentExplorer) return win.agentExplorer;
  const secret = takeLaunchSecret(win.location, win.sessionStorage, win.history);
  return secret ? createHttpApi({ secret }) : null;
}
