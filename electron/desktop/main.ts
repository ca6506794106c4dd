import path from 'node:path';
import { app, BrowserWindow, dialog, Menu, protocol, session, shell, type Session, type WebContents, type WebFrameMain } from 'electron';
import { openExternalLink } from './adapters/externalLinks';
import { findInPageApi } from './adapters/findInPage';
import { openSuiteDialogApi } from './adapters/openSuiteDialog';
import { forwardRunProgress } from './adapters/runProgressToWindow';
import { saveDialogApi } from './adapters/saveDialog';
import { safeStorageCipher } from './adapters/safeStorageCipher';
import { sessionSystemProxy } from './adapters/systemProxy';
import { startCore, type Core } from '../core/bootstrap';
import { folderInUseMessage, lockDataDir } from '../core/storage/dataDirLock';
import { readStaticFile } from '../core/staticFiles';
import { setupIpc } from './ipc';
import { appMenuTemplate } from './menu/appMenu';
import { eventChannel } from '../shared/api';
import { contentSecurityPolicy } from '../shared/csp';
import { releaseOnSessionEnd, setupShutdown } from './adapters/shutdown';

/**
 * The Electron shell: app lifecycle, the window, and wiring. The renderer is loaded from the
 * app's own files through the app:// protocol (never a remote URL), with context isolation,
 * the Chromium sandbox and no Node integration. Navigation, new windows, webviews, downloads
 * and permission requests are denied (the one permission granted is writing to the clipboard,
 * for the page's Copy buttons); links go to the system browser after a confirmation.
 * docs/security/renderer-and-ipc.md maps each item of Electron's security checklist to the code below.
 */

const APP_HOST = 'agent-explorer';
const APP_ORIGIN = `app://${APP_HOST}`;
const rendererDir = path.join(__dirname, '..', 'renderer');

/**
 * Permissions the page may have, asked for by our own page's main frame only. Chromium asks for
 * 'clipboard-sanitized-write' before every `navigator.clipboard.writeText` (and still demands a
 * user gesture); it writes, it never reads. Everything else (camera, notifications, HID, ...)
 * is refused.
 */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

// No bypassCSP, corsEnabled or supportFetchAPI: app:// gets only what a secure origin needs.
protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
// Every renderer is sandboxed, including any webContents we did not create ourselves. Not
// when the app was started with --no-sandbox (root runs need it; ELECTRON_DISABLE_SANDBOX adds
// it too, in Electron's shell/app/electron_main_delegate.cc): enableSandbox() strips that switch
// from the command line (RemoveNoSandboxSwitch in Electron's shell/browser/api/electron_api_app.cc)
// after the zygote has already started without a sandbox, a mixed state known to crash
// renderers (electron/electron#47650). With the switch, the renderers run without Chromium's
// sandbox: the window's `sandbox: true` still keeps Node out of the renderer, and the page is
// told (getAppInfo's `sandboxed`) so it can say so to the person.
const sandboxed = !app.commandLine.hasSwitch('no-sandbox');
if (sandboxed) app.enableSandbox();

// AGENT_EXPLORER_DATA_DIR gives tests (and portable setups) a folder of their own. It becomes
// the userData folder, so the single-instance lock below is per data folder (Electron's
// App::RequestSingleInstanceLock keys Chromium's ProcessSingleton by DIR_USER_DATA) and
// Chromium's own caches go there too.
const dataDirOverride = process.env['AGENT_EXPLORER_DATA_DIR'];
if (dataDirOverride) app.setPath('userData', path.resolve(dataDirOverride));

let core: Core | null = null;
let mainWindow: BrowserWindow | null = null;
/** Ends the forwarding of run progress to the window (at quit). */
let stopRunProgress: (() => void) | null = null;
/** Lets go of the data folder's lock once it is taken; does nothing the second time. */
let releaseLock: () => void = () => undefined;
/** Start-up, from ready to the first window: quitting waits for it before closing the core. */
let startup: Promise<void> | null = null;
/** True once start-up has finished: windows are made only then (app:// and IPC answer). */
let started = false;

/**
 * The main window while it is alive, else null. A closed BrowserWindow stays referenced here
 * (macOS keeps the app running with no window), and every method and property of a destroyed
 * one, `webContents` included, throws "Object has been destroyed" (the holder check in
 * Electron's shell/common/gin_helper/function_template.h); `isDestroyed()` alone still answers.
 */
