import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { API_METHODS, DESKTOP_CAPABILITIES } from '../../electron/shared/api';
import type {
  Api,
  AppSettings,
  CatalogAgent,
  FindInPageRequest,
  FindInPageResult,
  GuidelineTabs,
  HostShell,
  JsonObject,
  KnownAgent,
  KnownGuideline,
  MethodName,
  ProfilesState,
  Result,
  SavedTextFile,
  SaveTextFileRequest,
  Workspace,
  WorkspaceFileError,
  WorkspaceFileExport,
  WorkspaceImportPreview,
  WorkspaceImportReport,
  WorkspaceImportRequest,
  HistoryReportRequest,
  HostEvents,
  OpenedSuiteFile,
  RunProgress,
} from '../../electron/shared/api';
import { createApiService } from '../../electron/core/service';
import { openMemoryDatabase } from '../../electron/core/db/open';
import {
  catalogDocument,
  DEFAULT_SETTINGS,
  settingsDocument,
  workspaceDocument,
  type CatalogByProfile,
} from '../../electron/core/workspace/appStores';
import { guidelineTabsDocument } from '../../electron/core/workspace/guidelineTabs';
import { suiteDraftDocument, type SuiteDraftFile } from '../../electron/core/runs/suiteDraftDocument';
import type { JsonDocument } from '../../electron/core/storage/jsonDocument';
import type { ProfileStore } from '../../electron/core/profiles/profiles';
import type { SecretStore } from '../../electron/core/profiles/secrets';
import { sandboxSummary, seedProfiles } from './hostProfiles';
import { defaultScript, scriptedClient, type PlatformScript } from './scriptedPlatform';
import { ScriptedEventStream } from './scriptedEvents';
import { createExportTickets } from '../../electron/core/reports/runs/exportTickets';
import { exportText } from './heldExports';

export { cancelledInvoke, exchange, okInvoke } from './scriptedPlatform';
export { customProfile, customSummary, profileInput, sandboxSummary } from './hostProfiles';

/**
 * The host for component tests: the real core (service.ts) over SQLite ':memory:' and in-memory
 * documents, in front of a scripted platform (scriptedPlatform.ts). The test sets the scene
 * (profiles, workspace, catalog, settings...) through the knobs below, which seed the real stores;
 * what the host answers is the core's own. Every call is recorded, so a test can assert what was
 * sent, or that nothing was.
 *
 * Runs too are the core's own (its run service, runner and run store), started from suites
 * (runSuites.ts); a test sees one going by holding the platform's answers (`platform.hold()`,
 * then `release`). What stays scripted, and why: the platform (no sockets in jsdom); the desktop
 * window's Shell (find in page and the save and open dialogs need Electron); browser mode's
 * event stream dropping and coming back (`eventStream`).
 */
