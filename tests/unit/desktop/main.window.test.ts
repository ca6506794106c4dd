import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { MenuItemSpec } from '../../../electron/desktop/menu/appMenu';
import { eventChannel, ipcChannel, METHODS, type MethodName } from '../../../electron/shared/api';
import { contentSecurityPolicy } from '../../../electron/shared/csp';
import * as Validate from '../../../electron/core/validate';

/**
 * electron/desktop/main.ts against a fake Electron: the window's settings, and what the handlers it
 * installs decide (navigation, new windows, webviews, permissions, downloads, IPC callers, the
 * app:// protocol). The real Electron is not needed to see what the app asks of it; whether
 * Electron then honours each setting is Electron's part (tests/electron covers the running app
 * where the binary exists). The core is faked too: this is about the shell only. The fake is
 * the shared one (tests/support/fakeElectron.ts): a closed window throws when used, as
 * Electron's does.
 */

const { electron, control, FakeWebContents } = await vi.hoisted(async () =>
  (await import('../../support/fakeElectron')).createFakeElectron(),
);

const fake = vi.hoisted(() => ({ openExternalLink: vi.fn(() => Promise.resolve()) }));
// The core's held run exports are real: the save dialog writes one from its pieces.
const runExports = await vi.hoisted(async () => (await import('../../../electron/core/reports/runs/exportTickets')).createExportTickets());

vi.mock('electron', () => electron);
vi.mock('../../../electron/desktop/adapters/externalLinks', () => ({ openExternalLink: fake.openExternalLink }));
vi.mock('../../../electron/desktop/adapters/safeStorageCipher', () => ({ safeStorageCipher: () => ({}) }));
// The real argument check, watched: a refused caller must never reach it.
vi.mock('../../../electron/core/validate', async (importOriginal) => {
  const real = await importOriginal<typeof Validate>();
  return { ...real, dispatch: vi.fn(real.dispatch) };
});
vi.mock('../../../electron/core/storage/dataDirLock', () => ({
  lockDataDir: () => Promise.resolve({ ok: true, file: '/tmp/lock', release: () => undefined }),
  folderInUseMessage: () => '',
}));
vi.mock('../../../electron/core/bootstrap', () => ({
  startCore: () =>
    Promise.resolve({
      api: { getAppInfo: async () => ({ name: 'Agent Explorer', version: '0.0.0-test', host: 'electron' }) },
      runProgress: { subscribe: () => () => undefined },
      runExports,
      close: () => Promise.resolve(),
    }),
}));
vi.mock('../../../electron/core/staticFiles', () => ({
  readStaticFile: (_root: string, pathname: string) =>
    Promise.resolve(pathname === '/index.html' ? { body: Buffer.from('<!doctype html>'), contentType: 'text/html; charset=utf-8' } : null),
}));

const APP_PAGE = 'app://agent-explorer/index.html';

function event() {
  return { preventDefault: vi.fn() };
}

const dispatch = vi.mocked(Validate.dispatch);

beforeAll(async () => {
  await import('../../../electron/desktop/main');
  control.ready();
  await vi.waitFor(() => expect(control.windows[0]?.visible).toBe(true));
});

describe('the window', () => {
  it('loads the bundled page through app://, never a remote URL', () => {
    expect(control.windows[0]!.loaded).toEqual([APP_PAGE]);
    expect(control.privilegedSchemes).toEqual([[{ scheme: 'app', privileges: { standard: true, secure: true } }]]);
  });

  it('runs sandboxed and isolated, without Node, webviews or relaxed web security', () => {
    expect(control.enableSandbox).toBe(1);
    const preferences = control.windows[0]!.options['webPreferences'] as Record<string, unknown>;
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
    const sub = { ...event(), isMainFrame: false };
    control.windows[0]!.webContents.emit('will-frame-navigate', sub);
    expect(sub.preventDefault).toHaveBeenCalled();
  });
});

describe('every webContents', () => {
  function created() {
    const contents = new FakeWebContents();
    control.app.emit('web-contents-created', event(), contents);
    return contents;
  }

  it.each(['will-navigate', 'will-redirect', 'will-attach-webview'])('refuses %s', (name) => {
    const happening = event();
    created().emit(name, happening);
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
      control.sessionHandlers.get('request')!({} as never, permission as never, resolve as never, { requestingUrl, isMainFrame } as never),
    );
  const check = (permission: string, requestingOrigin: string, details: Record<string, unknown>) =>
    control.sessionHandlers.get('check')!({} as never, permission as never, requestingOrigin as never, details as never);

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
    expect(control.sessionHandlers.get('device')!({} as never)).toBe(false);
    const download = event();
    electron.session.defaultSession.emit('will-download', download);
    expect(download.preventDefault).toHaveBeenCalled();
  });
});

