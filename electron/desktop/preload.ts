import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  DESKTOP_CAPABILITIES,
  eventChannel,
  ipcChannel,
  isShellMethod,
  METHODS,
  type Api,
  type HostEvents,
  type HostShell,
  type MethodName,
  type RunProgress,
  type Shell,
} from '../shared/api';

/**
 * Exposes exactly the methods of the contract's table to the page, each on its own channel:
 * the core's Api as `agentExplorer`, and the Shell this window answers as `agentExplorerShell`
 * with its capabilities. There is no generic `invoke(channel, …)`: the page cannot reach any
 * channel the table does not name. Each method passes on at most one argument, as the contract
 * says, and a method without one sends none.
 *
 * Bundled whole into preload.cjs (a sandboxed preload can require only `electron`), so it
 * takes from the contract only the table and the channel names.
 */
const api: Record<string, (argument?: unknown) => Promise<unknown>> = {};
const shell: Record<string, (argument?: unknown) => Promise<unknown>> = {};
for (const method of Object.keys(METHODS) as MethodName[]) {
  const channel = ipcChannel(method);
  const call = (argument?: unknown) => (argument === undefined ? ipcRenderer.invoke(channel) : ipcRenderer.invoke(channel, argument));
  (isShellMethod(method) ? shell : api)[method] = call;
}

/**
 * Main-to-page events, one named subscription each (no generic `on(channel)`). The listener
 * gets no arguments: Electron's event object (with its sender) never reaches the page.
 */
const events: HostEvents = {
  onFindRequested(listener) {
    const notify = () => listener();
    ipcRenderer.on(eventChannel('onFindRequested'), notify);
    return () => {
      ipcRenderer.off(eventChannel('onFindRequested'), notify);
    };
  },
  // The progress object is the only thing passed on; the event object (with its sender) is not.
  onRunProgress(listener) {
    const notify = (_event: IpcRendererEvent, progress: RunProgress) => listener(progress);
    ipcRenderer.on(eventChannel('onRunProgress'), notify);
    return () => {
      ipcRenderer.off(eventChannel('onRunProgress'), notify);
    };
  },
};

contextBridge.exposeInMainWorld('agentExplorer', api as unknown as Api);
contextBridge.exposeInMainWorld('agentExplorerShell', {
  ...(shell as unknown as Shell),
  capabilities: DESKTOP_CAPABILITIES,
} satisfies HostShell);
contextBridge.exposeInMainWorld('agentExplorerEvents', events);
