import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE_NAME } from '../../../electron/core/storage/dataDirLock';
import { SHUTDOWN_LIMIT_MS } from '../../../electron/desktop/adapters/shutdown';
import { ipcChannel } from '../../../electron/shared/api';

/**
 * How electron/desktop/main.ts starts and ends, against the shared fake Electron (tests/support/
 * fakeElectron.ts, which quits, readies and destroys as Electron 45 does) and the real
 * data-folder lock on a fresh folder: the sandbox switch, the single-instance lock, a second
 * launch during start-up, a start that fails, quitting, and the Windows log-out. main.ts acts
 * when imported, so each test imports a fresh copy (vi.resetModules). The core is faked: its
 * start and its close are held open by the test, to act while they run.
 */

const { electron, control } = await vi.hoisted(async () => (await import('../../support/fakeElectron')).createFakeElectron());

const fake = vi.hoisted(() => {
  const deferred = () => {
    let resolve: () => void = () => undefined;
    let reject: (error: Error) => void = () => undefined;
    const promise = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    // A test may reject it before start-up reaches its await (the lock is taken first): not unhandled.
    promise.catch(() => undefined);
    return { promise, resolve, reject };
  };
  const state = { start: deferred(), close: deferred(), log: [] as string[] };
  const startCore = vi.fn(async () => {
    await state.start.promise;
    return {
      api: { getAppInfo: async () => ({ name: 'Agent Explorer', version: '0.0.0-test', host: 'electron' as const }) },
      runProgress: { subscribe: () => () => undefined },
      close: async () => {
        state.log.push('core closing');
        await state.close.promise;
        state.log.push('core closed');
      },
    };
  });
  return { state, deferred, startCore };
});

vi.mock('electron', () => electron);
vi.mock('../../../electron/desktop/adapters/externalLinks', () => ({ openExternalLink: () => Promise.resolve() }));
vi.mock('../../../electron/desktop/adapters/safeStorageCipher', () => ({ safeStorageCipher: () => ({}) }));
vi.mock('../../../electron/core/bootstrap', () => ({ startCore: fake.startCore }));

let dataDir: string;
const lockFile = () => path.join(dataDir, LOCK_FILE_NAME);
const lockExists = () =>
  readFile(lockFile(), 'utf8').then(
    () => true,
    () => false,
  );
const APP_FRAME = { url: 'app://agent-explorer/index.html', parent: null, detached: false };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'agent-explorer-startup-'));
  control.reset();
  vi.clearAllMocks();
  fake.state.start = fake.deferred();
  fake.state.close = fake.deferred();
  fake.state.log = control.log; // one timeline: the core's steps and Electron's events
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dataDir, { recursive: true, force: true });
});

/** Imports a fresh main.ts, as a launch of the app. The app is not ready until the test says. */
async function launch(setup: { switches?: string[]; gotLock?: boolean } = {}) {
  for (const name of setup.switches ?? []) control.switches.add(name);
  control.gotSingleInstanceLock = setup.gotLock ?? true;
  control.paths.set('userData', dataDir);
  vi.resetModules();
  await import('../../../electron/desktop/main');
}

/** Launches, readies and lets start-up finish: the window is shown. */
async function started() {
  await launch();
  control.ready();
  fake.state.start.resolve();
  await vi.waitFor(() => expect(control.windows[0]?.visible).toBe(true));
  return control.windows[0]!;
}

describe('the Chromium sandbox', () => {
  it('is enabled for every renderer, and the page is told it runs sandboxed', async () => {
    await started();
    expect(control.enableSandbox).toBe(1);
    const info = await control.ipcHandlers.get(ipcChannel('getAppInfo'))!({ senderFrame: APP_FRAME } as never, undefined as never);
    expect(info).toEqual({ name: 'Agent Explorer', version: '0.0.0-test', host: 'electron', sandboxed: true });
  });

  it('is left alone with --no-sandbox (enableSandbox would strip it: electron/electron#47650), and the page is told', async () => {
    await launch({ switches: ['no-sandbox'] });
    control.ready();
    fake.state.start.resolve();
    await vi.waitFor(() => expect(control.windows[0]?.visible).toBe(true));
    expect(control.enableSandbox).toBe(0);
    const info = await control.ipcHandlers.get(ipcChannel('getAppInfo'))!({ senderFrame: APP_FRAME } as never, undefined as never);
    expect(info).toMatchObject({ host: 'electron', sandboxed: false });
  });
});

