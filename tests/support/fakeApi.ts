import { DESKTOP_CAPABILITIES } from '../../electron/shared/contract';
import type {
  JsonObject,
  Api,
  HostShell,
  MethodName,
  AppSettings,
  BodyTarget,
  PlatformError,
  SavedBody,
  CancelRequest,
  CatalogAgent,
  CatalogAgentInput,
  CatalogAgentRef,
  DetectReport,
  DetectRequest,
  ExchangeRecord,
  GuidelineRequest,
  GuidelineResult,
  InvokeRequest,
  InvokeResult,
  KnownAgent,
  KnownGuideline,
  KeyStatus,
  ProfileChange,
  ProfileInput,
  ProfileRef,
  ProfilesState,
  ProfileSummary,
  Result,
  SelectProfileRequest,
  SetKeyRequest,
  SetProfileSecretRequest,
  ProfileSecretRef,
  UpdateProfileRequest,
  Workspace,
  WorkspaceChanges,
  FindInPageRequest,
  FindInPageResult,
  SavedTextFile,
  SaveTextFileRequest,
  ClearHistoryRequest,
  DeleteHistoryRequest,
  HistoryCounts,
  HistoryRemoved,
  PinHistoryRequest,
  HistoryEntry,
  HistoryEntryRef,
  HistoryPage,
  HistoryQuery,
  HistorySearchPage,
  HistorySearchRequest,
  LastResponsesRequest,
  TabLastResponse,
  HistoryReportFile,
  HistoryReportRequest,
  WorkspaceFileError,
  WorkspaceFileExport,
  WorkspaceImportPreview,
  WorkspaceImportReport,
  WorkspaceImportRequest,
} from '../../electron/shared/contract';
import { FakeRuns } from './fakeRuns';
import { openMemoryDatabase } from '../../electron/core/db/open';
import { createHistoryMethods } from '../../electron/core/history/historyService';
import { createChecklistMethods } from '../../electron/core/checklists/checklistService';
import { checkHistoryRetention } from '../../electron/core/workspace/appStores';
import { createLibraryMethods } from '../../electron/core/library/libraryService';
import { mergeWorkspace, parseWorkspaceChanges, type TabChange } from '../../electron/core/workspace/workspaceMerge';
import { DEFAULT_BESIDE, mergeGuidelineTabs, parseGuidelineTabsChanges } from '../../electron/core/workspace/guidelineTabs';
import type { GuidelineTabs, GuidelineTabsChanges } from '../../electron/shared/contract';

/**
 * An in-memory twin of the host for component tests. It implements the whole `Api`, and the
 * desktop window's Shell, so a new contract method fails to compile here until the fake has it
 * too. Every call is recorded, so a test can assert that nothing was sent.
 */
export class FakeApi implements Api, HostShell {
  readonly calls: { method: MethodName; argument: unknown }[] = [];

  /**
   * True: the fake is the desktop app (getAppInfo says electron, and renderApp gives the page
   * this fake as its Shell, with its save and open dialogs). False: browser mode, where the page
   * has the browser's Shell (downloads, file inputs, the browser's own find).
   */
  desktop = false;
  /** As the desktop's Shell: it has every capability (used only when `desktop` is true). */
  readonly capabilities = DESKTOP_CAPABILITIES;

