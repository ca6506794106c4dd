import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forwardRunProgress } from '../../../../electron/desktop/adapters/runProgressToWindow';
import { createRunProgressHub } from '../../../../electron/core/runs/runProgress';
import { eventChannel, ipcChannel, type RunProgress } from '../../../../electron/shared/api';
import type { FakeBrowserWindow } from '../../../support/fakeElectron';

/**
 * Run progress in the desktop app: electron/desktop/main.ts forwards the core's
 * `runProgress` to the window with webContents.send on the onRunProgress channel, which the
 * preload turns into the page's typed listener. Against the shared fake Electron
 * (tests/support/fakeElectron.ts, whose closed windows throw when used, as Electron's do):
 * whether Electron then delivers the message to the page needs a real run (docs/security/needs-real-electron.md).
 */

const { electron, control } = await vi.hoisted(async () => (await import('../../../support/fakeElectron')).createFakeElectron());
const fake = vi.hoisted(() => ({ hub: { current: null as null | { emit(progress: unknown): void } } }));

vi.mock('electron', () => electron);
vi.mock('../../../../electron/desktop/adapters/externalLinks', () => ({ openExternalLink: () => Promise.resolve() }));
vi.mock('../../../../electron/desktop/adapters/safeStorageCipher', () => ({ safeStorageCipher: () => ({}) }));
vi.mock('../../../../electron/core/storage/dataDirLock', () => ({
  lockDataDir: () => Promise.resolve({ ok: true, file: '/tmp/lock', release: () => undefined }),
  folderInUseMessage: () => '',
}));
vi.mock('../../../../electron/core/bootstrap', async () => {
  const { createRunProgressHub: hubFor } = await import('../../../../electron/core/runs/runProgress');
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
  const sentProgress = (window: FakeBrowserWindow) =>
    window.webContents.sent.filter(([channel]) => channel === eventChannel('onRunProgress'));

  beforeAll(async () => {
    await import('../../../../electron/desktop/main');
    control.ready();
    await vi.waitFor(() => expect(control.windows[0]?.visible).toBe(true));
    expect(control.exitCode).toBeNull();
    Object.defineProperty(process, 'platform', { value: 'darwin' }); // closing the window keeps the app
  });
  afterAll(() => Object.defineProperty(process, 'platform', { value: platform }));
  const platform = process.platform;

  it("forwards the core's run progress to its window", () => {
    fake.hub.current!.emit(progress('run-a', 3));
    expect(sentProgress(control.windows[0]!)).toEqual([[eventChannel('onRunProgress'), progress('run-a', 3)]]);
  });

  it('sends nothing to a closed window, and to the window a reopen makes', async () => {
    const first = control.windows[0]!;
    first.close();
    expect(() => fake.hub.current!.emit(progress('run-a', 4))).not.toThrow();
    control.app.emit('activate'); // macOS: the dock icon reopens a window
    await vi.waitFor(() => expect(control.windows[1]?.visible).toBe(true));
    const second = control.windows[1]!;
    fake.hub.current!.emit(progress('run-a', 5));
    expect(sentProgress(second)).toEqual([[eventChannel('onRunProgress'), progress('run-a', 5)]]);
  });

  it('stops forwarding when the app quits', async () => {
    electron.app.quit();
    await vi.waitFor(() => expect(control.exitCode).toBe(0));
    const last = control.windows.at(-1)!;
    expect(last.isDestroyed()).toBe(true);
    expect(() => fake.hub.current!.emit(progress('run-a', 6))).not.toThrow();
  });
});

describe('the open-suite dialog (main.ts)', () => {
  it("answers the page's openSuiteFile with the system's open dialog, with no parent once the window is gone", async () => {
    const call = control.ipcHandlers.get(ipcChannel('openSuiteFile'))!;
    const answer = await call(
      { senderFrame: { url: 'app://agent-explorer/index.html', parent: null, detached: false } } as never,
      undefined as never,
    );
    expect(answer).toEqual({ ok: true, value: null });
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith(expect.objectContaining({ properties: ['openFile'] }));
  });
});