function liveWindow(): BrowserWindow | null {
  return mainWindow !== null && !mainWindow.isDestroyed() ? mainWindow : null;
}

/** The live window's page, else null (its webContents can be destroyed before the window). */
function livePage(): WebContents | null {
  const contents = liveWindow()?.webContents ?? null;
  return contents !== null && !contents.isDestroyed() ? contents : null;
}

/** Whether `url` is one of our own bundled pages. Parsed, not prefix-matched. */
function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'app:' && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * Only our own page's main frame may call the contract. A frame that is gone throws when read
 * (Electron: "Render frame was disposed"); such a caller is refused, not trusted.
 */
function isTrustedSender(frame: WebFrameMain | null): boolean {
  if (frame === null) return false;
  try {
    return !frame.detached && frame.parent === null && isAppUrl(frame.url);
  } catch {
    return false;
  }
}

function isGrantedPermission(permission: string, requestingUrl: string | undefined, isMainFrame: boolean): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isMainFrame && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

/** Permissions, devices and downloads for the one session the app uses. */
function hardenSession(target: Session): void {
  target.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isGrantedPermission(permission, details.requestingUrl, details.isMainFrame)),
  );
  target.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isGrantedPermission(permission, details.requestingUrl ?? requestingOrigin, details.isMainFrame),
  );
  target.setDevicePermissionHandler(() => false);
  // The app offers nothing to download; a page that starts a download is refused.
  target.on('will-download', (event) => event.preventDefault());
}

/**
 * Every webContents, ours or not (DevTools included): no navigation away from the loaded page,
 * no redirects, no webviews, and no new windows; a link that asks for a new window goes to the
 * system browser, https only, after the user confirms the address (adapters/externalLinks).
 */
function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalLink(BrowserWindow.fromWebContents(contents), url);
    return { action: 'deny' };
  });
}

function serveRenderer(): void {
  // The CSP goes on every answer, the 404 included, so no app:// document is ever without it.
  const headers = {
    'content-security-policy': contentSecurityPolicy('electron'),
    'x-content-type-options': 'nosniff',
  };
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? await readStaticFile(rendererDir, url.pathname) : null;
    if (!file) return new Response('Not found', { status: 404, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
    return new Response(new Uint8Array(file.body), { headers: { ...headers, 'content-type': file.contentType } });
  });
}

