import { suiteDraftDocument } from './runs/suiteDraftDocument';
import type { RunProgressSource } from './runs/runProgress';
import { createRunProgressHub } from './runs/runProgress';
import { createExportTickets, type ExportTickets } from './reports/runs/exportTickets';
import os from 'node:os';
import path from 'node:path';
import type { Api, HostKind } from '../shared/api';
import { sandboxKnownAgents, sandboxKnownGuidelines } from '../sandbox/catalog';
import { startSandbox, type SandboxLatency, type SandboxServer } from '../sandbox/server';
import { originOf } from './profiles/baseUrl';
import { catalogDocument, settingsDocument, workspaceDocument } from './workspace/appStores';
import { guidelineTabsDocument } from './workspace/guidelineTabs';
import { openAppDatabase, type AppDatabase } from './db/open';
import { ensurePrivateDir } from './storage/privateFiles';
import { environmentProfile } from './profiles/environment';
import { createPlatformClient } from './http/platformClient';
import {
  createFileProfileStore,
  createMemoryProfileStore,
  ENVIRONMENT_PROFILE_ID,
  sandboxProfile,
  SANDBOX_PROFILE_ID,
  type Profile,
} from './profiles/profiles';
import {
  createKeychainSecretStore,
  createMemorySecretStore,
  routeSecretStores,
  type SecretCipher,
  type SecretStore,
} from './profiles/secrets';
import { createApiService } from './service';
import { rememberedSandboxPort } from './sandboxPort';
import { removeOrphanedTemporaryFiles } from './storage/temporaryFiles';
import { createHttpTransport } from './http/httpTransport';
import { createProxyResolver, environmentProxy, type SystemProxy } from './http/proxyRoute';

/**
 * Starts everything behind the contract, the same way for Electron and for browser mode: the
 * embedded sandbox (real HTTP on 127.0.0.1: the port of the last start when it is free, a new
 * key each start; see sandboxPort.ts for why the key is not kept), the Environment profile
 * when AGENT_EXPLORER_BASE_URL is set, the stores, the platform client, and the service.
 */

export interface CoreOptions {
  host: HostKind;
  version: string;
  /** Where profiles (and, with a cipher, encrypted keys) are saved; absent or null: nothing is saved. */
  dataDir?: string | null;
  /** The OS encryption for keys at rest. Without one, keys stay in memory for the session. */
  cipher?: SecretCipher;
  env?: Record<string, string | undefined>;
  /** Fixed sandbox key, for tests that look for it where it must not be; random otherwise. */
  sandboxKey?: string;
  sandboxLatency?: SandboxLatency;
  /** Where answers too large for memory are saved on request; default: responses/ in the data directory (or the temp folder). */
  downloadsDir?: string;
  /**
   * Where the history, library, checklists and runs are kept; default: history.sqlite in the data
   * folder, or memory without one. Closed with the core.
   */
  database?: AppDatabase;
  /** Where start-up problems are told (a broken profiles file, a bad environment variable). */
  onProblem?: (message: string) => void;
  /**
   * What a profile's "System" proxy setting means on this host: the desktop app passes the
   * session's answer (adapters/systemProxy.ts); default: HTTP_PROXY, HTTPS_PROXY and NO_PROXY
   * from `env`.
   */
  systemProxy?: SystemProxy;
}

export interface Core {
  api: Api;
  sandbox: SandboxServer;
  /** Run progress, for the shell to forward to its window and browser mode to stream (fed by the run service, batched). */
  runProgress: RunProgressSource;
  /** Run exports held for their save (exportRun's tickets), for the shell's save dialog and browser mode's download. */
  runExports: ExportTickets;
  close(): Promise<void>;
}

const BROWSER_MODE_NOTE = 'Browser mode never writes keys to disk.';

