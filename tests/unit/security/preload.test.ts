import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_METHODS, eventChannel, ipcChannel } from '../../../electron/shared/contract';

/**
 * electron/preload.ts against a fake Electron: what the page gets is exactly the contract's
 * methods and the named host events, each on its own channel, and nothing of Electron's own.
 */
const fake = vi.hoisted(() => {
  const exposed = new Map<string, Record<string, (...args: unknown[]) => unknown>>();
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const invoked: unknown[][] = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (name: string, value: Record<string, (...args: unknown[]) => unknown>) => exposed.set(name, value) },
    ipcRenderer: {
      invoke: (...args: unknown[]) => {
        invoked.push(args);
        return Promise.resolve('answered');
      },
      on: (channel: string, listener: (...args: unknown[]) => void) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel)!.add(listener);
      },
      off: (channel: string, listener: (...args: unknown[]) => void) => listeners.get(channel)?.delete(listener),
    },
  };
  return { electron, exposed, listeners, invoked };
});
vi.mock('electron', () => fake.electron);

beforeAll(async () => {
  await import('../../../electron/preload');
});

describe('the preload bridge', () => {
  it('exposes exactly the contract, and the host events, under two names', () => {
    expect([...fake.exposed.keys()]).toEqual(['agentExplorer', 'agentExplorerEvents']);
    expect(Object.keys(fake.exposed.get('agentExplorer')!).sort()).toEqual([...API_METHODS].sort());
    expect(Object.keys(fake.exposed.get('agentExplorerEvents')!)).toEqual(['onFindRequested', 'onRunProgress']);
  });

  it('sends find requests on their own channels', async () => {
    const api = fake.exposed.get('agentExplorer')!;
    await api['findInPage']!({ text: 'a', forward: true, newSearch: true });
    await api['stopFindInPage']!();
    expect(fake.invoked.slice(-2)).toEqual([[ipcChannel('findInPage'), { text: 'a', forward: true, newSearch: true }], [ipcChannel('stopFindInPage')]]);
  });

  it("passes the menu's find request on without Electron's event object, and unsubscribes", () => {
    const listener = vi.fn();
    const unsubscribe = fake.exposed.get('agentExplorerEvents')!['onFindRequested']!(listener) as () => void;
    const channel = fake.listeners.get(eventChannel('onFindRequested'))!;
    for (const notify of channel) notify({ sender: 'the IpcRenderer event' });
    expect(listener).toHaveBeenCalledWith();
    unsubscribe();
    expect(channel.size).toBe(0);
  });

  it('passes run progress on without Electron\'s event object, and unsubscribes', () => {
    const listener = vi.fn();
    const unsubscribe = fake.exposed.get('agentExplorerEvents')!['onRunProgress']!(listener) as () => void;
    const channel = fake.listeners.get(eventChannel('onRunProgress'))!;
    const progress = { runId: 'run-1', state: 'running', total: 2, completed: 1, passed: 1, failed: 0, elapsedMs: 5, rows: [], waitingMs: null };
    for (const notify of channel) notify({ sender: 'the IpcRenderer event' }, progress);
    expect(listener).toHaveBeenCalledWith(progress);
    expect(listener.mock.calls[0]).toHaveLength(1);
    unsubscribe();
    expect(channel.size).toBe(0);
  });
});
