import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuItemSpec } from '../../../electron/menu/appMenu';
import { API_METHODS, eventChannel, ipcChannel } from '../../../electron/shared/contract';
import { contentSecurityPolicy } from '../../../electron/shared/csp';

/**
 * electron/main.ts against a fake Electron: the window's settings, and what the handlers it
 * installs decide (navigation, new windows, webviews, permissions, downloads, IPC callers, the
 * app:// protocol). The real Electron is not needed to see what the app asks of it; whether
 * Electron then honours each setting is Electron's part (tests/electron covers the running app
 * where the binary exists). The core is faked too: this is about the shell only.
 */

type Handler = (...args: never[]) => unknown;

const fake = vi.hoisted(() => {
  const appHandlers = new Map<string, Handler>();
  const sessionHandlers = new Map<string, Handler>();
  const ipcHandlers = new Map<string, Handler>();
  const windows: { options: Record<string, unknown>; webContents: FakeContents; loaded: string[] }[] = [];
  let protocolHandler: Handler | null = null;
  // Plain records, not vi.fn(): these calls happen once, at import, and must outlive mock resets.
  const calls = { enableSandbox: 0, privilegedSchemes: [] as unknown[], menus: [] as unknown[] };

  class FakeContents {
    handlers = new Map<string, Handler>();
    windowOpenHandler: Handler | null = null;
    send = vi.fn();
    on(event: string, handler: Handler) {
      this.handlers.set(event, handler);
      return this;
    }
    setWindowOpenHandler(handler: Handler) {
      this.windowOpenHandler = handler;
    }
  }

  class BrowserWindow {
    static fromWebContents = vi.fn(() => null);
    static getAllWindows = () => windows;
    webContents = new FakeContents();
    loaded: string[] = [];
    constructor(public options: Record<string, unknown>) {
      windows.push(this);
    }
    once() {}
    show() {}
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
  }

  const electron = {
    app: {
      on: (event: string, handler: Handler) => appHandlers.set(event, handler),
      enableSandbox: () => {
        calls.enableSandbox += 1;
      },
      commandLine: { hasSwitch: () => false },
      setPath: () => undefined,
      requestSingleInstanceLock: () => true,
      isReady: () => true,
      exit: vi.fn(),
      whenReady: () => Promise.resolve(),
      getVersion: () => '0.0.0-test',
      name: 'Agent Explorer',
      isPackaged: false,
      getAppPath: () => '/opt/agent-explorer',
      getPath: (name: string) => `/tmp/agent-explorer-test-${name}`,
      quit: vi.fn(),
    },
    BrowserWindow,
    dialog: { showErrorBox: vi.fn() },
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: (menu: unknown) => calls.menus.push(menu) },
    shell: { openPath: vi.fn(() => Promise.resolve('')) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => calls.privilegedSchemes.push(schemes),
      handle: (_scheme: string, handler: Handler) => {
        protocolHandler = handler;
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Handler) => sessionHandlers.set('request', handler),
        setPermissionCheckHandler: (handler: Handler) => sessionHandlers.set('check', handler),
        setDevicePermissionHandler: (handler: Handler) => sessionHandlers.set('device', handler),
        on: (event: string, handler: Handler) => sessionHandlers.set(event, handler),
      },
    },
    ipcMain: { handle: (channel: string, handler: Handler) => ipcHandlers.set(channel, handler) },
  };
  return {
    calls,
    electron,
    appHandlers,
    sessionHandlers,
    ipcHandlers,
    windows,
    FakeContents,
    protocolHandler: () => protocolHandler,
    openExternalLink: vi.fn(() => Promise.resolve()),
    dispatch: vi.fn(() => Promise.resolve({ ok: true, value: 'answered' })),
  };
});

