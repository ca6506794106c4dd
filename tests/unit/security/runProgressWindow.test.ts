import { beforeAll, describe, expect, it, vi } from 'vitest';
import { forwardRunProgress } from '../../../electron/adapters/runProgressToWindow';
import { createRunProgressHub } from '../../../electron/core/runs/runProgress';
import { eventChannel, ipcChannel, type RunProgress } from '../../../electron/shared/contract';

/**
 * Run progress in the desktop app (issue 10): electron/main.ts forwards the core's
 * `runProgress` to the window with webContents.send on the onRunProgress channel, which the
 * preload turns into the page's typed listener. Against a fake Electron (as shell.test.ts):
 * whether Electron then delivers the message to the page needs a real run (docs/security.md).
 */

type Handler = (...args: never[]) => unknown;

const fake = vi.hoisted(() => {
  const appHandlers = new Map<string, Handler[]>();
  const ipcHandlers = new Map<string, Handler>();
  const windows: FakeWindow[] = [];

  class FakeWindow {
    destroyed = false;
    webContents = {
      destroyed: false,
      send: vi.fn(),
      on: () => undefined,
      setWindowOpenHandler: () => undefined,
      isDestroyed: () => this.webContents.destroyed,
    };
    constructor() {
      windows.push(this);
    }
    isDestroyed = () => this.destroyed;
    once() {}
    loadURL() {
      return Promise.resolve();
    }
  }

  const electron = {
    app: {
      on: (event: string, handler: Handler) => appHandlers.set(event, [...(appHandlers.get(event) ?? []), handler]),
      enableSandbox: () => undefined,
      commandLine: { hasSwitch: () => false },
      setPath: () => undefined,
      requestSingleInstanceLock: () => true,
      whenReady: () => Promise.resolve(),
      isReady: () => true,
      getVersion: () => '0.0.0-test',
      name: 'Agent Explorer',
      isPackaged: false,
      getAppPath: () => '/opt/agent-explorer',
      getPath: (name: string) => `/tmp/agent-explorer-test-${name}`,
      quit: () => undefined,
      exit: vi.fn(),
    },
    BrowserWindow: Object.assign(FakeWindow, { getAllWindows: () => windows.filter((window) => !window.destroyed), fromWebContents: () => null }),
    dialog: { showErrorBox: vi.fn(), showOpenDialog: vi.fn(() => Promise.resolve({ canceled: true, filePaths: [] })) },
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: () => undefined },
    shell: { openPath: () => Promise.resolve('') },
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
        setDevicePermissionHandler: () => undefined,
        on: () => undefined,
      },
    },
    ipcMain: { handle: (channel: string, handler: Handler) => ipcHandlers.set(channel, handler) },
  };
  return { appHandlers, ipcHandlers, windows, electron, hub: { current: null as null | { emit(progress: unknown): void } } };
});

vi.mock('electron', () => fake.electron);
vi.mock('../../../electron/adapters/externalLinks', () => ({ openExternalLink: () => Promise.resolve() }));
vi.mock('../../../electron/adapters/safeStorageCipher', () => ({ safeStorageCipher: () => ({}) }));
vi.mock('../../../electron/core/dataDirLock', () => ({
  lockDataDir: () => Promise.resolve({ ok: true, file: '/tmp/lock', release: () => undefined }),
  folderInUseMessage: () => '',
}));
vi.mock('../../../electron/core/bootstrap', async () => {
  const { createRunProgressHub: hubFor } = await import('../../../electron/core/runs/runProgress');
  return {
    startCore: () => {
      const hub = hubFor();
      fake.hub.current = hub;
      return Promise.resolve({ api: {}, sandbox: {}, runProgress: hub, close: () => Promise.resolve() });
    },
  };
});

const progress = (runId: string, completed: number): RunProgress => ({
  runId,
  state: 'running',
  total: 10,
  completed,
  passed: completed,
  failed: 0,
  cancelled: 0,
  elapsedMs: 120,
  rows: [],
  waitingMs: null,
});