  agents: KnownAgent[] = [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Support reply drafter',
      description: 'Drafts a reply to a customer.',
      placeholders: ['customer_name', 'company'],
      example: { text: 'My parcel is late.', payload: { customer_name: 'Ada', company: 'Acme' } },
    },
  ];

  guidelines: KnownGuideline[] = [
    { id: '22222222-2222-4222-8222-222222222222', name: 'Escalation policy', description: 'When to escalate.' },
  ];

  profiles: ProfilesState = {
    activeProfileId: 'sandbox',
    profiles: [
      sandboxSummary(),
    ],
  };

  /** What the next Detect answers; by default the second presentation (Token scheme) is accepted. */
  detectResponder: (request: DetectRequest) => Result<DetectReport> | Promise<Result<DetectReport>> = (request) => {
    const chosen = { kind: 'scheme' as const, scheme: 'Token' };
    this.patchProfile(request.profileId, { auth: chosen });
    return {
      ok: true,
      value: {
        attempts: [
          { presentation: { kind: 'bearer' }, label: 'Authorization: Bearer <key>', status: 401, outcome: 'rejected', message: 'HTTP 401' },
          { presentation: chosen, label: 'Authorization: Token <key>', status: 200, outcome: 'accepted', message: 'HTTP 200' },
        ],
        chosen,
        state: this.profiles,
      },
    };
  };

  private nextId = 1;

  settings: AppSettings = { maxResponseBytes: 50 * 1024 * 1024, maxSavedFileBytes: 256 * 1024 * 1024, historyRetention: { kind: 'all' } };
  workspace: Workspace = { tabs: [], activeTabId: null };
  catalog: CatalogAgent[] = [];
  /** Request ids in flight that `cancelRequest` may cancel; tests add to it. */
  readonly inFlight = new Set<string>();

  /** What the next invokes answer; a function gets the request. */
  invokeResponder: (request: InvokeRequest) => InvokeResult | Promise<InvokeResult> = (request) =>
    okInvoke(`Hello ${String(request.payload['customer_name'] ?? 'there')}`);

  guidelineResponder: (request: GuidelineRequest) => GuidelineResult | Promise<GuidelineResult> = () => ({
    ok: true,
    value: {
      guideline: { name: 'Escalation policy', description: 'When to escalate.', content: '# Escalate\n\nSoon.' },
      exchange: exchange({ method: 'GET', status: 200 }),
    },
  });

  private record(method: MethodName, argument: unknown): void {
    this.calls.push({ method, argument });
  }

  callsOf(method: MethodName): unknown[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.argument);
  }

  async getAppInfo() {
    this.record('getAppInfo', undefined);
    return { name: 'Agent Explorer', version: '0.0.0-test', host: this.desktop ? ('electron' as const) : ('browser' as const) };
  }

  async listProfiles() {
    this.record('listProfiles', undefined);
    return this.profiles;
  }

  async selectProfile(request: SelectProfileRequest): Promise<Result<ProfilesState>> {
    this.record('selectProfile', request);
    if (!this.profiles.profiles.some((profile) => profile.id === request.profileId)) {
      return { ok: false, error: { code: 'invalid_argument', message: 'No such profile.' } };
    }
    this.profiles = { ...this.profiles, activeProfileId: request.profileId };
    return { ok: true, value: this.profiles };
  }

  private find(profileId: string): ProfileSummary | undefined {
    return this.profiles.profiles.find((profile) => profile.id === profileId);
  }

  private patchProfile(profileId: string, patch: Partial<ProfileSummary>): void {
    this.profiles = {
      ...this.profiles,
      profiles: this.profiles.profiles.map((profile) => (profile.id === profileId ? { ...profile, ...patch } : profile)),
    };
  }

  private refuse<T>(message: string, field?: string): Result<T> {
    return { ok: false, error: { code: 'invalid_argument', message, ...(field ? { field } : {}) } };
  }

  async createProfile(request: ProfileInput): Promise<Result<ProfileChange>> {
    this.record('createProfile', request);
    if (request.name.trim() === '') return this.refuse('The profile needs a name.', 'name');
    const id = `profile-${this.nextId++}`;
    this.profiles = {
      activeProfileId: id,
      profiles: [...this.profiles.profiles, customSummary(id, request)],
    };
    return { ok: true, value: { state: this.profiles, profileId: id } };
  }

  async updateProfile(request: UpdateProfileRequest): Promise<Result<ProfileChange>> {
    this.record('updateProfile', request);
    const profile = this.find(request.profileId);
    if (!profile?.editable) return this.refuse('This profile cannot be changed.');
    // As the host does: a key belongs to its origin, so a move to another origin clears it.
    const keyCleared = profile.key.set && new URL(profile.baseUrl).origin !== new URL(request.profile.baseUrl).origin;
    const key = keyCleared ? { set: false, storage: 'none' as const, note: 'The key was cleared because the server changed; set it again.' } : profile.key;
    this.patchProfile(request.profileId, { ...request.profile, key, warnings: warningsOf(request.profile) });
    return { ok: true, value: { state: this.profiles, profileId: request.profileId, ...(keyCleared ? { keyCleared } : {}) } };
  }

  async duplicateProfile(request: ProfileRef): Promise<Result<ProfileChange>> {
    this.record('duplicateProfile', request);
    const profile = this.find(request.profileId);
    if (!profile) return this.refuse('No such profile.');
    const id = `profile-${this.nextId++}`;
    const copy = customSummary(id, { ...profile, name: `${profile.name} (copy)` });
    this.profiles = { ...this.profiles, profiles: [...this.profiles.profiles, copy] };
    return { ok: true, value: { state: this.profiles, profileId: id } };
  }

  async deleteProfile(request: ProfileRef): Promise<Result<ProfilesState>> {
    this.record('deleteProfile', request);
    const profile = this.find(request.profileId);
    if (!profile?.editable) return this.refuse('This profile cannot be deleted.');
    const profiles = this.profiles.profiles.filter((p) => p.id !== request.profileId);
    const activeProfileId = this.profiles.activeProfileId === request.profileId ? 'sandbox' : this.profiles.activeProfileId;
    this.profiles = { activeProfileId, profiles };
    return { ok: true, value: this.profiles };
  }

  async setProfileKey(request: SetKeyRequest): Promise<Result<KeyStatus>> {
    this.record('setProfileKey', request);
    const profile = this.find(request.profileId);
    if (!profile?.editable) return this.refuse('This profile\'s key cannot be changed.');
    if (request.key.trim() === '') return this.refuse('The key is empty.', 'key');
    const key: KeyStatus = { set: true, storage: 'keychain', note: null };
    this.patchProfile(request.profileId, { key });
    return { ok: true, value: key };
  }

  async clearProfileKey(request: ProfileRef): Promise<Result<KeyStatus>> {
    this.record('clearProfileKey', request);
    const profile = this.find(request.profileId);
    if (!profile?.editable) return this.refuse('This profile\'s key cannot be changed.');
    const key: KeyStatus = { set: false, storage: 'none', note: null };
    this.patchProfile(request.profileId, { key });
    return { ok: true, value: key };
  }

  async setProfileSecret(request: SetProfileSecretRequest): Promise<Result<KeyStatus>> {
    this.record('setProfileSecret', request);
    const profile = this.find(request.profileId);
    if (!profile?.editable) return this.refuse('This profile cannot be changed.');
    if (request.value === '') return this.refuse('It is empty.', request.name);
    const status: KeyStatus = { set: true, storage: 'keychain', note: null };
    this.patchProfile(request.profileId, { secrets: { ...profile.secrets, [request.name]: status } });
    return { ok: true, value: status };
  }

  async clearProfileSecret(request: ProfileSecretRef): Promise<Result<KeyStatus>> {
    this.record('clearProfileSecret', request);
    const profile = this.find(request.profileId);
    if (!profile?.editable) return this.refuse('This profile cannot be changed.');
    const status: KeyStatus = { set: false, storage: 'none', note: null };
    this.patchProfile(request.profileId, { secrets: { ...profile.secrets, [request.name]: status } });
    return { ok: true, value: status };
  }

  async detectKeyPresentation(request: DetectRequest) {
    this.record('detectKeyPresentation', request);
    return this.detectResponder(request);
  }

  async listKnownAgents() {
    this.record('listKnownAgents', undefined);
    return this.agents;
  }

  async listKnownGuidelines() {
    this.record('listKnownGuidelines', undefined);
    return this.guidelines;
  }

  /**
   * The host's refusal of a request composed for a profile that is no longer active
   * (service.ts `profileForRequest`): `profile_changed`, and the responder never runs.
   */
  profileChanged(profileId: string | undefined): PlatformError | null {
    if (profileId === undefined || profileId === this.profiles.activeProfileId) return null;
    return { code: 'profile_changed', message: 'This request was written for another profile: nothing was sent.', exchange: null };
  }

  async invokeAgent(request: InvokeRequest) {
    this.record('invokeAgent', request);
    const changed = this.profileChanged(request.profileId);
    if (changed) return { ok: false as const, error: changed };
    return this.invokeResponder(request);
  }

  async cancelRequest(request: CancelRequest): Promise<Result<{ cancelled: boolean }>> {
    this.record('cancelRequest', request);
    const cancelled = this.inFlight.delete(request.requestId);
    return { ok: true, value: { cancelled } };
  }

  /** What the next saveResponseToFile answers. */
  saveToFileResponder: (request: BodyTarget) => Result<SavedBody, PlatformError> = () => ({
    ok: true,
    value: {
      path: '/home/user/Downloads/agent-explorer-invoke-x.json',
      bytes: 60 * 1024 * 1024,
      limitReached: false,
      limitBytes: 256 * 1024 * 1024,
      exchange: exchange({ responseBody: null }),
    },
  });

  async saveResponseToFile(request: BodyTarget): Promise<Result<SavedBody, PlatformError>> {
    this.record('saveResponseToFile', request);
    const changed = this.profileChanged(request.request.profileId);
    if (changed) return { ok: false, error: changed };
    return this.saveToFileResponder(request);
  }

  async getSettings() {
    this.record('getSettings', undefined);
    return this.settings;
  }

  async updateSettings(request: Partial<AppSettings>): Promise<Result<AppSettings>> {
    this.record('updateSettings', request);
    if (request.maxResponseBytes !== undefined && request.maxResponseBytes < 1024) {
      return this.refuse('The limit must be at least 1 KB.', 'maxResponseBytes');
    }
    if (request.maxSavedFileBytes !== undefined && request.maxSavedFileBytes < 1024 * 1024) {
      return this.refuse('The save-to-file limit must be from 1 MB to 1 TB.', 'maxSavedFileBytes');
    }
    if (request.historyRetention !== undefined) {
      const retention = checkHistoryRetention(request.historyRetention);
      if (!retention.ok) return retention;
    }
    this.settings = { ...this.settings, ...request };
    if (request.historyRetention !== undefined) await this.history.prune(request.historyRetention, new Date());
    return { ok: true, value: this.settings };
  }

  async loadWorkspace() {
    this.record('loadWorkspace', undefined);
    return structuredClone(this.workspace);
  }

  /** When each tab last changed, for the same merge as the host's. */
  private workspaceTabChanges = new Map<string, TabChange>();

  async saveWorkspace(request: WorkspaceChanges): Promise<Result<Workspace>> {
    this.record('saveWorkspace', request);
    const parsed = parseWorkspaceChanges(structuredClone(request));
    if (!parsed.ok) return parsed;
    const merged = mergeWorkspace(this.workspace, parsed.value, this.workspaceTabChanges, () => crypto.randomUUID());
    if (merged.ok) this.workspace = structuredClone(merged.value);
    return merged;
  }

  /** The kept guideline tabs; tests set them to start "after a restart". */
  guidelineTabs: GuidelineTabs = { tabs: [], active: null, beside: { ...DEFAULT_BESIDE } };

  async loadGuidelineTabs() {
    this.record('loadGuidelineTabs', undefined);
    return structuredClone(this.guidelineTabs);
  }

  async saveGuidelineTabs(request: GuidelineTabsChanges): Promise<Result<GuidelineTabs>> {
    this.record('saveGuidelineTabs', request);
    const parsed = parseGuidelineTabsChanges(structuredClone(request));
    if (!parsed.ok) return parsed;
    const merged = mergeGuidelineTabs(this.guidelineTabs, parsed.value);
    if (merged.ok) this.guidelineTabs = structuredClone(merged.value);
    return merged;
  }

  async listCatalog() {
    this.record('listCatalog', undefined);
    return structuredClone(this.catalog);
  }

  async saveCatalogAgent(request: CatalogAgentInput): Promise<Result<CatalogAgent[]>> {
    this.record('saveCatalogAgent', request);
    if (request.agentId.trim() === '') return this.refuse('The agent id is empty.', 'agentId');
    const existing = this.catalog.find((entry) => entry.agentId === request.agentId);
    // As the host does: a review can remove learned keys, never add them.
    const learned = existing?.learnedKeys ?? [];
    const { learnedKeys: kept, ...fields } = request;
    const learnedKeys = kept === undefined ? learned : learned.filter((key) => kept.includes(key));
    const entry: CatalogAgent = { ...fields, learnedKeys, updatedAt: '2026-01-01T00:00:00.000Z' };
    this.catalog = [...this.catalog.filter((e) => e.agentId !== request.agentId), entry];
    return { ok: true, value: structuredClone(this.catalog) };
  }

  async deleteCatalogAgent(request: CatalogAgentRef): Promise<Result<CatalogAgent[]>> {
    this.record('deleteCatalogAgent', request);
    this.catalog = this.catalog.filter((entry) => entry.agentId !== request.agentId);
    return { ok: true, value: structuredClone(this.catalog) };
  }

  /** What the page's find answers: by default, as many matches as the text has letters, up to 3. */
  findResponder: (request: FindInPageRequest) => Result<FindInPageResult> = (request) => ({
    ok: true,
    value: { matches: Math.min(request.text.length, 3), activeMatchOrdinal: Math.min(request.text.length, 1) },
  });

  /** Runs, scripted: see tests/support/fakeRuns.ts. `runs.events` is the host's pushed events. */
  readonly runs = new FakeRuns((method, argument) => this.record(method, argument));
  startRun: Api['startRun'] = (request) => this.runs.startRun(request);
  cancelRun: Api['cancelRun'] = (request) => this.runs.cancelRun(request);
  listRuns: Api['listRuns'] = (request) => this.runs.listRuns(request);
  getRun: Api['getRun'] = (request) => this.runs.getRun(request);
  listRunResults: Api['listRunResults'] = (request) => this.runs.listRunResults(request);
  getRunResult: Api['getRunResult'] = (request) => this.runs.getRunResult(request);
  getRunLatency: Api['getRunLatency'] = (request) => this.runs.getRunLatency(request);
  getRunMatrix: Api['getRunMatrix'] = (request) => this.runs.getRunMatrix(request);
  compareRuns: Api['compareRuns'] = (request) => this.runs.compareRuns(request);
  deleteRun: Api['deleteRun'] = (request) => this.runs.deleteRun(request);
  exportRun: Api['exportRun'] = (request) => this.runs.exportRun(request);
  openSuiteFile: HostShell['openSuiteFile'] = () => this.runs.openSuiteFile();
  /** The host's kept suite draft (suite-draft.json); tests may set it as a restart would find it. */
  suiteDraft: JsonObject | null = null;
  async loadSuiteDraft(): Promise<Result<{ draft: JsonObject | null }>> {
    this.record('loadSuiteDraft', undefined);
    return { ok: true, value: { draft: this.suiteDraft === null ? null : structuredClone(this.suiteDraft) } };
  }
  async saveSuiteDraft(request: { draft: JsonObject | null }): Promise<Result<{ kept: boolean }>> {
    this.record('saveSuiteDraft', request);
    this.suiteDraft = request.draft === null ? null : structuredClone(request.draft);
    return { ok: true, value: { kept: true } };
  }

  async findInPage(request: FindInPageRequest): Promise<Result<FindInPageResult>> {
    this.record('findInPage', request);
    return this.findResponder(request);
  }

  async stopFindInPage(): Promise<Result<{ stopped: boolean }>> {
    this.record('stopFindInPage', undefined);
    return { ok: true, value: { stopped: true } };
  }

  /** What the desktop's save dialog answers; files "saved" are kept in `savedFiles`. */
  saveResponder: (request: SaveTextFileRequest) => Result<SavedTextFile> = (request) => ({
    ok: true,
    value: { saved: true, path: `/home/user/Downloads/${request.suggestedName}` },
  });
  savedFiles: SaveTextFileRequest[] = [];

  async saveTextFile(request: SaveTextFileRequest): Promise<Result<SavedTextFile>> {
    this.record('saveTextFile', request);
    const answer = this.saveResponder(request);
    if (answer.ok && answer.value.saved) this.savedFiles.push(request);
    return answer;
  }

  async getGuideline(request: GuidelineRequest) {
    this.record('getGuideline', request);
    const changed = this.profileChanged(request.profileId);
    if (changed) return { ok: false as const, error: changed };
    const result = await this.guidelineResponder(request);
    // As the host does: every guideline read is kept in the active profile's library.
    await this.libraryMethods.recordFetch(request.profileId ?? this.profiles.activeProfileId, request.guidelineId, result);
    return result;
  }

  /**
   * The guideline library behind the library methods: the host's own methods on a memory store,
   * so the fake parses pastes and versions fetches exactly as the host does. Seed it with
   * `library.recordFetch(...)` or `library.add(...)`.
   */
  private readonly database = openMemoryDatabase();
  readonly library = this.database.library;
  /** Times handed to the library (added, fetched, read); tests may move it. */
  libraryClock = new Date('2026-11-20T09:30:00.000Z');
  private readonly libraryMethods = createLibraryMethods(this.library, {
    wallClock: () => this.libraryClock,
    profileExists: async (profileId) => this.profiles.profiles.some((profile) => profile.id === profileId),
    fetchGuideline: (profileId, guidelineId) => this.getGuideline({ profileId, guidelineId }),
  });

  listGuidelineLibrary: Api['listGuidelineLibrary'] = (request) => this.libraryCall('listGuidelineLibrary', request);
  addToGuidelineLibrary: Api['addToGuidelineLibrary'] = (request) => this.libraryCall('addToGuidelineLibrary', request);
  removeFromGuidelineLibrary: Api['removeFromGuidelineLibrary'] = (request) => this.libraryCall('removeFromGuidelineLibrary', request);
  pinLibraryGuideline: Api['pinLibraryGuideline'] = (request) => this.libraryCall('pinLibraryGuideline', request);
  setLibraryGuidelineLabels: Api['setLibraryGuidelineLabels'] = (request) => this.libraryCall('setLibraryGuidelineLabels', request);
  searchGuidelineLibrary: Api['searchGuidelineLibrary'] = (request) => this.libraryCall('searchGuidelineLibrary', request);
  listGuidelineVersions: Api['listGuidelineVersions'] = (request) => this.libraryCall('listGuidelineVersions', request);
  getGuidelineVersion: Api['getGuidelineVersion'] = (request) => this.libraryCall('getGuidelineVersion', request);
  markGuidelineRead: Api['markGuidelineRead'] = (request) => this.libraryCall('markGuidelineRead', request);

  private libraryCall<M extends keyof typeof this.libraryMethods.api>(method: M, request: Parameters<Api[M]>[0]): ReturnType<Api[M]> {
    this.record(method, request);
    const call = this.libraryMethods.api[method] as (argument: typeof request) => ReturnType<Api[M]>;
    return call(structuredClone(request));
  }

  /** The history behind the three history methods; seed it with `history.record(...)`. */
  readonly history = this.database.history;

  /** The checklists kept with history entries: the host's own methods on a memory store. */
  readonly checklists = this.database.checklists;
  private readonly checklistMethods = createChecklistMethods(this.checklists, { wallClock: () => new Date('2026-11-23T08:05:00.000Z') });

  listEntryChecklists: Api['listEntryChecklists'] = (request) => {
    this.record('listEntryChecklists', request);
    return this.checklistMethods.listEntryChecklists(structuredClone(request));
  };

  saveEntryChecklist: Api['saveEntryChecklist'] = (request) => {
    this.record('saveEntryChecklist', request);
    return this.checklistMethods.saveEntryChecklist(structuredClone(request));
  };

  async listHistory(request: HistoryQuery): Promise<Result<HistoryPage>> {
    this.record('listHistory', request);
    return { ok: true, value: await this.history.list(request) };
  }

  async getHistoryEntry(request: HistoryEntryRef): Promise<Result<HistoryEntry>> {
    this.record('getHistoryEntry', request);
    const entry = await this.history.get(request.id);
    return entry ? { ok: true, value: entry } : { ok: false, error: { code: 'invalid_argument', message: `There is no history entry ${request.id}.` } };
  }

  async searchHistory(request: HistorySearchRequest): Promise<Result<HistorySearchPage>> {
    this.record('searchHistory', request);
    return { ok: true, value: await this.history.search(request) };
  }

  /** Each tab's last invoke from `history` (seed it with `history.record({ ..., tabId })`). */
  async lastResponses(request: LastResponsesRequest): Promise<Result<TabLastResponse[]>> {
    this.record('lastResponses', request);
    return { ok: true, value: await this.history.lastForTabs(request.tabIds) };
  }

  /** Reports are built as the host builds them, from `history`; replace to make one fail or wait. */
  reportResponder: (request: HistoryReportRequest) => Promise<Result<HistoryReportFile>> = (request) =>
    createHistoryMethods(this.history, { wallClock: () => new Date('2026-11-23T08:00:00.000Z'), version: '0.1.0-test', retention: async () => ({ kind: 'all' }), checklists: this.checklists }).api.buildHistoryReport(request);

  async buildHistoryReport(request: HistoryReportRequest): Promise<Result<HistoryReportFile>> {
    this.record('buildHistoryReport', request);
    return this.reportResponder(request);
  }

  /** What Export workspace answers; tests replace it. */
  exportResponder: () => Result<WorkspaceFileExport> = () => ({
    ok: true,
    value: {
      suggestedName: 'agent-explorer-workspace.json',
      content: '{\n  "format": "agent-explorer-workspace",\n  "version": 1,\n  "profiles": [],\n  "catalog": [],\n  "tabs": []\n}\n',
      summary: '0 profiles, 0 catalog entries, 0 request tabs. Keys are never written to it.',
    },
  });

  /** What an import preview answers (by default: nothing in the file); tests replace it. */
  previewResponder: (request: WorkspaceImportRequest) => Result<WorkspaceImportPreview, WorkspaceFileError> = () => ({ ok: true, value: { items: [], notes: [] } });

  /** What an import answers (by default: nothing taken); a test's responder may change the fake's state as the host would. */
  applyResponder: (request: WorkspaceImportRequest) => Result<WorkspaceImportReport, WorkspaceFileError> = () => ({ ok: true, value: { items: [], complete: true } });

  async exportWorkspaceFile(): Promise<Result<WorkspaceFileExport>> {
    this.record('exportWorkspaceFile', undefined);
    return this.exportResponder();
  }

  async previewWorkspaceImport(request: WorkspaceImportRequest): Promise<Result<WorkspaceImportPreview, WorkspaceFileError>> {
    this.record('previewWorkspaceImport', request);
    return structuredClone(this.previewResponder(structuredClone(request)));
  }

  async applyWorkspaceImport(request: WorkspaceImportRequest): Promise<Result<WorkspaceImportReport, WorkspaceFileError>> {
    this.record('applyWorkspaceImport', request);
    return structuredClone(this.applyResponder(structuredClone(request)));
  }

  async pinHistoryEntry(request: PinHistoryRequest): Promise<Result<{ pinned: boolean }>> {
    this.record('pinHistoryEntry', request);
    const found = await this.history.pin(request.id, request.pinned);
    return found ? { ok: true, value: { pinned: request.pinned } } : { ok: false, error: { code: 'invalid_argument', message: `There is no history entry ${request.id}.` } };
  }

  async deleteHistoryEntries(request: DeleteHistoryRequest): Promise<Result<HistoryRemoved>> {
    this.record('deleteHistoryEntries', request);
    return { ok: true, value: { deleted: await this.history.delete(request.ids) } };
  }

  async clearHistory(request: ClearHistoryRequest): Promise<Result<HistoryRemoved>> {
    this.record('clearHistory', request);
    return { ok: true, value: { deleted: await this.history.clear(request) } };
  }

  async countHistory(): Promise<Result<HistoryCounts>> {
    this.record('countHistory', undefined);
    return { ok: true, value: await this.history.counts() };
  }
}