function createWindow(): BrowserWindow {
  // Electronegativity reads a justification on the line of its finding only, where Prettier would not leave it.
  // prettier-ignore
  const window = new BrowserWindow({ // eng-disable AUXCLICK_JS_CHECK -- reviewed: Chromium has
    // no 'Auxclick' Blink feature (the event shipped in Chrome 55; no runtime flag is left to
    // disable), so `disableBlinkFeatures: 'Auxclick'` did nothing. A middle-click on a link asks
    // for a new window, which hardenWebContents' setWindowOpenHandler refuses (then confirm-and-browser).
    width: 1320,
    height: 860,
    minWidth: 720,
    minHeight: 520,
    title: 'Agent Explorer',
    show: false,
    webPreferences: {
      preload: path.join(__dirname, 'preload.cjs'), // eng-disable PRELOAD_JS_CHECK -- reviewed:
      // preload.ts bridges exactly the contract's methods, one channel each, no generic invoke;
      // ipc.ts refuses any caller but our page's main frame and validates every argument.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  });
  // Subframes too (will-navigate covers only the main frame). The CSP already allows no frame
  // to load; this is the second lock. Kept to our window so DevTools' own frames are untouched.
  window.webContents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) event.preventDefault();
  });
  window.once('ready-to-show', () => window.show());
  releaseOnSessionEnd(window, () => releaseLock());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

/**
 * Brings the window forward: a second launch (single-instance lock) lands here. During
 * start-up it does nothing: the window start-up makes will come forward itself, and a window
 * made earlier would load app:// before anything answers it, never show, and (on Windows and
 * Linux) keep the app from quitting when the person closes the one they see.
 */
function focusWindow(): void {
  if (!started) return;
  const window = liveWindow();
  if (window === null) {
    mainWindow = createWindow();
    return;
  }
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/**
 * Help > User Guide and Help > README open the copies that ship with the app (electron-builder's
 * extraResources: README.md and docs/, outside app.asar so the system's viewer can read them and
 * follow the guide's links; in development, the repository's). The bundled copy rather than a
 * web page: it works offline and always matches the installed version, and the project has no
 * public homepage yet. Fixed paths of ours, never page input.
 */
async function openBundledDocument(relativePath: string, what: string): Promise<void> {
  const file = path.join(app.isPackaged ? process.resourcesPath : app.getAppPath(), relativePath);
  const problem = await shell.openPath(file);
  if (problem) dialog.showErrorBox(`The ${what} could not be opened`, `${file}\n\n${problem}`);
}

/** The menu bar (electron/desktop/menu/appMenu.ts); Find in Page asks our page to open its find bar. */
function setupMenu(): void {
  const template = appMenuTemplate({
    platform: process.platform,
    appName: app.name,
    developer: !app.isPackaged,
    actions: {
      // macOS: the menu is there with no window open; then there is no page to ask.
      findInPage: () => livePage()?.send(eventChannel('onFindRequested')),
      openGuide: () => void openBundledDocument(path.join('docs', 'guide.md'), 'user guide'),
      openReadme: () => void openBundledDocument('README.md', 'README'),
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

async function start(): Promise<void> {
  // Before the first await: whatever happens while start-up waits finds the session hardened
  // and app:// answered.
  hardenSession(session.defaultSession);
  serveRenderer();
  const dataDir = app.getPath('userData');
  // The single-instance lock keeps out a second desktop app; this keeps out browser mode on the
  // same folder (AGENT_EXPLORER_DATA_DIR given to both): each would write its whole documents
  // back, and startCore removes temporary files another writer could be using.
  const lock = await lockDataDir(dataDir, 'the desktop app');
  if (!lock.ok) throw new Error(folderInUseMessage(dataDir, lock));
  releaseLock = lock.release; // at quit, app.exit and session end (adapters/shutdown.ts)
  const running = await startCore({
    host: 'electron',
    version: app.getVersion(),
    dataDir,
    cipher: safeStorageCipher(),
    downloadsDir: app.getPath('downloads'),
    env: process.env,
    systemProxy: sessionSystemProxy(session.defaultSession),
    onProblem: (message) => console.error(`agent-explorer: ${message}`),
  });
  core = running;
  // Whether the renderers run sandboxed is the shell's to say. The page's find and the save and
  // open dialogs are the Shell, which only a window answers (the core has none); each asks for
  // the live window only (a closed one throws when used).
  setupIpc(
    { ...running.api, getAppInfo: async () => ({ ...(await running.api.getAppInfo()), sandboxed }) },
    {
      ...findInPageApi(livePage),
      ...saveDialogApi(dialog, liveWindow, () => app.getPath('downloads'), running.runExports),
      ...openSuiteDialogApi(dialog, liveWindow),
    },
    isTrustedSender,
  );
  setupMenu();
  // Run progress goes to whichever window is the main one now (a reopened window gets it too).
  stopRunProgress = forwardRunProgress(running.runProgress, liveWindow);
  started = true;
  mainWindow = createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
}

/**
 * A start that fails must not leave a process with no window: say why in a dialog (the person
 * may have launched from a desktop icon, with no terminal) and exit with a non-zero code.
 */
async function failStart(error: unknown): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`agent-explorer: could not start: ${reason}`);
  dialog.showErrorBox('Agent Explorer could not start', `${reason}\n\nThe app will now quit.`);
  await core?.close().catch(() => undefined);
  app.exit(1);
}

// One app per data folder: two copies would each write their whole in-memory documents back,
// and the last writer would win (a saved key could vanish). A second launch hands over to the
// first, which comes forward, and quits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', focusWindow);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  startup = app.whenReady().then(start);
  void startup.catch(failStart);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Quitting waits (with a limit) for start-up and then the core's close: runs write their end,
  // the Sandbox stops, the database checkpoints; then the folder is let go and the app exits
  // (adapters/shutdown.ts).
  setupShutdown(app, {
    close: async () => {
      await startup?.catch(() => undefined);
      stopRunProgress?.();
      await core?.close();
    },
    release: () => releaseLock(),
    onProblem: (message) => console.error(`agent-explorer: ${message}`),
  });
}