describe('forwardRunProgress', () => {
  const window = () => {
    const contents = { destroyed: false, send: vi.fn(), isDestroyed: () => contents.destroyed };
    const target = { destroyed: false, isDestroyed: () => target.destroyed, webContents: contents };
    return target;
  };

  it('sends each progress to the window on the onRunProgress channel, as it comes', () => {
    const hub = createRunProgressHub();
    const target = window();
    forwardRunProgress(hub, () => target as never);
    hub.emit(progress('r1', 1));
    hub.emit(progress('r1', 2));
    expect(target.webContents.send.mock.calls).toEqual([
      [eventChannel('onRunProgress'), progress('r1', 1)],
      [eventChannel('onRunProgress'), progress('r1', 2)],
    ]);
  });

  it('skips a window that is gone, destroyed, or whose page is destroyed, and keeps going for the next one', () => {
    const hub = createRunProgressHub();
    let current: ReturnType<typeof window> | null = null;
    forwardRunProgress(hub, () => current as never);
    hub.emit(progress('r1', 1)); // no window: nothing to send to, nothing thrown
    const closed = window();
    closed.destroyed = true;
    current = closed;
    hub.emit(progress('r1', 2));
    const crashed = window();
    crashed.webContents.destroyed = true;
    current = crashed;
    hub.emit(progress('r1', 3));
    expect(closed.webContents.send).not.toHaveBeenCalled();
    expect(crashed.webContents.send).not.toHaveBeenCalled();
    const reopened = window();
    current = reopened;
    hub.emit(progress('r1', 4));
    expect(reopened.webContents.send).toHaveBeenCalledWith(eventChannel('onRunProgress'), progress('r1', 4));
  });

  it('stops when unsubscribed', () => {
    const hub = createRunProgressHub();
    const target = window();
    const stop = forwardRunProgress(hub, () => target as never);
    stop();
    hub.emit(progress('r1', 1));
    expect(target.webContents.send).not.toHaveBeenCalled();
  });
});

describe('the desktop app (main.ts)', () => {
  beforeAll(async () => {
    await import('../../../electron/main');
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
    expect(fake.electron.app.exit).not.toHaveBeenCalled();
  });

  it("forwards the core's run progress to its window", () => {
    fake.hub.current!.emit(progress('run-a', 3));
    expect(fake.windows[0]!.webContents.send).toHaveBeenCalledWith(eventChannel('onRunProgress'), progress('run-a', 3));
  });

  it('sends nothing to a closed window, and to the window a reopen makes', () => {
    const first = fake.windows[0]!;
    first.destroyed = true;
    first.webContents.send.mockClear();
    fake.hub.current!.emit(progress('run-a', 4));
    expect(first.webContents.send).not.toHaveBeenCalled();
    for (const handler of fake.appHandlers.get('activate') ?? []) handler(); // macOS: the dock icon reopens a window
    const second = fake.windows[1]!;
    fake.hub.current!.emit(progress('run-a', 5));
    expect(second.webContents.send).toHaveBeenCalledWith(eventChannel('onRunProgress'), progress('run-a', 5));
  });

  it('stops forwarding when the app quits', () => {
    for (const handler of fake.appHandlers.get('will-quit') ?? []) handler();
    const last = fake.windows.at(-1)!;
    last.webContents.send.mockClear();
    fake.hub.current!.emit(progress('run-a', 6));
    expect(last.webContents.send).not.toHaveBeenCalled();
  });
});

describe('the open-suite dialog (main.ts)', () => {
  it("answers the page's openSuiteFile with the system's open dialog on the window", async () => {
    const call = fake.ipcHandlers.get(ipcChannel('openSuiteFile'))!;
    const answer = await call({ senderFrame: { url: 'app://agent-explorer/index.html', parent: null, detached: false } } as never, undefined as never);
    expect(answer).toEqual({ ok: true, value: null });
    expect(fake.electron.dialog.showOpenDialog).toHaveBeenCalledWith(fake.windows.at(-1), expect.objectContaining({ properties: ['openFile'] }));
  });
});