/** An exchange record with sensible defaults for tests. */
export function exchange(overrides: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return {
    method: 'POST',
    url: 'http://127.0.0.1:4010/api/agent/11111111-1111-4111-8111-111111111111/invoke/',
    requestBody: null,
    status: 200,
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{}',
    responseBytes: 2,
    responseBodyTruncated: false,
    roundTripMs: 12.5,
    startedAt: '2026-01-01T00:00:00.000Z',
    timing: { dns: 0.4, connect: 0.6, tls: null, send: 0.2, wait: 10.8, download: 0.5, total: 12.5, reusedConnection: false },
    ...overrides,
  };
}

/** A successful invoke result. */
export function okInvoke(answer: string, options: { duration?: string; ms?: number | null; token?: string } = {}): InvokeResult {
  const response = {
    answer,
    duration: options.duration ?? '850ms',
    ...(options.token === undefined ? {} : { token: options.token }),
  };
  return {
    ok: true,
    value: {
      response,
      serverDuration: { raw: response.duration, ms: options.ms === undefined ? 850 : options.ms },
      exchange: exchange({ responseBody: JSON.stringify(response), roundTripMs: 871.4 }),
    },
  };
}

const NO_SECRETS: ProfileSummary['secrets'] = {
  proxyPassword: { set: false, storage: 'none', note: null },
  certPassphrase: { set: false, storage: 'none', note: null },
};