vi.mock('electron', () => fake.electron);
vi.mock('../../../electron/adapters/externalLinks', () => ({ openExternalLink: fake.openExternalLink }));
vi.mock('../../../electron/adapters/safeStorageCipher', () => ({ safeStorageCipher: () => ({}) }));
vi.mock('../../../electron/core/validate', () => ({ dispatch: fake.dispatch }));
vi.mock('../../../electron/core/bootstrap', () => ({
  startCore: () => Promise.resolve({ api: {}, sandbox: {}, runProgress: { subscribe: () => () => undefined }, close: () => Promise.resolve() }),
}));
vi.mock('../../../electron/core/staticFiles', () => ({
  readStaticFile: (_root: string, pathname: string) =>
    Promise.resolve(pathname === '/index.html' ? { body: Buffer.from('<!doctype html>'), contentType: 'text/html; charset=utf-8' } : null),
}));

const APP_PAGE = 'app://agent-explorer/index.html';

function event() {
  return { preventDefault: vi.fn() };
}

beforeAll(async () => {
  await import('../../../electron/main');
  await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
});

describe('the window', () => {
  it('loads the bundled page through app://, never a remote URL', () => {
    expect(fake.windows[0]!.loaded).toEqual([APP_PAGE]);
    expect(fake.calls.privilegedSchemes).toEqual([[{ scheme: 'app', privileges: { standard: true, secure: true } }]]);
  });

  it('runs sandboxed and isolated, without Node, webviews or relaxed web security', () => {
    expect(fake.calls.enableSandbox).toBe(1);
    const preferences = fake.windows[0]!.options.webPreferences as Record<string, unknown>;
    expect(preferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
    // 'Auxclick' is no Blink feature (the setting did nothing); setWindowOpenHandler covers middle-click.
    expect(preferences).not.toHaveProperty('enableBlinkFeatures');
    expect(preferences).not.toHaveProperty('disableBlinkFeatures');
  });

  it('refuses subframe navigation in its page', () => {
    const onFrameNavigate = fake.windows[0]!.webContents.handlers.get('will-frame-navigate')!;
    const sub = { ...event(), isMainFrame: false };
    onFrameNavigate(sub as never);
    expect(sub.preventDefault).toHaveBeenCalled();
  });
});

describe('every webContents', () => {
  function created() {
    const contents = new fake.FakeContents();
    fake.appHandlers.get('web-contents-created')!({} as never, contents as never);
    return contents;
  }

  it.each(['will-navigate', 'will-redirect', 'will-attach-webview'])('refuses %s', (name) => {
    const happening = event();
    created().handlers.get(name)!(happening as never);
    expect(happening.preventDefault).toHaveBeenCalled();
  });

  it('opens no new window; the link goes to the confirm-then-browser path', () => {
    const contents = created();
    expect(contents.windowOpenHandler!({ url: 'https://example.com/' } as never)).toEqual({ action: 'deny' });
    expect(fake.openExternalLink).toHaveBeenCalledWith(null, 'https://example.com/');
  });
});

describe('the session', () => {
  const request = (permission: string, requestingUrl: string, isMainFrame = true) =>
    new Promise<boolean>((resolve) =>
      fake.sessionHandlers.get('request')!({} as never, permission as never, resolve as never, { requestingUrl, isMainFrame } as never),
    );
  const check = (permission: string, requestingOrigin: string, details: Record<string, unknown>) =>
    fake.sessionHandlers.get('check')!({} as never, permission as never, requestingOrigin as never, details as never);

  it('grants clipboard writing to our page, for its Copy buttons, and nothing else', async () => {
    expect(await request('clipboard-sanitized-write', APP_PAGE)).toBe(true);
    for (const permission of ['clipboard-read', 'media', 'notifications', 'geolocation', 'openExternal', 'hid', 'fullscreen']) {
      expect(await request(permission, APP_PAGE), permission).toBe(false);
    }
  });

  it('grants it to no other page and no subframe', async () => {
    expect(await request('clipboard-sanitized-write', 'https://example.com/')).toBe(false);
    expect(await request('clipboard-sanitized-write', 'app://agent-explorer.evil/')).toBe(false);
    expect(await request('clipboard-sanitized-write', APP_PAGE, false)).toBe(false);
  });

  it('answers permission checks the same way, by URL or, without one, by origin', () => {
    expect(check('clipboard-sanitized-write', 'app://agent-explorer', { isMainFrame: true })).toBe(true);
    expect(check('clipboard-sanitized-write', 'app://agent-explorer', { isMainFrame: true, requestingUrl: APP_PAGE })).toBe(true);
    expect(check('clipboard-sanitized-write', 'https://example.com', { isMainFrame: true })).toBe(false);
    expect(check('clipboard-read', 'app://agent-explorer', { isMainFrame: true })).toBe(false);
    expect(check('clipboard-sanitized-write', 'app://agent-explorer', { isMainFrame: false })).toBe(false);
  });

  it('refuses devices and downloads', () => {
    expect(fake.sessionHandlers.get('device')!({} as never)).toBe(false);
    const download = event();
    fake.sessionHandlers.get('will-download')!(download as never);
    expect(download.preventDefault).toHaveBeenCalled();
  });
});

describe('IPC', () => {
  const call = (senderFrame: unknown) => fake.ipcHandlers.get(ipcChannel('getAppInfo'))!({ senderFrame } as never, undefined as never);
  const frame = (url: string, parent: unknown = null, detached = false) => ({ url, parent, detached });

  it('registers every contract method and nothing else', () => {
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(API_METHODS.map((method) => ipcChannel(method)).sort());
  });

  it("answers our page's main frame", async () => {
    await expect(call(frame(APP_PAGE))).resolves.toBe('answered');
  });

  it.each([
    ['no frame', null],
    ['a subframe', frame(APP_PAGE, {})],
    ['a detached frame', frame(APP_PAGE, null, true)],
    ['another origin', frame('https://example.com/')],
    ['a look-alike host', frame('app://agent-explorer.evil/index.html')],
    ['a file page', frame('file:///index.html')],
  ])('refuses %s', async (_name, sender) => {
    fake.dispatch.mockClear();
    await expect(call(sender)).rejects.toThrow(/not the app/);
    expect(fake.dispatch).not.toHaveBeenCalled();
  });

  it('refuses a frame that is gone (Electron throws when it is read)', async () => {
    const gone = {
      parent: null,
      detached: false,
      get url(): string {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    await expect(call(gone)).rejects.toThrow(/not the app/);
  });
});

describe('the app:// protocol', () => {
  const serve = (url: string) => fake.protocolHandler()!({ url } as never) as Promise<Response>;

  it('serves bundled files with the CSP and nosniff', async () => {
    const response = await serve(APP_PAGE);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy('electron'));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404, still with the CSP, for other hosts and unknown files', async () => {
    for (const url of ['app://elsewhere/index.html', 'app://agent-explorer/missing.js']) {
      const response = await serve(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy('electron'));
    }
  });
});

describe('the menu', () => {
  const items = (specs: MenuItemSpec[]): MenuItemSpec[] => specs.flatMap((item) => [item, ...items(item.submenu ?? [])]);
  const menu = () => items(fake.calls.menus[0] as MenuItemSpec[]);

  it("is the app's menu bar; Find in Page asks our page to open its find bar", () => {
    const find = menu().find((item) => item.label === 'Find in Page…')!;
    expect(find.accelerator).toBe('CommandOrControl+F');
    find.click!();
    expect(fake.windows[0]!.webContents.send).toHaveBeenCalledWith(eventChannel('onFindRequested'));
  });

  it('Help opens the README that comes with the app, a fixed path of ours', async () => {
    menu().find((item) => item.label === 'Agent Explorer README')!.click!();
    await vi.waitFor(() => expect(fake.electron.shell.openPath).toHaveBeenCalledWith('/opt/agent-explorer/README.md'));
  });
});
