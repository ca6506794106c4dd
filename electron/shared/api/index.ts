import type { AppApi, Startup } from './app';
import type { CatalogApi } from './catalog';
import type { ChecklistsApi } from './checklists';
import type { GuidelineTabsApi } from './guidelineTabs';
import type { HistoryApi } from './history';
import type { LibraryApi } from './library';
import type { PlatformApi } from './platform';
import type { ProfilesApi } from './profiles';
import type { RunsApi } from './runs';
import type { Shell } from './shell';
import type { WorkspaceApi } from './workspace';

export * from './common';
export * from './app';
export * from './catalog';
export * from './checklists';
export * from './events';
export * from './guidelineTabs';
export * from './history';
export * from './library';
export * from './platform';
export * from './profiles';
export * from './runs';
export * from './shell';
export * from './workspace';

/**
 * The one contract between the renderer and its host (Electron main, or the browser-mode host).
 *
 * Each domain declares its types and its slice of the Api in its own file here; this file
 * composes them, and holds the one method table that every side loops over: IPC (electron/desktop/ipc.ts),
 * the preload bridge, the browser-mode host (electron/web/) and its HTTP client
 * (renderer/host/httpApi.ts), and the argument validators (electron/core/validate.ts).
 *
 * Rules that keep the boundary safe:
 * - Every method takes at most one argument, a plain JSON value (it crosses IPC or HTTP).
 * - No type here carries the API key. Key status is `KeyStatus`, never the key itself.
 * - Failures the user should see are data (`Result` with a stable `code`), not exceptions.
 */

/** Everything the renderer may ask of the core, whichever host it runs in. */
export interface Api
  extends AppApi, ProfilesApi, PlatformApi, CatalogApi, WorkspaceApi, HistoryApi, LibraryApi, ChecklistsApi, GuidelineTabsApi, RunsApi {}

/** Each domain's slice, by the name the method table gives it. `shell` is what only a desktop window answers. */
interface Slices {
  app: AppApi;
  profiles: ProfilesApi;
  platform: PlatformApi;
  catalog: CatalogApi;
  workspace: WorkspaceApi;
  history: HistoryApi;
  library: LibraryApi;
  checklists: ChecklistsApi;
  guidelineTabs: GuidelineTabsApi;
  runs: RunsApi;
  shell: Shell;
}

type Domain = keyof Slices;

/** Every method a page may call: the Api's and the Shell's. */
export type MethodName = keyof Api | keyof Shell;
export type ApiMethod = keyof Api;
export type ShellMethod = keyof Shell;

/** The domain a method belongs to. */
type DomainOf<M extends MethodName> = { [D in Domain]: M extends keyof Slices[D] ? D : never }[Domain];

/** Every method, with the Api and the Shell as one record (the desktop's IPC answers both). */
type AllMethods = Api & Shell;

/** The argument type of a method, or `undefined` for methods without one. */
export type ApiArgument<M extends MethodName> = Parameters<AllMethods[M]> extends [infer A] ? A : undefined;

/** The resolved result type of a method. */
export type ApiReturn<M extends MethodName> = Awaited<ReturnType<AllMethods[M]>>;

/** What the method table must be: every method of the Api and the Shell, each under its own domain. */
export type MethodTable = { [M in MethodName]: DomainOf<M> };

/**
 * The method table: every method, and the domain whose slice declares it. Written once; the
 * hosts read from it which methods there are and which only a desktop window answers (`shell`).
 * Checked against the slices both ways: a method missing here, a name that is no method, or a
 * method filed under another domain fails to compile.
 */
