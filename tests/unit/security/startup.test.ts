import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DataDirLock from '../../../electron/core/dataDirLock';

/**
 * How electron/main.ts starts, against a fake Electron: the sandbox switch, the single-instance
 * lock, and a start that fails. main.ts acts when imported, so each test imports a fresh copy
 * (vi.resetModules) after setting up the fake. Whether Electron then behaves as its docs say
 * (the lock, the dialog) needs a real run: docs/security.md lists it.
 */

type Handler = (...args: never[]) => unknown;

const fake = vi.hoisted(() => {
  const state = {
    switches: new Set<string>(),
    gotLock: true,
    startFails: null as Error | null,
    folderHeld: false,
    released: 0,
    appHandlers: new Map<string, Handler>(),
    windows: [] as FakeWindow[],
  };

  class FakeWindow {
    minimized = false;
    restore = vi.fn(() => {
      this.minimized = false;
    });
    show = vi.fn();
    focus = vi.fn();
    webContents = { on: () => undefined, setWindowOpenHandler: () => undefined };
    constructor() {
      state.windows.push(this);
    }
    isDestroyed = () => false;
    isMinimized = () => this.minimized;
    once() {}
    loadURL() {
      return Promise.resolve();
    }
  }

  const electron = {
    app: {
      on: (event: string, handler: Handler) => state.appHandlers.set(event, handler),
      enableSandbox: vi.fn(),
      commandLine: { hasSwitch: (name: string) => state.switches.has(name) },
      setPath: vi.fn(),
      requestSingleInstanceLock: vi.fn(() => state.gotLock),
      whenReady: vi.fn(() => Promise.resolve()),
      isReady: () => true,
      getVersion: () => '0.0.0-test',
      getPath: (name: string) => `/tmp/agent-explorer-test-${name}`,
      quit: vi.fn(),
      exit: vi.fn(),
    },
    BrowserWindow: Object.assign(FakeWindow, { getAllWindows: () => state.windows, fromWebContents: () => null }),
    dialog: { showErrorBox: vi.fn() },
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: vi.fn() },
    shell: { openPath: vi.fn(() => Promise.resolve('')) },
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
        setDevicePermissionHandler: () => undefined,
        on: () => undefined,
      },
    },
    ipcMain: { handle: () => undefined },
  };
  const startCore = vi.fn(() =>
    state.startFails ? Promise.reject(state.startFails) : Promise.resolve({ api: {}, runProgress: { subscribe: () => () => undefined }, close: () => Promise.resolve() }),
  );
  const lockDataDir = vi.fn((dir: string) =>
    Promise.resolve(
      state.folderHeld
        ? { ok: false as const, file: `${dir}/agent-explorer.lock`, holder: { pid: 4242, startedWith: 'npm run web', startedAt: '2026-11-23T05:00:00.000Z' } }
        : { ok: true as const, file: `${dir}/agent-explorer.lock`, release: () => (state.released += 1) },
    ),
  );
  return { state, electron, startCore, lockDataDir };
});

vi.mock('electron', () => fake.electron);
vi.mock('../../../electron/adapters/externalLinks', () => ({ openExternalLink: () => Promise.resolve() }));
vi.mock('../../../electron/adapters/safeStorageCipher', () => ({ safeStorageCipher: () => ({}) }));
vi.mock('../../../electron/core/bootstrap', () => ({ startCore: fake.startCore }));
vi.mock('../../../electron/core/dataDirLock', async (importOriginal) => ({
  ...(await importOriginal<typeof DataDirLock>()),
  lockDataDir: fake.lockDataDir,
}));

async function launch(setup: Partial<Pick<typeof fake.state, 'gotLock' | 'startFails' | 'folderHeld'>> & { switches?: string[] } = {}) {
  fake.state.switches = new Set(setup.switches ?? []);
  fake.state.gotLock = setup.gotLock ?? true;
  fake.state.startFails = setup.startFails ?? null;
  fake.state.folderHeld = setup.folderHeld ?? false;
  vi.resetModules();
  await import('../../../electron/main');
}

beforeEach(() => {
  vi.clearAllMocks();
  fake.state.appHandlers.clear();
  fake.state.windows.length = 0;
});

describe('the Chromium sandbox', () => {
  it('is enabled for every renderer', async () => {
    await launch();
    expect(fake.electron.app.enableSandbox).toHaveBeenCalledTimes(1);
  });

  it('is left alone when the user passed --no-sandbox (enableSandbox would strip it: electron/electron#47650)', async () => {
    await launch({ switches: ['no-sandbox'] });
    expect(fake.electron.app.enableSandbox).not.toHaveBeenCalled();
  });
});

describe('one app per data folder', () => {
  it('a second launch quits without starting anything', async () => {
    await launch({ gotLock: false });
    expect(fake.electron.app.quit).toHaveBeenCalled();
    expect(fake.electron.app.whenReady).not.toHaveBeenCalled();
    expect(fake.startCore).not.toHaveBeenCalled();
  });

  it('the first one comes forward, restored, when a second is launched', async () => {
    await launch();
    await vi.waitFor(() => expect(fake.state.windows).toHaveLength(1));
    const window = fake.state.windows[0]!;
    window.minimized = true;
    fake.state.appHandlers.get('second-instance')!();
    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(fake.electron.app.quit).not.toHaveBeenCalled();
  });
});

describe('a data folder browser mode already holds', () => {
  it('is refused with a dialog naming the holder, before anything starts on it', async () => {
    await launch({ folderHeld: true });
    await vi.waitFor(() => expect(fake.electron.app.exit).toHaveBeenCalledWith(1));
    expect(fake.lockDataDir).toHaveBeenCalledWith('/tmp/agent-explorer-test-userData', 'the desktop app');
    expect(fake.electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Agent Explorer could not start',
      expect.stringMatching(/in use by another Agent Explorer \(process 4242, started with "npm run web"/),
    );
    expect(fake.startCore).not.toHaveBeenCalled();
  });

  it('is taken before the core starts, and let go when the app quits', async () => {
    await launch();
    await vi.waitFor(() => expect(fake.startCore).toHaveBeenCalled());
    expect(fake.lockDataDir.mock.invocationCallOrder[0]!).toBeLessThan(fake.startCore.mock.invocationCallOrder[0]!);
    fake.state.released = 0;
    fake.state.appHandlers.get('will-quit')!();
    expect(fake.state.released).toBe(1);
  });
});

describe('a start that fails', () => {
  it('shows the reason in a dialog and exits with a non-zero code, leaving no invisible process', async () => {
    await launch({ startFails: new Error('The data folder /data is not writable.') });
    await vi.waitFor(() => expect(fake.electron.app.exit).toHaveBeenCalledWith(1));
    expect(fake.electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Agent Explorer could not start',
      expect.stringContaining('The data folder /data is not writable.'),
    );
    expect(fake.state.windows).toHaveLength(0);
  });
});
