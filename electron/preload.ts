import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventChannel, ipcChannel, type Api, type HostEvents, type RunProgress } from './shared/contract';

/**
 * Exposes exactly the contract's methods to the page, each on its own channel. There is no
 * generic `invoke(channel, …)`: the page cannot reach any channel the contract does not name.
 * Typed as `Api`, so a new contract method fails to compile here until it is bridged.
 */
const api: Api = {
  getAppInfo: () => ipcRenderer.invoke(ipcChannel('getAppInfo')),
  listProfiles: () => ipcRenderer.invoke(ipcChannel('listProfiles')),
  selectProfile: (request) => ipcRenderer.invoke(ipcChannel('selectProfile'), request),
  createProfile: (request) => ipcRenderer.invoke(ipcChannel('createProfile'), request),
  updateProfile: (request) => ipcRenderer.invoke(ipcChannel('updateProfile'), request),
  duplicateProfile: (request) => ipcRenderer.invoke(ipcChannel('duplicateProfile'), request),
  deleteProfile: (request) => ipcRenderer.invoke(ipcChannel('deleteProfile'), request),
  setProfileKey: (request) => ipcRenderer.invoke(ipcChannel('setProfileKey'), request),
  clearProfileKey: (request) => ipcRenderer.invoke(ipcChannel('clearProfileKey'), request),
  setProfileSecret: (request) => ipcRenderer.invoke(ipcChannel('setProfileSecret'), request),
  clearProfileSecret: (request) => ipcRenderer.invoke(ipcChannel('clearProfileSecret'), request),
  detectKeyPresentation: (request) => ipcRenderer.invoke(ipcChannel('detectKeyPresentation'), request),
  listKnownAgents: () => ipcRenderer.invoke(ipcChannel('listKnownAgents')),
  listKnownGuidelines: () => ipcRenderer.invoke(ipcChannel('listKnownGuidelines')),
  invokeAgent: (request) => ipcRenderer.invoke(ipcChannel('invokeAgent'), request),
  cancelRequest: (request) => ipcRenderer.invoke(ipcChannel('cancelRequest'), request),
  getGuideline: (request) => ipcRenderer.invoke(ipcChannel('getGuideline'), request),
  saveResponseToFile: (request) => ipcRenderer.invoke(ipcChannel('saveResponseToFile'), request),
  getSettings: () => ipcRenderer.invoke(ipcChannel('getSettings')),
  updateSettings: (request) => ipcRenderer.invoke(ipcChannel('updateSettings'), request),
  loadWorkspace: () => ipcRenderer.invoke(ipcChannel('loadWorkspace')),
  saveWorkspace: (request) => ipcRenderer.invoke(ipcChannel('saveWorkspace'), request),
  listCatalog: () => ipcRenderer.invoke(ipcChannel('listCatalog')),
  saveCatalogAgent: (request) => ipcRenderer.invoke(ipcChannel('saveCatalogAgent'), request),
  deleteCatalogAgent: (request) => ipcRenderer.invoke(ipcChannel('deleteCatalogAgent'), request),
  findInPage: (request) => ipcRenderer.invoke(ipcChannel('findInPage'), request),
  stopFindInPage: () => ipcRenderer.invoke(ipcChannel('stopFindInPage')),
  saveTextFile: (request) => ipcRenderer.invoke(ipcChannel('saveTextFile'), request),
  listHistory: (request) => ipcRenderer.invoke(ipcChannel('listHistory'), request),
  getHistoryEntry: (request) => ipcRenderer.invoke(ipcChannel('getHistoryEntry'), request),
  searchHistory: (request) => ipcRenderer.invoke(ipcChannel('searchHistory'), request),
  lastResponses: (request) => ipcRenderer.invoke(ipcChannel('lastResponses'), request),
  buildHistoryReport: (request) => ipcRenderer.invoke(ipcChannel('buildHistoryReport'), request),
  exportWorkspaceFile: () => ipcRenderer.invoke(ipcChannel('exportWorkspaceFile')),
  previewWorkspaceImport: (request) => ipcRenderer.invoke(ipcChannel('previewWorkspaceImport'), request),
  applyWorkspaceImport: (request) => ipcRenderer.invoke(ipcChannel('applyWorkspaceImport'), request),
  pinHistoryEntry: (request) => ipcRenderer.invoke(ipcChannel('pinHistoryEntry'), request),
  deleteHistoryEntries: (request) => ipcRenderer.invoke(ipcChannel('deleteHistoryEntries'), request),
  clearHistory: (request) => ipcRenderer.invoke(ipcChannel('clearHistory'), request),
  countHistory: () => ipcRenderer.invoke(ipcChannel('countHistory')),
  listGuidelineLibrary: (request) => ipcRenderer.invoke(ipcChannel('listGuidelineLibrary'), request),
  addToGuidelineLibrary: (request) => ipcRenderer.invoke(ipcChannel('addToGuidelineLibrary'), request),
  removeFromGuidelineLibrary: (request) => ipcRenderer.invoke(ipcChannel('removeFromGuidelineLibrary'), request),
  pinLibraryGuideline: (request) => ipcRenderer.invoke(ipcChannel('pinLibraryGuideline'), request),
  setLibraryGuidelineLabels: (request) => ipcRenderer.invoke(ipcChannel('setLibraryGuidelineLabels'), request),
  searchGuidelineLibrary: (request) => ipcRenderer.invoke(ipcChannel('searchGuidelineLibrary'), request),
  listGuidelineVersions: (request) => ipcRenderer.invoke(ipcChannel('listGuidelineVersions'), request),
  getGuidelineVersion: (request) => ipcRenderer.invoke(ipcChannel('getGuidelineVersion'), request),
  markGuidelineRead: (request) => ipcRenderer.invoke(ipcChannel('markGuidelineRead'), request),
  listEntryChecklists: (request) => ipcRenderer.invoke(ipcChannel('listEntryChecklists'), request),
  saveEntryChecklist: (request) => ipcRenderer.invoke(ipcChannel('saveEntryChecklist'), request),
  loadGuidelineTabs: () => ipcRenderer.invoke(ipcChannel('loadGuidelineTabs')),
  saveGuidelineTabs: (request) => ipcRenderer.invoke(ipcChannel('saveGuidelineTabs'), request),
  startRun: (request) => ipcRenderer.invoke(ipcChannel('startRun'), request),
  cancelRun: (request) => ipcRenderer.invoke(ipcChannel('cancelRun'), request),
  listRuns: (request) => ipcRenderer.invoke(ipcChannel('listRuns'), request),
  getRun: (request) => ipcRenderer.invoke(ipcChannel('getRun'), request),
  listRunResults: (request) => ipcRenderer.invoke(ipcChannel('listRunResults'), request),
  getRunResult: (request) => ipcRenderer.invoke(ipcChannel('getRunResult'), request),
  getRunLatency: (request) => ipcRenderer.invoke(ipcChannel('getRunLatency'), request),
  getRunMatrix: (request) => ipcRenderer.invoke(ipcChannel('getRunMatrix'), request),
  compareRuns: (request) => ipcRenderer.invoke(ipcChannel('compareRuns'), request),
  deleteRun: (request) => ipcRenderer.invoke(ipcChannel('deleteRun'), request),
  exportRun: (request) => ipcRenderer.invoke(ipcChannel('exportRun'), request),
  openSuiteFile: () => ipcRenderer.invoke(ipcChannel('openSuiteFile')),
  loadSuiteDraft: () => ipcRenderer.invoke(ipcChannel('loadSuiteDraft')),
  saveSuiteDraft: (request) => ipcRenderer.invoke(ipcChannel('saveSuiteDraft'), request),
};

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

contextBridge.exposeInMainWorld('agentExplorer', api);
contextBridge.exposeInMainWorld('agentExplorerEvents', events);
