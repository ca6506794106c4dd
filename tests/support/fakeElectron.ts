import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * The one fake `electron` for the tests of the desktop shell (no Electron binary runs here).
 * It is small, but where the shell's correctness depends on Electron's behaviour it behaves as
 * Electron 45 does, read from Electron's own source:
 *
 * - Events have many listeners each (app, windows, webContents and sessions are Node
 *   EventEmitters in Electron: lib/browser/api/app.ts, browser-window.ts), and a listener that
 *   calls `event.preventDefault()` stops what the event announces.
 * - Quitting (shell/browser/browser.cc): `app.quit()` emits 'before-quit', closes every window,
 *   then `NotifyAndShutdown` emits 'will-quit'; unless a listener prevented it, `Shutdown`
 *   follows at once and emits 'quit' with the exit code (shell/browser/api/electron_api_app.cc
 *   `App::OnQuit`). `app.exit(code)` destroys the windows and goes to `Shutdown` without
 *   'before-quit' or 'will-quit'. Closing the last window emits 'window-all-closed' only when no
 *   quit is under way (`Browser::OnWindowAllClosed`). After 'quit' the process ends: here,
 *   `control.exitCode` is set and `control.log` records it, so a test sees what work was cut off.
 * - A destroyed BrowserWindow or webContents throws `TypeError: Object has been destroyed` from
 *   its methods and properties (shell/common/gin_helper/function_template.h, the holder check
 *   of every prototype member); only `isDestroyed()` still answers.
 * - `app.whenReady()` resolves, and 'ready' is emitted, only when the test calls
 *   `control.ready()` (`Browser::DidFinishLaunching`), so a test can act during start-up.
 * - A page loaded from a custom scheme with no `protocol.handle` for it fails to load and is
 *   never shown ('ready-to-show' needs a first paint of a loaded page).
 * - Creating a window emits the app's 'web-contents-created' for its webContents, as Electron
 *   does for every webContents.
 *
 * Use: `const { electron, control } = await vi.hoisted(async () => (await import(
 * '../../support/fakeElectron')).createFakeElectron());` then `vi.mock('electron', () => electron)`.
 */

type Listener = (...args: never[]) => unknown;

/** Electron's event object: the first argument of most events. */
export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

