import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AppHeader } from './AppHeader';
import { SandboxNotice } from './SandboxNotice';
import { SkipLink } from './SkipLink';
import { loadGuidelineReader } from '../features/guidelines/LazyGuidelineReader';
import { loadSafeMarkdown } from '../features/guidelines/LazySafeMarkdown';
import { loadCompareView } from '../features/history/LazyCompareView';
import { loadDialogs } from '../features/settings/LazyDialogs';
import { LazyGuidelinesPanel, loadGuidelinesPanel } from '../features/guidelines/LazyGuidelinesPanel';
import { GuidelineTabsProvider } from '../features/guidelines/tabs/GuidelineTabsContext';
import { WorkbenchBeside } from '../features/guidelines/tabs/WorkbenchBeside';
import { LazyHistoryPanel, loadHistoryPanel } from '../features/history/LazyHistoryPanel';
import { ReplayContext, type ReplayChannel, type ReplayRequest } from '../features/history/replay';
import { InvokePanel } from '../features/invoke/InvokePanel';
import { LazyRunsPanel, loadRunsPanel } from '../features/runs/LazyRunsPanel';
import { SuiteChannelContext, type ActiveRequest, type SuiteChannel, type SuiteSeed } from '../features/runs/suiteChannel';
import { thrownMessage } from '../lib/errorKinds';
import { useAppInfo } from './appInfo';
import { useKnownAgents, useKnownGuidelines } from '../features/catalog/queries/knownLists';
import { useProfiles } from '../features/profile/queries/profiles';
import { useWorkspace } from '../features/workspace/queries/workspace';
import { SectionBoundary } from '../ui/ErrorBoundary';
import { Tabs, type TabSpec } from '../ui/Tabs';

/** The app's readiness, for people (the banner) and for tests (`data-app-state`). */
type AppState = 'loading' | 'ready' | 'error';

/**
 * The sections. The Agents section is the first screen; the others are built when first opened
 * (their code comes in chunks of their own), then kept mounted, hidden, so what was typed in one
 * survives switching. Building them all up front made the first screen wait for three screens
 * nobody had asked for yet, and for their queries.
 */
const sectionTabs = (section: string, opened: ReadonlySet<string>): readonly TabSpec[] => [
  // Each section in its own error boundary: one that fails to render leaves the other working.
  // The workbench with a guideline beside it; the guideline panel has its own boundary.
  {
    id: 'agents',
    label: 'Agents',
    panel: (
      <SectionBoundary name="Agents">
        <WorkbenchBeside>
          <InvokePanel />
        </WorkbenchBeside>
      </SectionBoundary>
    ),
  },
  {
    id: 'guidelines',
    label: 'Guidelines',
    panel: opened.has('guidelines') && (
      <SectionBoundary name="Guidelines">
        <LazyGuidelinesPanel />
      </SectionBoundary>
    ),
  },
  {
    id: 'history',
    label: 'History',
    panel: opened.has('history') && (
      <SectionBoundary name="History">
        <LazyHistoryPanel visible={section === 'history'} />
      </SectionBoundary>
    ),
  },
  // Suites and their runs.
  {
    id: 'runs',
    label: 'Runs',
    panel: opened.has('runs') && (
      <SectionBoundary name="Runs">
        <LazyRunsPanel />
      </SectionBoundary>
    ),
  },
];

/**
 * The app shell. It renders at once and stays rendered: the state attribute says when the
 * profiles, known lists and request tabs have arrived ("ready"), and a failure to reach the host shows
 * as a banner rather than replacing the shell, so nothing typed is lost while it recovers.
 */
export function App() {
  const appInfo = useAppInfo();
  const profiles = useProfiles();
  const agents = useKnownAgents();
  const guidelines = useKnownGuidelines();
  // The request tabs are restored from the host: until that settles there is no form to type
  // in. If it fails, the Agents panel starts a fresh tab and says so, so it is no host failure.
  const workspace = useWorkspace();
  // The section in front, and a request History's Replay hands to the Agents section.
  const [section, setSection] = useState('agents');
  // The sections opened so far (however they were brought to front: a tab, Replay, a suite from History).
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([section]));
  if (!opened.has(section)) setOpened(new Set([...opened, section]));
  const [pending, setPending] = useState<ReplayRequest | null>(null);
  const toAgents = useCallback(() => setSection('agents'), []);
  const replay = useMemo<ReplayChannel>(
    () => ({
      pending,
      replay: (request) => {
        setPending({ ...request, key: Date.now() + Math.random() });
        setSection('agents');
      },
      taken: (key) => setPending((current) => (current?.key === key ? null : current)),
    }),
    [pending],
  );
  // A suite History makes from its selection, waiting for the Runs section; and the request tab in front.
  const [pendingSuite, setPendingSuite] = useState<SuiteSeed | null>(null);
  const activeRequest = useRef<ActiveRequest | null>(null);
  const suites = useMemo<SuiteChannel>(
    () => ({
      pending: pendingSuite,
      seed: (seed) => {
        setPendingSuite({ ...seed, key: Date.now() + Math.random() });
        setSection('runs');
      },
      taken: (key) => setPendingSuite((current) => (current?.key === key ? null : current)),
      activeRequest: () => activeRequest.current,
      reportActiveRequest: (request) => {
        activeRequest.current = request;
      },
    }),
    [pendingSuite],
  );
  const basics = [profiles, agents, guidelines, appInfo];
  const failed = basics.filter((query) => query.isError);
  const state: AppState =
    failed.length > 0
      ? 'error'
      : profiles.isSuccess && agents.isSuccess && guidelines.isSuccess && !workspace.isPending
        ? 'ready'
        : 'loading';

  // What the first screen leaves out (the markdown renderer, the other sections, the dialogs):
  // once that screen is ready, fetch it while the window is idle, so opening it does not wait.
  useEffect(() => {
    if (state !== 'ready') return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void loadSafeMarkdown().catch(() => undefined));
    idle(() => void loadGuidelineReader().catch(() => undefined));
    idle(() => void loadCompareView().catch(() => undefined));
    idle(() => void loadDialogs().catch(() => undefined));
    idle(() => void loadRunsPanel().catch(() => undefined));
    idle(() => void loadGuidelinesPanel().catch(() => undefined));
    idle(() => void loadHistoryPanel().catch(() => undefined));
  }, [state]);

  return (
    <div className="app" data-app-state={state}>
      <SkipLink mainId="main-pane" />
      <AppHeader />
      <SandboxNotice />
      {failed.length > 0 && (
        <div role="alert" className="host-banner">
          <strong>Agent Explorer cannot reach its host.</strong> <span>{thrownMessage(failed[0]?.error)}</span>{' '}
          <button type="button" className="button-quiet button-small" onClick={() => failed.forEach((query) => void query.refetch())}>
            Try again
          </button>
        </div>
      )}
      <main className="app-main" id="main-pane">
        <ReplayContext.Provider value={replay}>
          <SuiteChannelContext.Provider value={suites}>
            <GuidelineTabsProvider onShowBeside={toAgents}>
              <Tabs label="Sections" tabs={sectionTabs(section, opened)} activeId={section} onActivate={setSection} />
            </GuidelineTabsProvider>
          </SuiteChannelContext.Provider>
        </ReplayContext.Provider>
      </main>
    </div>
  );
}
