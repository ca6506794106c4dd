import path from 'node:path';
import { app, BrowserWindow, protocol, session, type WebFrameMain } from 'electron';
import { openExternalLink } from './adapters/externalLinks';
import { startCore, type Core } from './core/bootstrap';
import { readStaticFile } from './core/staticFiles';
import { setupIpc } from './ipc';
import { contentSecurityPolicy } from './shared/csp';

/**
 * The Electron shell: app lifecycle, the window, and wiring. The renderer is loaded from the
 * app's own files through the app:// protocol (never a remote URL), with context isolation,
 * the Chromium sandbox and no Node integration. Navigation, new windows, webviews and
 * permission requests are all denied; links go to the system browser after a confirmation.
 */

const APP_ORIGIN = 'app://agent-explorer';
const rendererDir = path.join(__dirname, '..', 'renderer');

protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true } }]);

let core: Core | null = null;

function isTrustedSender(frame: WebFrameMain | null): boolean {
  return frame !== null && frame.parent === null && frame.url.startsWith(`${APP_ORIGIN}/`);
}

function serveRenderer(): void {
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const file = url.host === 'agent-explorer' ? await readStaticFile(rendererDir, url.pathname) : null;
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.body), {
      headers: {
        'content-type': file.contentType,
        'content-security-policy': contentSecurityPolicy('electron'),
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1320,
    height: 860,
    minWidth: 720,
    minHeight: 520,
    title: 'Agent Explorer',
    show: false,
    webPreferences: {
      preload: path.join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.setWindowOpenHandler(({ url }) => {
    void openExternalLink(window, url);
    return { action: 'deny' };
  });
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

app.whenReady().then(async () => {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  core = await startCore({ host: 'electron', version: app.getVersion() });
  serveRenderer();
  setupIpc(core.api, isTrustedSender);
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('will-quit', () => {
  void core?.close();
});