/** The Sandbox profile as the host reports it. */
export function sandboxSummary(): ProfileSummary {
  return {
    id: 'sandbox',
    name: 'Sandbox',
    baseUrl: 'http://127.0.0.1:4010',
    kind: 'sandbox',
    auth: { kind: 'bearer' },
    timeoutMs: 60_000,
    tls: { verify: true, caFile: null },
    allowInsecureHttp: false,
    proxy: { mode: 'none' },
    editable: false,
    key: { set: true, storage: 'memory', note: 'The Sandbox key is made anew at each start.' },
    secrets: NO_SECRETS,
    warnings: [],
  };
}

function warningsOf(input: ProfileInput): ProfileSummary['warnings'] {
  const warnings: ProfileSummary['warnings'] = [];
  if (input.allowInsecureHttp && input.baseUrl.startsWith('http:')) {
    warnings.push({ code: 'insecure_http', message: 'Plain HTTP: the key and data travel unencrypted.' });
  }
  if (!input.tls.verify) warnings.push({ code: 'tls_unverified', message: 'TLS certificates are not verified.' });
  return warnings;
}

/** A custom profile summary with no key, as the host reports one after it is created. */
export function customSummary(id: string, input: ProfileInput): ProfileSummary {
  return {
    id,
    name: input.name,
    baseUrl: input.baseUrl,
    auth: input.auth,
    timeoutMs: input.timeoutMs,
    tls: input.tls,
    allowInsecureHttp: input.allowInsecureHttp,
    proxy: input.proxy ?? { mode: 'system' },
    kind: 'custom',
    editable: true,
    key: { set: false, storage: 'none', note: null },
    secrets: NO_SECRETS,
    warnings: warningsOf(input),
  };
}

/** A profile input with sensible defaults for tests: https, Bearer, 60 s, certificates verified. */
export function profileInput(overrides: Partial<ProfileInput> = {}): ProfileInput {
  return {
    name: 'Staging',
    baseUrl: 'https://staging.example.com',
    auth: { kind: 'bearer' },
    timeoutMs: 60_000,
    tls: { verify: true, caFile: null },
    allowInsecureHttp: false,
    ...overrides,
  };
}

/**
 * A custom profile as the host reports it, from `profileInput` defaults, with any field
 * overridden (e.g. `key` for one that has a key, `warnings` for a risky one).
 */
export function customProfile(id: string, overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  const { name, baseUrl, auth, timeoutMs, tls, allowInsecureHttp } = { ...profileInput(), ...overrides };
  return { ...customSummary(id, { name, baseUrl, auth, timeoutMs, tls, allowInsecureHttp }), ...overrides };
}

/** What the host answers an invoke that was cancelled while in flight. */
export function cancelledInvoke(): InvokeResult {
  return {
    ok: false,
    error: {
      code: 'cancelled',
      message: 'The request was cancelled before an answer arrived.',
      exchange: exchange({ status: null, statusText: '', responseBody: null, responseBytes: 0, timing: null }),
    },
  };
}