// The class declares the knobs; the Api's methods are made in the constructor from the method table.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface FakeApi extends Api, HostShell {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class FakeApi {
  readonly calls: { method: MethodName; argument: unknown }[] = [];

  /**
   * True: the fake is the desktop app (getAppInfo says electron, and renderApp gives the page
   * this fake as its Shell, with its save and open dialogs). False: browser mode, where the page
   * has the browser's Shell (downloads, file inputs, the browser's own find).
   */
  desktop = false;
  /** As the desktop's Shell: it has every capability (used only when `desktop` is true). */
  readonly capabilities = DESKTOP_CAPABILITIES;

  /** What the app knows of the active profile's agents and guidelines. */
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

  /** The platform's answers (see scriptedPlatform.ts); tests replace the responders. */
  private readonly script: PlatformScript = defaultScript();
  get invokeResponder() {
    return this.script.invokeResponder;
  }
  set invokeResponder(responder: PlatformScript['invokeResponder']) {
    this.script.invokeResponder = responder;
  }
  get guidelineResponder() {
    return this.script.guidelineResponder;
  }
  set guidelineResponder(responder: PlatformScript['guidelineResponder']) {
    this.script.guidelineResponder = responder;
  }
  get saveToFileResponder() {
    return this.script.saveToFileResponder;
  }
  set saveToFileResponder(responder: PlatformScript['saveToFileResponder']) {
    this.script.saveToFileResponder = responder;
  }
  /** The one form of the key the platform takes (Detect finds it); null: any form. */
  get acceptedAuth() {
    return this.script.acceptedAuth;
  }
  set acceptedAuth(auth: PlatformScript['acceptedAuth']) {
    this.script.acceptedAuth = auth;
  }

  /** The platform's invoke answers held back until the test releases them (see AnswerGate). */
  get platform() {
    return this.script.gate;
  }

  /** The host's clock, for everything it stamps (library, checklists, catalog, reports). */
  clock = new Date('2026-11-20T09:30:00.000Z');

  /** A fresh data folder: saved keys (encrypted by the test cipher) and answers saved to files. */
  private readonly dataDir = freshFolder();
  private readonly database = openMemoryDatabase();
  /** The host's pushed events: the real run service's progress, and browser mode's stream dropping and resuming. */
  readonly eventStream = new ScriptedEventStream();
  /** Run exports held for their save (exportRun's tickets), as the host holds them for its Shell and browser mode's download. */
  readonly runExports = createExportTickets();
  /** The stores behind history, library and checklists; seed them directly (`history.record(...)`). */
  readonly history = this.database.history;
  readonly library = this.database.library;
  readonly checklists = this.database.checklists;

  private stores!: { profiles: ProfileStore; secrets: SecretStore };
  private readonly documents = {
    settings: settingsDocument(null),
    workspace: workspaceDocument(null),
    catalog: catalogDocument(null),
    guidelineTabs: guidelineTabsDocument(null),
    suiteDraft: suiteDraftDocument(null),
  };
  /** What the knobs below read: the stores as they were after the last call or seed. */
  private seen: {
    profiles: ProfilesState;
    settings: AppSettings;
    workspace: Workspace;
    catalog: CatalogByProfile;
    guidelineTabs: GuidelineTabs;
    suiteDraft: SuiteDraftFile;
  };
  /** Seeds in order; every call waits for them. */
  private ready: Promise<unknown> = Promise.resolve();
  private readonly core: Api;

  constructor() {
    const forward = <T>(name: keyof FakeApi['documents']): JsonDocument<T> => ({
      read: () => (this.documents[name] as JsonDocument<T>).read(),
      update: (change) => (this.documents[name] as JsonDocument<T>).update(change),
    });
    const pick = <K extends 'profiles' | 'secrets'>(store: K) =>
      new Proxy({}, { get: (_, key) => Reflect.get(this.stores[store], key) }) as FakeApi['stores'][K];
    this.core = createApiService({
      host: 'browser',
      version: '0.0.0-test',
      profiles: pick('profiles'),
      secrets: pick('secrets'),
      client: scriptedClient(this.script),
      knownResources: () => ({ agents: this.agents, guidelines: this.guidelines }),
      settings: forward('settings'),
      workspace: forward('workspace'),
      catalog: forward('catalog'),
      guidelineTabs: forward('guidelineTabs'),
      suiteDraft: forward('suiteDraft'),
      wallClock: () => this.clock,
      downloadsDir: path.join(this.dataDir, 'responses'),
      runDataDir: path.join(this.dataDir, 'run-data'),
      history: this.history,
      library: this.library,
      checklists: this.checklists,
      runs: this.database.runs,
      onRunProgress: (progress) => this.eventStream.hub.emit(progress),
      runExports: this.runExports,
    });
    this.seen = {
      profiles: { activeProfileId: 'sandbox', profiles: [sandboxSummary()] },
      settings: { ...DEFAULT_SETTINGS },
      workspace: { tabs: [], activeTabId: null },
      catalog: {},
      guidelineTabs: { tabs: [], active: null, beside: { guideline: null, open: false, width: 420 } },
      suiteDraft: { draft: null },
    };
    this.profiles = this.seen.profiles;
    for (const method of API_METHODS) {
      if (Object.hasOwn(this, method)) continue; // answered below, not by the core
      const call = this.core[method] as (argument: unknown) => Promise<unknown>;
      Object.assign(this, { [method]: (argument: unknown) => this.answered(method, argument, call) });
    }
  }

  private record(method: MethodName, argument: unknown): void {
    this.calls.push({ method, argument });
  }

  callsOf(method: MethodName): unknown[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.argument);
  }

  /** Reads the stores back for the knobs, after a call and the seeds it made: what a test sees is what the core kept. */
  private async look(): Promise<void> {
    for (let ready = this.ready; ; ready = this.ready) {
      await ready;
      if (ready === this.ready) break;
    }
    const [profiles, settings, workspace, catalog, guidelineTabs, suiteDraft] = await Promise.all([
      this.core.listProfiles(),
      this.documents.settings.read(),
      this.documents.workspace.read(),
      this.documents.catalog.read(),
      this.documents.guidelineTabs.read(),
      this.documents.suiteDraft.read(),
    ]);
    this.seen = { profiles, settings, workspace, catalog, guidelineTabs, suiteDraft };
  }

  /** Applies a seed after those before it; what it sets is seen at once. */
  private seed(apply: () => Promise<unknown>): void {
    this.ready = this.ready.then(apply);
  }

  /** The profiles, the active one and which keys are set; setting it seeds the real stores. */
  get profiles(): ProfilesState {
    return this.seen.profiles;
  }
  set profiles(state: ProfilesState) {
    this.seen.profiles = structuredClone(state);
    const keysFile = path.join(this.dataDir, `keys-${this.calls.length}-${Math.random().toString(36).slice(2)}.json`);
    this.seed(async () => {
      this.stores = await seedProfiles(state, keysFile);
    });
  }

  get settings(): AppSettings {
    return this.seen.settings;
  }

  /** The request tabs the host keeps; set it as a restart (or another page) would leave them. */
  get workspace(): Workspace {
    return this.seen.workspace;
  }
  set workspace(workspace: Workspace) {
    this.seen.workspace = structuredClone(workspace);
    this.seed(() => this.documents.workspace.update(() => structuredClone(workspace)));
  }

  /** The active profile's catalog. */
  get catalog(): CatalogAgent[] {
    return this.seen.catalog[this.seen.profiles.activeProfileId] ?? [];
  }
  set catalog(entries: CatalogAgent[]) {
    const profileId = this.seen.profiles.activeProfileId;
    this.seen.catalog = { ...this.seen.catalog, [profileId]: structuredClone(entries) };
    this.seed(() => this.documents.catalog.update((catalog) => ({ ...catalog, [profileId]: structuredClone(entries) })));
  }

  /** The kept guideline tabs; tests set them to start "after a restart". */
  get guidelineTabs(): GuidelineTabs {
    return this.seen.guidelineTabs;
  }
  set guidelineTabs(tabs: GuidelineTabs) {
    this.seen.guidelineTabs = structuredClone(tabs);
    this.seed(() => this.documents.guidelineTabs.update(() => structuredClone(tabs)));
  }

  /** The host's kept suite draft (suite-draft.json); tests may set it as a restart would find it. */
  get suiteDraft(): JsonObject | null {
    return this.seen.suiteDraft.draft;
  }
  set suiteDraft(draft: JsonObject | null) {
    this.seen.suiteDraft = { draft: structuredClone(draft) };
    this.seed(() => this.documents.suiteDraft.update(() => ({ draft: structuredClone(draft) })));
  }

  getAppInfo: Api['getAppInfo'] = () =>
    this.answered('getAppInfo', undefined, async () => ({
      ...(await this.core.getAppInfo()),
      host: this.desktop ? ('electron' as const) : ('browser' as const),
    }));

  /**
   * What the host answers these, by default the core's own; a test may replace one (a report
   * that fails or waits, a workspace file's preview) and call the default from its own.
   */
  reportResponder = (request: HistoryReportRequest) => this.core.buildHistoryReport(request);
  exportResponder = (): Promise<Result<WorkspaceFileExport>> | Result<WorkspaceFileExport> => this.core.exportWorkspaceFile();
  previewResponder = (
    request: WorkspaceImportRequest,
  ): Promise<Result<WorkspaceImportPreview, WorkspaceFileError>> | Result<WorkspaceImportPreview, WorkspaceFileError> =>
    this.core.previewWorkspaceImport(request);
  applyResponder = (
    request: WorkspaceImportRequest,
  ): Promise<Result<WorkspaceImportReport, WorkspaceFileError>> | Result<WorkspaceImportReport, WorkspaceFileError> =>
    this.core.applyWorkspaceImport(request);

  buildHistoryReport: Api['buildHistoryReport'] = (request) => this.answered('buildHistoryReport', request, this.reportResponder);
  exportWorkspaceFile: Api['exportWorkspaceFile'] = () => this.answered('exportWorkspaceFile', undefined, this.exportResponder);
  previewWorkspaceImport: Api['previewWorkspaceImport'] = (request) =>
    this.answered('previewWorkspaceImport', request, this.previewResponder);
  applyWorkspaceImport: Api['applyWorkspaceImport'] = (request) => this.answered('applyWorkspaceImport', request, this.applyResponder);

  private async answered<A, R>(method: MethodName, argument: A, responder: (argument: A) => R | Promise<R>): Promise<R> {
    this.record(method, argument);
    await this.ready;
    try {
      return structuredClone(await responder(structuredClone(argument)));
    } finally {
      await this.look();
    }
  }

  /** The host's pushed events, as the page subscribes to them (see scriptedEvents.ts). */
  get events(): HostEvents {
    return this.eventStream.events;
  }

  /** Resolves once the run has ended: with its last event, or null when it had ended already. */
  async runEnded(runId: string): Promise<RunProgress | null> {
    const ended = this.eventStream.next(runId, (progress) => progress.state !== 'running');
    const record = await this.database.runs.get(runId);
    return record && record.state !== 'running' ? null : ended;
  }

  // The desktop window's Shell: Electron's find and dialogs, scripted.
  /** What the desktop's open dialog answers for a suite file. */
  openResponder: () => Result<OpenedSuiteFile | null> = () => ({ ok: true, value: null });
  openSuiteFile: HostShell['openSuiteFile'] = async () => {
    this.record('openSuiteFile', undefined);
    return this.openResponder();
  };

  /** What the page's find answers: by default, as many matches as the text has letters, up to 3. */
  findResponder: (request: FindInPageRequest) => Result<FindInPageResult> = (request) => ({
    ok: true,
    value: { matches: Math.min(request.text.length, 3), activeMatchOrdinal: Math.min(request.text.length, 1) },
  });
  findInPage: HostShell['findInPage'] = async (request) => {
    this.record('findInPage', request);
    return this.findResponder(request);
  };
  stopFindInPage: HostShell['stopFindInPage'] = async () => {
    this.record('stopFindInPage', undefined);
    return { ok: true, value: { stopped: true } };
  };

  /**
   * What the desktop's save dialog answers; files "saved" are kept in `savedFiles`, with their
   * text (a held export's read from the host, as the real dialog's save writes it).
   */
  saveResponder: (request: SaveTextFileRequest) => Result<SavedTextFile> = (request) => ({
    ok: true,
    value: { saved: true, path: `/home/user/Downloads/${request.suggestedName}` },
  });
  savedFiles: Array<{ suggestedName: string; mediaType: SaveTextFileRequest['mediaType']; content: string }> = [];
  saveTextFile: HostShell['saveTextFile'] = async (request) => {
    this.record('saveTextFile', request);
    const held = 'ticket' in request ? this.runExports.take(request.ticket) : null;
    if (held && !held.ok) return held;
    const answer = this.saveResponder(request);
    if (answer.ok && answer.value.saved) {
      const content = held ? await exportText(held.value) : 'content' in request ? request.content : '';
      this.savedFiles.push({ suggestedName: request.suggestedName, mediaType: request.mediaType, content });
    }
    return answer;
  };
}

/** A new private folder, removed when the test that made it ends. */
function freshFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'agent-explorer-fake-'));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // Made outside a test (a beforeEach, a describe block): removed when the worker exits.
    process.once('exit', remove);
  }
  return folder;
}