describe('IPC', () => {
  const call = (senderFrame: unknown) => control.ipcHandlers.get(ipcChannel('getAppInfo'))!({ senderFrame } as never, undefined as never);
  const frame = (url: string, parent: unknown = null, detached = false) => ({ url, parent, detached });

  it("registers every method of the contract's table (the Api's and the Shell's) and nothing else", () => {
    expect([...control.ipcHandlers.keys()].sort()).toEqual(
      (Object.keys(METHODS) as MethodName[]).map((method) => ipcChannel(method)).sort(),
    );
  });

  it("answers our page's main frame", async () => {
    await expect(call(frame(APP_PAGE))).resolves.toMatchObject({ name: 'Agent Explorer', host: 'electron' });
  });

  it.each([
    ['no frame', null],
    ['a subframe', frame(APP_PAGE, {})],
    ['a detached frame', frame(APP_PAGE, null, true)],
    ['another origin', frame('https://example.com/')],
    ['a look-alike host', frame('app://agent-explorer.evil/index.html')],
    ['a file page', frame('file:///index.html')],
  ])('refuses %s', async (_name, sender) => {
    dispatch.mockClear();
    await expect(call(sender)).rejects.toThrow(/not the app/);
    expect(dispatch).not.toHaveBeenCalled();
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
  const serve = (url: string) => control.protocols.get('app')!({ url });

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

const items = (specs: MenuItemSpec[]): MenuItemSpec[] => specs.flatMap((item) => [item, ...items(item.submenu ?? [])]);

describe('the menu', () => {
  const menu = () => items(control.menus[0] as MenuItemSpec[]);

  it("is the app's menu bar; Find in Page asks our page to open its find bar", () => {
    const find = menu().find((item) => item.label === 'Find in Page…')!;
    expect(find.accelerator).toBe('CommandOrControl+F');
    find.click!();
    expect(control.windows[0]!.webContents.sent).toContainEqual([eventChannel('onFindRequested')]);
  });

  it('Help opens the README that comes with the app, a fixed path of ours', async () => {
    menu().find((item) => item.label === 'Agent Explorer README')!.click!();
    await vi.waitFor(() => expect(electron.shell.openPath).toHaveBeenCalledWith('/opt/agent-explorer/README.md'));
  });

  it('Help opens the user guide that comes with the app, beside the docs it links to', async () => {
    menu().find((item) => item.label === 'Agent Explorer User Guide')!.click!();
    await vi.waitFor(() => expect(electron.shell.openPath).toHaveBeenCalledWith('/opt/agent-explorer/docs/guide.md'));
  });
});

/**
 * macOS keeps the app running when its window is closed, and the menu bar stays. Electron
 * throws "Object has been destroyed" from any use of a closed window (and shows that as "A
 * JavaScript error occurred in the main process"): nothing may use the kept window once closed.
 */
describe('with its window closed (macOS: the app and its menu stay)', () => {
  const platform = process.platform;
  const call = (method: Parameters<typeof ipcChannel>[0], argument?: unknown) =>
    control.ipcHandlers.get(ipcChannel(method))!(
      { senderFrame: { url: APP_PAGE, parent: null, detached: false } } as never,
      argument as never,
    );

  beforeAll(() => {
    Object.defineProperty(process, 'platform', { value: 'darwin' });
    control.windows[0]!.close();
    expect(control.exitCode).toBeNull();
  });
  afterAll(() => Object.defineProperty(process, 'platform', { value: platform }));

  it('Find in Page does nothing, and throws nothing', () => {
    const find = items(control.menus[0] as MenuItemSpec[]).find((item) => item.label === 'Find in Page…')!;
    expect(() => find.click!()).not.toThrow();
  });

  it('find answers that there is no page to search', async () => {
    await expect(call('findInPage', { text: 'agent', forward: true, newSearch: true })).resolves.toMatchObject({
      ok: false,
      error: { message: 'There is no page to search.' },
    });
    await expect(call('stopFindInPage')).resolves.toEqual({ ok: true, value: { stopped: false } });
  });

  it('the save and open dialogs open without a parent rather than on the closed window', async () => {
    await expect(call('saveTextFile', { suggestedName: 'report.html', content: '<p>x</p>', mediaType: 'text/html' })).resolves.toEqual({
      ok: true,
      value: { saved: false, path: null },
    });
    expect(electron.dialog.showSaveDialog).toHaveBeenLastCalledWith(
      expect.objectContaining({ defaultPath: expect.stringContaining('report.html') }),
    );
    await expect(call('openSuiteFile')).resolves.toEqual({ ok: true, value: null });
    expect(electron.dialog.showOpenDialog).toHaveBeenLastCalledWith(expect.objectContaining({ properties: ['openFile'] }));
  });

  it("saves a run's export the core holds: the dialog, then its pieces written to the chosen file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ae-main-export-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const chosen = path.join(dir, 'orders.csv');
    async function* pieces() {
      yield 'name,passed\r\n';
      yield 'case 1,true\r\n';
    }
    const ticket = runExports.issue({ fileName: 'orders-run-2026-11-23.csv', mediaType: 'text/csv', pieces: pieces() });
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: chosen });
    await expect(call('saveTextFile', { suggestedName: 'orders-run-2026-11-23.csv', mediaType: 'text/csv', ticket })).resolves.toEqual({
      ok: true,
      value: { saved: true, path: chosen },
    });
    expect(readFileSync(chosen, 'utf8')).toBe('name,passed\r\ncase 1,true\r\n');
  });

  it('the dock icon opens a new window, which the menu and the dialogs then use', async () => {
    control.app.emit('activate');
    await vi.waitFor(() => expect(control.windows[1]?.visible).toBe(true));
    items(control.menus[0] as MenuItemSpec[]).find((item) => item.label === 'Find in Page…')!.click!();
    expect(control.windows[1]!.webContents.sent).toContainEqual([eventChannel('onFindRequested')]);
    await call('openSuiteFile');
    expect(electron.dialog.showOpenDialog).toHaveBeenLastCalledWith(control.windows[1], expect.anything());
  });
});