function newEvent(extra: Record<string, unknown> = {}): FakeEvent {
  const event = {
    ...extra,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

/** Emits `name` with a fresh event to every listener; true when one of them prevented it. */
function emitPreventable(target: EventEmitter, name: string, ...args: unknown[]): boolean {
  const event = newEvent();
  target.emit(name, event, ...args);
  return event.defaultPrevented;
}

const DESTROYED = 'Object has been destroyed';

export interface FakeElectronControl {
  /** Finishes launching: resolves `whenReady()` and emits 'ready'. */
  ready(): void;
  /** Every window ever created, destroyed ones included, in order. */
  windows: FakeBrowserWindow[];
  /** The handlers `protocol.handle` registered, by scheme. */
  protocols: Map<string, (request: { url: string }) => Promise<Response>>;
  privilegedSchemes: unknown[];
  sessionHandlers: Map<string, Listener>;
  ipcHandlers: Map<string, Listener>;
  menus: unknown[];
  enableSandbox: number;
  switches: Set<string>;
  gotSingleInstanceLock: boolean;
  paths: Map<string, string>;
  /** What happened, in order: 'will-quit', 'quit 0', and whatever a test adds. */
  log: string[];
  /** Set when the fake process has ended (after 'quit'). */
  exitCode: number | null;
  /** What the preload exposed to the page, by name, and what it invoked. */
  exposed: Map<string, Record<string, (...args: unknown[]) => unknown>>;
  invoked: unknown[][];
  /** What safeStorage reports and how it encrypts (see `safeStorage` below). */
  safeStorage: { backend: string; asyncAvailable: boolean; tag: 'v10' | 'v11' };
  /** The app's emitter, to emit events the OS would send ('second-instance', 'activate'). */
  app: EventEmitter;
  /** Forgets everything: for a test file that imports main.ts afresh for each test. */
  reset(): void;
}

export type FakeBrowserWindow = InstanceType<ReturnType<typeof createFakeElectron>['electron']['BrowserWindow']>;
export type FakeWebContents = InstanceType<ReturnType<typeof createFakeElectron>['FakeWebContents']>;

export function createFakeElectron() {
  const control: FakeElectronControl = {
    ready: () => undefined,
    windows: [],
    protocols: new Map(),
    privilegedSchemes: [],
    sessionHandlers: new Map(),
    ipcHandlers: new Map(),
    menus: [],
    enableSandbox: 0,
    switches: new Set(),
    gotSingleInstanceLock: true,
    paths: new Map(),
    log: [],
    exitCode: null,
    exposed: new Map(),
    invoked: [],
    safeStorage: { backend: 'gnome_libsecret', asyncAvailable: true, tag: 'v11' },
    app: new EventEmitter(),
    reset: () => undefined,
  };
  // The browser's state, as Electron's Browser keeps it (shell/browser/browser.h).
  const browser = { isReady: false, isQuitting: false, isExiting: false, isShutdown: false, exitCode: 0 };
  let resolveReady: () => void = () => undefined;
  let readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));

  /** Methods and properties of a destroyed object throw, as Electron's do. */
  class Destroyable extends EventEmitter {
    protected destroyedFlag = false;
    isDestroyed(): boolean {
      return this.destroyedFlag;
    }
    protected alive(): void {
      if (this.destroyedFlag) throw new TypeError(DESTROYED);
    }
  }

  class FakeWebContents extends Destroyable {
    readonly sent: unknown[][] = [];
    windowOpenHandler: Listener | null = null;
    findRequests: { text: string; options: unknown }[] = [];
    stopped: string[] = [];
    send(channel: string, ...args: unknown[]): void {
      this.alive();
      this.sent.push([channel, ...args]);
    }
    setWindowOpenHandler(handler: Listener): void {
      this.alive();
      this.windowOpenHandler = handler;
    }
    findInPage(text: string, options: unknown): number {
      this.alive();
      this.findRequests.push({ text, options });
      return this.findRequests.length;
    }
    stopFindInPage(action: string): void {
      this.alive();
      this.stopped.push(action);
    }
    /** Its renderer went away (a crash, or the window closing). */
    destroy(): void {
      if (this.destroyedFlag) return;
      this.destroyedFlag = true;
      this.emit('destroyed');
    }
  }

  class BrowserWindow extends Destroyable {
    static getAllWindows(): BrowserWindow[] {
      return control.windows.filter((window) => !window.isDestroyed());
    }
    static fromWebContents(contents: unknown): BrowserWindow | null {
      return BrowserWindow.getAllWindows().find((window) => window.contents === contents) ?? null;
    }
    private readonly contents = new FakeWebContents();
    readonly loaded: string[] = [];
    visible = false;
    minimized = false;
    focused = false;
    constructor(readonly options: Record<string, unknown>) {
      super();
      control.windows.push(this);
      control.app.emit('web-contents-created', newEvent(), this.contents);
    }
    get webContents(): FakeWebContents {
      this.alive();
      return this.contents;
    }
    loadURL(url: string): Promise<void> {
      this.alive();
      this.loaded.push(url);
      const scheme = new URL(url).protocol.slice(0, -1);
      if (!['http', 'https', 'file', 'data'].includes(scheme) && !control.protocols.has(scheme)) {
        return Promise.reject(new Error(`ERR_UNKNOWN_URL_SCHEME (-302) loading '${url}'`));
      }
      // Loaded and painted: Electron emits 'ready-to-show' once, after the first paint.
      queueMicrotask(() => {
        if (!this.destroyedFlag) this.emit('ready-to-show', newEvent());
      });
      return Promise.resolve();
    }
    show(): void {
      this.alive();
      this.visible = true;
    }
    isVisible(): boolean {
      this.alive();
      return this.visible;
    }
    focus(): void {
      this.alive();
      this.focused = true;
    }
    isMinimized(): boolean {
      this.alive();
      return this.minimized;
    }
    minimize(): void {
      this.alive();
      this.minimized = true;
    }
    restore(): void {
      this.alive();
      this.minimized = false;
    }
    /** As the user closing it: 'close' may be prevented; then 'closed' and it is destroyed. */
    close(): void {
      this.alive();
      if (emitPreventable(this, 'close')) return;
      this.destroy();
    }
    destroy(): void {
      if (this.destroyedFlag) return;
      this.contents.destroy();
      this.destroyedFlag = true;
      this.emit('closed');
      if (BrowserWindow.getAllWindows().length === 0) windowAllClosed();
    }
  }

  function windowAllClosed(): void {
    if (browser.isExiting) shutdown();
    else if (browser.isQuitting) notifyAndShutdown();
    else control.app.emit('window-all-closed', newEvent());
  }

  function notifyAndShutdown(): void {
    if (browser.isShutdown) return;
    control.log.push('will-quit');
    if (emitPreventable(control.app, 'will-quit')) {
      browser.isQuitting = false;
      return;
    }
    shutdown();
  }

  function shutdown(): void {
    if (browser.isShutdown) return;
    browser.isShutdown = true;
    browser.isQuitting = true;
    control.app.emit('quit', newEvent(), browser.exitCode);
    control.log.push(`quit ${browser.exitCode}`);
    control.exitCode = browser.exitCode;
  }

  const app = Object.assign(control.app, {
    name: 'Agent Explorer',
    isPackaged: false,
    commandLine: { hasSwitch: (name: string) => control.switches.has(name) },
    enableSandbox: () => {
      if (browser.isReady) throw new Error('app.enableSandbox() can only be called before app is ready');
      control.enableSandbox += 1;
    },
    setPath: (name: string, value: string) => control.paths.set(name, value),
    getPath: (name: string) => control.paths.get(name) ?? `/tmp/agent-explorer-test-${name}`,
    getAppPath: () => '/opt/agent-explorer',
    getVersion: () => '0.0.0-test',
    requestSingleInstanceLock: vi.fn(() => control.gotSingleInstanceLock),
    isReady: () => browser.isReady,
    whenReady: vi.fn(() => readyPromise),
    quit: vi.fn(() => {
      if (browser.isQuitting) return;
      browser.isQuitting = !emitPreventable(control.app, 'before-quit');
      if (!browser.isQuitting) return;
      const open = BrowserWindow.getAllWindows();
      if (open.length === 0) notifyAndShutdown();
      else for (const window of open) window.close();
    }),
    exit: vi.fn((code = 0) => {
      browser.exitCode = code;
      browser.isQuitting = true;
      browser.isExiting = true;
      const open = BrowserWindow.getAllWindows();
      if (open.length === 0) shutdown();
      else for (const window of open) window.destroy();
    }),
  });

  const parentOk = (args: unknown[]) => !(args[0] instanceof BrowserWindow && args[0].isDestroyed());

  control.ready = () => {
    if (browser.isReady) return;
    browser.isReady = true;
    resolveReady();
    control.app.emit('ready', newEvent(), {});
  };

  const defaultSession = Object.assign(new EventEmitter(), {
    setPermissionRequestHandler: (handler: Listener) => control.sessionHandlers.set('request', handler),
    setPermissionCheckHandler: (handler: Listener) => control.sessionHandlers.set('check', handler),
    setDevicePermissionHandler: (handler: Listener) => control.sessionHandlers.set('device', handler),
  });

  // The preload's side: what it exposes to the page, what it invokes, and the main process's
  // messages to the page (an EventEmitter, as Electron's ipcRenderer is).
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: (...args: unknown[]) => {
      control.invoked.push(args);
      return Promise.resolve('answered');
    },
  });

  const electron = {
    app,
    contextBridge: {
      exposeInMainWorld: (name: string, value: Record<string, (...args: unknown[]) => unknown>) => control.exposed.set(name, value),
    },
    ipcRenderer,
    BrowserWindow,
    // A destroyed window as a dialog's parent fails its conversion to a native window
    // (shell/common/gin_converters/native_window_converter.h): the dialog is not shown.
    dialog: {
      showErrorBox: vi.fn(),
      showMessageBox: vi.fn((...args: unknown[]) =>
        parentOk(args) ? Promise.resolve({ response: 1 }) : Promise.reject(new TypeError(DESTROYED)),
      ),
      showOpenDialog: vi.fn((...args: unknown[]) =>
        parentOk(args) ? Promise.resolve({ canceled: true, filePaths: [] as string[] }) : Promise.reject(new TypeError(DESTROYED)),
      ),
      showSaveDialog: vi.fn((...args: unknown[]) =>
        parentOk(args) ? Promise.resolve({ canceled: true, filePath: '' }) : Promise.reject(new TypeError(DESTROYED)),
      ),
    },
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: (menu: unknown) => control.menus.push(menu) },
    shell: { openPath: vi.fn(() => Promise.resolve('')), openExternal: vi.fn(() => Promise.resolve()) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => control.privilegedSchemes.push(schemes),
      handle: (scheme: string, handler: (request: { url: string }) => Promise<Response>) => control.protocols.set(scheme, handler),
    },
    session: { defaultSession },
    ipcMain: { handle: (channel: string, handler: Listener) => control.ipcHandlers.set(channel, handler) },
    // Ciphertext tagged as Chromium's os_crypt tags it: `v11` from a keyring, `v10` from the
    // fixed Linux key (components/os_crypt/async/browser/). The sync backend's name is separate
    // (shell/browser/browser_process_impl.cc `SetLinuxStorageBackend`), as in Electron.
    safeStorage: {
      getSelectedStorageBackend: () => control.safeStorage.backend,
      isAsyncEncryptionAvailable: () => Promise.resolve(control.safeStorage.asyncAvailable),
      encryptStringAsync: (plain: string) =>
        Promise.resolve(Buffer.from(`${control.safeStorage.tag}${Buffer.from(plain).toString('base64')}`, 'latin1')),
      decryptStringAsync: (data: Buffer) =>
        Promise.resolve({ result: Buffer.from(data.subarray(3).toString('latin1'), 'base64').toString('utf8'), shouldReEncrypt: false }),
    },
  };

  control.reset = () => {
    control.app.removeAllListeners();
    defaultSession.removeAllListeners();
    ipcRenderer.removeAllListeners();
    for (const collection of [control.windows, control.privilegedSchemes, control.menus, control.log, control.invoked])
      collection.length = 0;
    for (const map of [control.protocols, control.sessionHandlers, control.ipcHandlers, control.paths, control.exposed]) map.clear();
    control.switches.clear();
    Object.assign(control, { enableSandbox: 0, gotSingleInstanceLock: true, exitCode: null });
    control.safeStorage = { backend: 'gnome_libsecret', asyncAvailable: true, tag: 'v11' };
    Object.assign(browser, { isReady: false, isQuitting: false, isExiting: false, isShutdown: false, exitCode: 0 });
    readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));
  };

  return { electron, control, FakeWebContents };
}