export const METHODS = {
  getAppInfo: 'app',
  getStartup: 'app',
  getSettings: 'app',
  updateSettings: 'app',
  listProfiles: 'profiles',
  selectProfile: 'profiles',
  createProfile: 'profiles',
  updateProfile: 'profiles',
  duplicateProfile: 'profiles',
  deleteProfile: 'profiles',
  setProfileKey: 'profiles',
  clearProfileKey: 'profiles',
  setProfileSecret: 'profiles',
  clearProfileSecret: 'profiles',
  detectKeyPresentation: 'profiles',
  listKnownAgents: 'platform',
  listKnownGuidelines: 'platform',
  invokeAgent: 'platform',
  cancelRequest: 'platform',
  getGuideline: 'platform',
  saveResponseToFile: 'platform',
  listCatalog: 'catalog',
  saveCatalogAgent: 'catalog',
  deleteCatalogAgent: 'catalog',
  loadWorkspace: 'workspace',
  saveWorkspace: 'workspace',
  exportWorkspaceFile: 'workspace',
  previewWorkspaceImport: 'workspace',
  applyWorkspaceImport: 'workspace',
  listHistory: 'history',
  getHistoryEntry: 'history',
  searchHistory: 'history',
  lastResponses: 'history',
  buildHistoryReport: 'history',
  pinHistoryEntry: 'history',
  deleteHistoryEntries: 'history',
  clearHistory: 'history',
  countHistory: 'history',
  listGuidelineLibrary: 'library',
  addToGuidelineLibrary: 'library',
  removeFromGuidelineLibrary: 'library',
  pinLibraryGuideline: 'library',
  setLibraryGuidelineLabels: 'library',
  searchGuidelineLibrary: 'library',
  listGuidelineVersions: 'library',
  getGuidelineVersion: 'library',
  markGuidelineRead: 'library',
  listEntryChecklists: 'checklists',
  saveEntryChecklist: 'checklists',
  loadGuidelineTabs: 'guidelineTabs',
  saveGuidelineTabs: 'guidelineTabs',
  startRun: 'runs',
  beginRunData: 'runs',
  appendRunData: 'runs',
  cancelRun: 'runs',
  listRuns: 'runs',
  getRun: 'runs',
  listRunResults: 'runs',
  getRunResult: 'runs',
  getRunLatency: 'runs',
  getRunMatrix: 'runs',
  getRunRules: 'runs',
  compareRuns: 'runs',
  deleteRun: 'runs',
  exportRun: 'runs',
  loadSuiteDraft: 'runs',
  saveSuiteDraft: 'runs',
  findInPage: 'shell',
  stopFindInPage: 'shell',
  saveTextFile: 'shell',
  openSuiteFile: 'shell',
} as const satisfies MethodTable;

const NAMES = Object.keys(METHODS) as MethodName[];

/** Whether a name (from IPC or a URL: untrusted) is a method of the table. */
export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(METHODS, name);
}

/** Whether a method is one only a desktop window answers. */
export function isShellMethod(name: MethodName): name is ShellMethod {
  return METHODS[name] === 'shell';
}

/** The core's methods: every host answers these. */
export const API_METHODS: readonly ApiMethod[] = NAMES.filter((name): name is ApiMethod => !isShellMethod(name));

/** The Shell's methods: only the desktop window answers these. */
export const SHELL_METHODS: readonly ShellMethod[] = NAMES.filter(isShellMethod);

/** The IPC channel for a method: one channel per method, never a generic one. */
export function ipcChannel(method: MethodName): string {
  return `agent-explorer:${method}`;
}

/** The browser-mode HTTP path for a method (the browser-mode host answers the Api's only). */
export function rpcPath(method: ApiMethod): string {
  return `/rpc/${method}`;
}

/**
 * Browser mode: where a page downloads a file the host holds (GET, `?ticket=` from exportRun),
 * with its session's cookie; the one-time ticket stands in for the page secret, which a
 * download cannot send as a header.
 */
export const EXPORT_PATH = '/export';

/** The address of the download of a held file, relative to the page. */
export function exportDownloadPath(ticket: string): string {
  return `${EXPORT_PATH}?ticket=${encodeURIComponent(ticket)}`;
}

/** Name of the header that carries a browser-mode page's secret (one half of its session: electron/web/session.ts). */
export const LAUNCH_SECRET_HEADER = 'x-agent-explorer-secret';

/**
 * Browser mode: where a page spends the one-time token of its address for a session (POST
 * `{ token }`, answered `{ value: SessionAnswer }`).
 */
export const SESSION_PATH = '/session';

/**
 * The answer to a spent token: the session's page secret (its cookie is set on the same answer),
 * and what the first screen waits for (getStartup's answer, null when that read failed), so the
 * page need not ask for it in a second round trip. The startup is what the session may read
 * anyway, and holds no secret: keys are reported as set or not, never given.
 */
export interface SessionAnswer {
  pageSecret: string;
  startup: Startup | null;
}
