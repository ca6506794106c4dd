import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_METHODS, DESKTOP_CAPABILITIES, eventChannel, ipcChannel, SHELL_METHODS } from '../../../electron/shared/api';

/**
 * electron/desktop/preload.ts against the shared fake Electron (tests/support/fakeElectron.ts): what the page gets is exactly the contract's
 * methods (the core's Api, and the window's Shell with its capabilities) and the named host events, each on its own channel, and
 * nothing of Electron's own.
 */
const { electron, control } = await vi.hoisted(async () => (await import('../../support/fakeElectron')).createFakeElectron());
vi.mock('electron', () => electron);
const fake = { exposed: control.exposed, invoked: control.invoked };
const listenersOf = (channel: string) => electron.ipcRenderer.listeners(channel) as Array<(...args: unknown[]) => void>;

beforeAll(async () => {
  await import('../../../electron/desktop/preload');
});

describe('the preload bridge', () => {
  it('exposes exactly the contract, the Shell, and the host events, under three names', () => {
    expect([...fake.exposed.keys()]).toEqual(['agentExplorer', 'agentExplorerShell', 'agentExplorerEvents']);
    expect(Object.keys(fake.exposed.get('agentExplorer')!).sort()).toEqual([...API_METHODS].sort());
    expect(Object.keys(fake.exposed.get('agentExplorerShell')!).sort()).toEqual([...SHELL_METHODS, 'capabilities'].sort());
    expect(fake.exposed.get('agentExplorerShell')!['capabilities']).toEqual(DESKTOP_CAPABILITIES);
    expect(Object.keys(fake.exposed.get('agentExplorerEvents')!)).toEqual(['onFindRequested', 'onRunProgress']);
  });

  it('sends each call on its own channel, with its one argument or none', async () => {
    const api = fake.exposed.get('agentExplorer')!;
    await api['selectProfile']!({ profileId: 'p' });
    await api['listProfiles']!();
    expect(fake.invoked.slice(-2)).toEqual([[ipcChannel('selectProfile'), { profileId: 'p' }], [ipcChannel('listProfiles')]]);
  });

  it('sends find requests on their own channels', async () => {
    const api = fake.exposed.get('agentExplorerShell')!;
    await api['findInPage']!({ text: 'a', forward: true, newSearch: true });
    await api['stopFindInPage']!();
    expect(fake.invoked.slice(-2)).toEqual([
      [ipcChannel('findInPage'), { text: 'a', forward: true, newSearch: true }],
      [ipcChannel('stopFindInPage')],
    ]);
  });

  it("passes the menu's find request on without Electron's event object, and unsubscribes", () => {
    const listener = vi.fn();
    const unsubscribe = fake.exposed.get('agentExplorerEvents')!['onFindRequested']!(listener) as () => void;
    for (const notify of listenersOf(eventChannel('onFindRequested'))) notify({ sender: 'the IpcRenderer event' });
    expect(listener).toHaveBeenCalledWith();
    unsubscribe();
    expect(listenersOf(eventChannel('onFindRequested'))).toHaveLength(0);
  });

  it("passes run progress on without Electron's event object, and unsubscribes", () => {
    const listener = vi.fn();
    const unsubscribe = fake.exposed.get('agentExplorerEvents')!['onRunProgress']!(listener) as () => void;
    const progress = {
      runId: 'run-1',
      state: 'running',
      total: 2,
      completed: 1,
      passed: 1,
      failed: 0,
      elapsedMs: 5,
      rows: [],
      waitingMs: null,
    };
    for (const notify of listenersOf(eventChannel('onRunProgress'))) notify({ sender: 'the IpcRenderer event' }, progress);
    expect(listener).toHaveBeenCalledWith(progress);
    expect(listener.mock.calls[0]).toHaveLength(1);
    unsubscribe();
    expect(listenersOf(eventChannel('onRunProgress'))).toHaveLength(0);
  });
});
