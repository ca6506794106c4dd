import { connectHost, type HostConnection } from '../../../../renderer/host';
import { browserShell } from '../../../../renderer/host/browserShell';
import { HOST_REFUSED, HOST_UNREACHABLE } from '../../../../renderer/host/httpApi';
import { launchProblem } from '../../../../renderer/host/launchMessages';
import { FakeApi } from '../../../support/fakeApi';

/** A window with just what connectHost reads: the address, history and sessionStorage. */
function fakeWindow(hash: string) {
  const history: string[] = [];
  const win = {
    location: { hash, pathname: '/', search: '' },
    history: { replaceState: (_state: unknown, _title: string, url: string) => history.push(url) },
    sessionStorage: window.sessionStorage,
  };
  return { win: win as unknown as Window, history };
}

function answer(status: number, body: unknown): typeof fetch {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => window.sessionStorage.clear());

describe('connectHost in browser mode', () => {
  it('spends the token once, keeps the page secret for reloads, and clears the address bar', async () => {
    const { win, history } = fakeWindow('#token=abc');
    const doFetch = answer(200, { value: { pageSecret: 'page-secret-1' } });
    const connection = await connectHost(win, doFetch);
    expect(connection.ok).toBe(true);
    expect(doFetch).toHaveBeenCalledWith(
      '/session',
      expect.objectContaining({ method: 'POST', body: '{"token":"abc"}', credentials: 'same-origin' }),
    );
    expect(history).toEqual(['/']);
    expect(window.sessionStorage.getItem('agent-explorer.page-secret')).toBe('page-secret-1');

    // A reload has no token any more, and needs no new one.
    const reload = fakeWindow('');
    const noFetch = vi.fn();
    expect((await connectHost(reload.win, noFetch as unknown as typeof fetch)).ok).toBe(true);
    expect(noFetch).not.toHaveBeenCalled();
  });

  it('passes on what the first screen waits for when it came with the session, and asks nothing more', async () => {
    const startup = await new FakeApi().getStartup();
    const doFetch = answer(200, { value: { pageSecret: 'page-secret-2', startup } });
    const connection = await connectHost(fakeWindow('#token=abc').win, doFetch);
    expect(connection.ok && connection.startup).toEqual(startup);
    expect(doFetch).toHaveBeenCalledTimes(1);
  });

  it('leaves the startup to the app when the session came without one', async () => {
    const connection = await connectHost(fakeWindow('#token=abc').win, answer(200, { value: { pageSecret: 'p', startup: null } }));
    expect(connection.ok).toBe(true);
    expect(connection.ok && connection.startup).toBeUndefined();
  });

  it.each([
    ['token_used', 'token_used'],
    ['token_unknown', 'token_unknown'],
  ])('says why a refused token (%s) opens nothing', async (code, reason) => {
    const { win, history } = fakeWindow('#token=old');
    const connection = await connectHost(win, answer(403, { error: { code, message: '' } }));
    expect(connection).toEqual<HostConnection>({ ok: false, reason: reason as 'token_used' });
    expect(history).toEqual(['/']);
  });

  it('without a token or a session, asks for an address', async () => {
    expect(await connectHost(fakeWindow('').win, vi.fn() as unknown as typeof fetch)).toEqual({ ok: false, reason: 'no_session' });
  });
});

describe('launch and host messages', () => {
  it('never show backticks or name a command the user may not have typed', () => {
    const texts = [
      ...(['no_session', 'token_used', 'token_unknown', 'unreachable'] as const).map(launchProblem),
      HOST_REFUSED,
      HOST_UNREACHABLE,
    ];
    for (const text of texts) {
      expect(text).not.toContain('`');
      expect(text).not.toMatch(/npm (run|start)/);
      expect(text).toMatch(/terminal/);
    }
  });
});

describe('what only a window can do (the Shell)', () => {
  it("in the desktop app is the preload's agentExplorerShell, with its capabilities", async () => {
    const shell = { capabilities: { findInPage: true, saveDialog: true, openDialog: true } };
    const win = { agentExplorer: {}, agentExplorerShell: shell } as unknown as Window;
    const connection = await connectHost(win, vi.fn() as unknown as typeof fetch);
    expect(connection.ok && connection.shell).toBe(shell);
  });

  it("in browser mode is the browser tab's own: no dialogs, no find of ours", async () => {
    window.sessionStorage.setItem('agent-explorer.page-secret', 'stored-secret');
    const connection = await connectHost(fakeWindow('').win, vi.fn() as unknown as typeof fetch);
    expect(connection.ok && connection.shell).toBe(browserShell);
    expect(browserShell.capabilities).toEqual({ findInPage: false, saveDialog: false, openDialog: false });
  });
});

describe('what the host pushes (HostEvents)', () => {
  it("in the desktop app is the preload's agentExplorerEvents", async () => {
    const events = { onFindRequested: vi.fn(), onRunProgress: vi.fn() };
    const win = { agentExplorer: {}, agentExplorerEvents: events } as unknown as Window;
    const connection = await connectHost(win, vi.fn() as unknown as typeof fetch);
    expect(connection.ok && connection.events).toBe(events);
  });

  it("in browser mode is the host's event stream, opened with the session's page secret only when listened to", async () => {
    window.sessionStorage.setItem('agent-explorer.page-secret', 'stored-secret');
    const streamFetch = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', streamFetch);
    try {
      const connection = await connectHost(fakeWindow('').win, vi.fn() as unknown as typeof fetch);
      if (!connection.ok) throw new Error('expected a connection');
      expect(streamFetch).not.toHaveBeenCalled();
      const stop = connection.events.onRunProgress(() => undefined);
      expect(streamFetch).toHaveBeenCalledWith(
        '/events',
        expect.objectContaining({ headers: expect.objectContaining({ 'x-agent-explorer-secret': 'stored-secret' }) }),
      );
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