export async function startCore(options: CoreOptions): Promise<Core> {
  const onProblem = options.onProblem ?? (() => undefined);
  const inDataDir = (name: string) => (options.dataDir ? path.join(options.dataDir, name) : null);
  if (options.dataDir) {
    // The caller holds the folder (browser mode's lock, Electron's single-instance lock), so no
    // other process can be half-way through a write: every *.tmp there is an orphan.
    await ensurePrivateDir(options.dataDir);
    await removeOrphanedTemporaryFiles(options.dataDir);
  }
  const sandboxPort = rememberedSandboxPort(inDataDir('sandbox.json'), onProblem);
  const lastPort = await sandboxPort.read();
  const sandbox = await startSandbox({
    ...(options.sandboxKey === undefined ? {} : { apiKey: options.sandboxKey }),
    latency: options.sandboxLatency ?? 'realistic',
    ...(lastPort === null ? {} : { preferredPort: lastPort }),
  });
  if (lastPort !== null && sandbox.port !== lastPort) {
    // Someone else has the old port: a snippet copied before now talks to them, not to us.
    onProblem(
      `The Sandbox could not have port ${lastPort} again (it is in use); it is on port ${sandbox.port} now, so copy snippets again.`,
    );
  }
  await sandboxPort.remember(sandbox.port);

  const fixed: Profile[] = [sandboxProfile(sandbox.url)];
  const fixedSecrets: Record<string, SecretStore> = {
    [SANDBOX_PROFILE_ID]: createMemorySecretStore({ note: 'The Sandbox makes a new key at each start.' }),
  };
  await fixedSecrets[SANDBOX_PROFILE_ID]!.set(SANDBOX_PROFILE_ID, sandbox.apiKey, originOf(sandbox.url));

  const environment = environmentProfile(options.env ?? {});
  if (!environment.ok) onProblem(`${environment.message} The Environment profile was not created.`);
  if (environment.ok && environment.value) {
    fixed.push(environment.value.profile);
    const store = createMemorySecretStore({ storage: 'environment', note: 'From AGENT_EXPLORER_API_KEY; never saved.' });
    // Bound to AGENT_EXPLORER_BASE_URL's origin, like any key: it is sent there and nowhere else.
    if (environment.value.key) await store.set(ENVIRONMENT_PROFILE_ID, environment.value.key, originOf(environment.value.profile.baseUrl));
    fixedSecrets[ENVIRONMENT_PROFILE_ID] = store;
  }
  const preferred = environment.ok && environment.value ? ENVIRONMENT_PROFILE_ID : undefined;

  const profiles = options.dataDir
    ? createFileProfileStore(path.join(options.dataDir, 'profiles.json'), fixed, preferred, onProblem)
    : createMemoryProfileStore(fixed, preferred);
  const userSecrets =
    options.cipher && options.dataDir
      ? createKeychainSecretStore({ file: path.join(options.dataDir, 'keys.json'), cipher: options.cipher, onProblem })
      : createMemorySecretStore({ note: options.host === 'browser' ? BROWSER_MODE_NOTE : 'No OS keychain was offered to the app.' });

  // After the folder is made private, before anything can be answered: every exchange is kept.
  const database = options.database ?? openAppDatabase(inDataDir('history.sqlite'), onProblem);
  const runProgress = createRunProgressHub();
  const runExports = createExportTickets();
  const closers: Array<() => Promise<void>> = [];
  const api = createApiService({
    host: options.host,
    version: options.version,
    profiles,
    secrets: routeSecretStores(fixedSecrets, userSecrets),
    client: createPlatformClient({
      transport: createHttpTransport(undefined, onProblem),
      now: () => performance.now(),
      wallClock: () => new Date(),
      userAgent: `AgentExplorer/${options.version}`,
      resolveProxy: createProxyResolver(options.systemProxy ?? environmentProxy(options.env ?? {})),
    }),
    settings: settingsDocument(inDataDir('settings.json'), onProblem),
    workspace: workspaceDocument(inDataDir('workspace.json'), onProblem),
    guidelineTabs: guidelineTabsDocument(inDataDir('guideline-tabs.json'), onProblem),
    suiteDraft: suiteDraftDocument(inDataDir('suite-draft.json'), onProblem),
    catalog: catalogDocument(inDataDir('catalog.json'), onProblem),
    wallClock: () => new Date(),
    history: database.history,
    library: database.library,
    checklists: database.checklists,
    runs: database.runs,
    onRunProgress: (progress) => runProgress.emit(progress),
    runExports,
    closers,
    onProblem,
    downloadsDir: options.downloadsDir ?? path.join(options.dataDir ?? os.tmpdir(), 'responses'),
    ...(options.dataDir ? { runDataDir: path.join(options.dataDir, 'run-data') } : {}),
    knownResources: (profile) =>
      profile.kind === 'sandbox' ? { agents: sandboxKnownAgents(), guidelines: sandboxKnownGuidelines() } : { agents: [], guidelines: [] },
  });
  return {
    api,
    sandbox,
    runProgress,
    runExports,
    close: async () => {
      // Runs going are cancelled and write their end before the database closes.
      for (const close of closers) await close();
      await sandbox.close();
      database.close(); // the last connection checkpoints the WAL into the file and removes it
      await database.checked; // the background check has stopped
    },
  };
}
