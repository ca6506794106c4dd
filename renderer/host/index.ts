import { SESSION_PATH, type Api, type HostEvents, type HostShell, type SessionAnswer, type Startup } from '../../electron/shared/api';
import { browserShell } from './browserShell';
import { NO_EVENTS } from './HostContext';
import { createHttpApi } from './httpApi';
import { createStreamEvents } from './streamEvents';

/**
 * The one place the renderer reaches its host. In Electron the preload script exposes the
 * contract as `window.agentExplorer`; in browser mode the page talks HTTP to the host that
 * served it, with the session it got for the one-time token in its address
 * (electron/web/session.ts explains the design). What the host pushes (HostEvents) comes from
 * the preload's `window.agentExplorerEvents` in Electron, and from the host's Server-Sent
 * Events in browser mode (streamEvents.ts), with the same session. What only a window can do
 * (the Shell: find, save and open dialogs) is the preload's `window.agentExplorerShell` in
 * Electron, and the browser's own ways in browser mode (browserShell.ts).
 */

declare global {
  interface Window {
    /** Set by electron/desktop/preload.ts through contextBridge; absent in browser mode. */
    agentExplorer?: Api;
    /** Set by electron/desktop/preload.ts with the desktop window's capabilities; absent in browser mode. */
    agentExplorerShell?: HostShell;
  }
}

const PAGE_SECRET_STORAGE_KEY = 'agent-explorer.page-secret';

/**
 * The host, or why the page has none: no address token and no session, or a token already spent.
 * `startup` is what the first screen waits for, when it came with the session (browser mode,
 * spending a token); otherwise the app asks for it (withStartup).
 */
export type HostConnection =
  | { ok: true; api: Api; events: HostEvents; shell: HostShell; startup?: Startup }
  | { ok: false; reason: 'no_session' | 'token_used' | 'token_unknown' | 'unreachable' };

/**
 * The host for this window. A `#token=…` in the address is spent once for a session (its
 * cookie is set by the host; its page secret is kept in this tab's sessionStorage, so a reload
 * keeps working) and then removed from the address bar. Without a token, the tab's session.
 */
export async function connectHost(win: Window = window, doFetch: typeof fetch = win.fetch.bind(win)): Promise<HostConnection> {
  if (win.agentExplorer) {
    return {
      ok: true,
      api: win.agentExplorer,
      events: win.agentExplorerEvents ?? NO_EVENTS,
      shell: win.agentExplorerShell ?? browserShell,
    };
  }
  const token = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(win.location.hash)?.[1];
  if (token) {
    // Off the address bar at once, whatever the answer: a token is never worth showing.
    win.history.replaceState(null, '', win.location.pathname + win.location.search);
    let response: Response;
    try {
      response = await doFetch(SESSION_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      return { ok: false, reason: 'unreachable' };
    }
    if (response.ok) {
      const answer = ((await response.json().catch(() => null)) as { value?: Partial<SessionAnswer> } | null)?.value;
      const pageSecret = answer?.pageSecret;
      if (typeof pageSecret !== 'string') return { ok: false, reason: 'unreachable' };
      win.sessionStorage.setItem(PAGE_SECRET_STORAGE_KEY, pageSecret);
      return {
        ok: true,
        api: createHttpApi({ secret: pageSecret }),
        events: createStreamEvents({ secret: pageSecret }),
        shell: browserShell,
        // As an answer to getStartup is taken (the host is ours); none, and the app asks for it.
        ...(answer?.startup ? { startup: answer.startup } : {}),
      };
    }
    // A used token may still leave this tab with a session (a reload of an old address).
    const stored = win.sessionStorage.getItem(PAGE_SECRET_STORAGE_KEY);
    if (stored)
      return { ok: true, api: createHttpApi({ secret: stored }), events: createStreamEvents({ secret: stored }), shell: browserShell };
    if (response.status !== 403) return { ok: false, reason: 'unreachable' };
    const code = ((await response.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code;
    return { ok: false, reason: code === 'token_used' ? 'token_used' : 'token_unknown' };
  }
  const stored = win.sessionStorage.getItem(PAGE_SECRET_STORAGE_KEY);
  return stored
    ? { ok: true, api: createHttpApi({ secret: stored }), events: createStreamEvents({ secret: stored }), shell: browserShell }
    : { ok: false, reason: 'no_session' };
}