describe('one app per data folder', () => {
  it('a second launch quits without starting anything', async () => {
    await launch({ gotLock: false });
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(fake.startCore).not.toHaveBeenCalled();
  });

  it('the first one comes forward, restored, when a second is launched', async () => {
    const window = await started();
    window.minimize();
    window.visible = false;
    control.app.emit('second-instance');
    expect(window.isMinimized()).toBe(false);
    expect(window.isVisible()).toBe(true);
    expect(window.focused).toBe(true);
    expect(control.exitCode).toBeNull();
  });

  it('a second launch during start-up opens no window of its own; the one window shows, and closing it quits', async () => {
    await launch();
    control.ready();
    await vi.waitFor(() => expect(fake.startCore).toHaveBeenCalled());
    // app:// and the session are ready before start-up waits on anything.
    expect(control.protocols.has('app')).toBe(true);
    expect(control.sessionHandlers.has('request')).toBe(true);
    control.app.emit('second-instance');
    expect(control.windows).toHaveLength(0);

    fake.state.start.resolve();
    await vi.waitFor(() => expect(control.windows[0]?.visible).toBe(true));
    expect(control.windows).toHaveLength(1);
    control.windows[0]!.close();
    fake.state.close.resolve();
    await vi.waitFor(() => expect(control.exitCode).toBe(0));
  });
});

describe('quitting', () => {
  it('waits for the core to close (runs write their end, the database checkpoints), then lets go of the folder and exits', async () => {
    const window = await started();
    expect(await lockExists()).toBe(true);
    window.close(); // Linux and Windows: the last window closed quits the app

    await vi.waitFor(() => expect(control.log).toContain('core closing'));
    expect(control.exitCode).toBeNull();
    expect(await lockExists()).toBe(true);

    electron.app.quit(); // asked again while closing: still not cut off
    expect(control.exitCode).toBeNull();

    fake.state.close.resolve();
    await vi.waitFor(() => expect(control.exitCode).toBe(0));
    expect(control.log.filter((step) => step !== 'will-quit')).toEqual(['core closing', 'core closed', 'quit 0']);
    expect(await lockExists()).toBe(false);
  });

  it('exits anyway when the core does not finish closing in time, and lets go of the folder', async () => {
    await started();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    electron.app.quit();
    await vi.waitFor(() => expect(control.log).toContain('core closing'));
    expect(control.exitCode).toBeNull();
    await vi.advanceTimersByTimeAsync(SHUTDOWN_LIMIT_MS);
    expect(control.exitCode).toBe(0);
    expect(control.log).not.toContain('core closed');
    expect(await lockExists()).toBe(false);
  });

  it('lets go of the folder when Windows ends the session (the OS ends the process right after)', async () => {
    const window = await started();
    window.emit('session-end', { preventDefault: () => undefined, reasons: ['logoff'] });
    expect(await lockExists()).toBe(false);
  });
});

describe('a data folder browser mode already holds', () => {
  it('is refused with a dialog naming the holder, before anything starts on it, and its lock is left alone', async () => {
    const holder = { pid: process.pid, startedWith: 'npm run web', startedAt: '2026-11-23T05:00:00.000Z' };
    await writeFile(lockFile(), `${JSON.stringify(holder)}\n`);
    await launch();
    control.ready();
    await vi.waitFor(() => expect(control.exitCode).toBe(1));
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Agent Explorer could not start',
      expect.stringMatching(new RegExp(`in use by another Agent Explorer \\(process ${process.pid}, started with "npm run web"`)),
    );
    expect(fake.startCore).not.toHaveBeenCalled();
    expect(JSON.parse(await readFile(lockFile(), 'utf8'))).toEqual(holder);
  });
});

describe('a start that fails', () => {
  it('shows the reason in a dialog, exits with a non-zero code leaving no invisible process, and lets go of the folder', async () => {
    await launch();
    control.ready();
    fake.state.start.reject(new Error('The data folder /data is not writable.'));
    await vi.waitFor(() => expect(control.exitCode).toBe(1));
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Agent Explorer could not start',
      expect.stringContaining('The data folder /data is not writable.'),
    );
    expect(control.windows).toHaveLength(0);
    expect(await lockExists()).toBe(false);
  });
});
