import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Api, StartRunRequest, SuiteProblem } from '../../../electron/shared/api';
import { agentKnowledge } from '../../lib/agentKnowledge';
import { thrownMessage } from '../../lib/errorKinds';
import { formatBytes } from '../../lib/format';
import { useHost } from '../../host/HostContext';
import { useCatalog } from '../catalog/queries/catalog';
import { useKnownAgents } from '../catalog/queries/knownLists';
import { useProfiles } from '../profile/queries/profiles';
import { useRunProgress } from './queries/runs';
import { SegmentedToggle } from '../../ui/SegmentedToggle';
import { LazyCatalogDialog } from '../settings/LazyDialogs';
import { LazyRunInsights, LazyRunView } from './LazyRun';
import { PastRuns } from './PastRuns';
import { defaultRunSettings, runSettingsOf, RunSettingsFields } from './RunSettingsFields';
import { useSuiteChannel } from './suiteChannel';
import { useSuiteDraft } from './suiteDraftStore';
import { suiteFileText, useSuiteFiles, type Opened } from './suiteFiles';
import { caseFromRequest, emptySuite, fromSuiteText, localProblems, suiteFileName, toSuite, type SuiteDraft } from './suiteModel';
import { SuiteEditor } from './SuiteEditor';
import { focusSuiteField, SuiteProblems } from './SuiteProblems';
import { sourceProblem, SuiteSource } from './SuiteSource';
import { SplitPanes } from '../../ui/SplitPanes';
import { heldBytes, sendRunData, type HeldDataFile } from './sendRunData';

const VIEWS = [
  { value: 'form', label: 'Form' },
  { value: 'source', label: 'Source' },
] as const;

/** What the section says; `saveData` names a data file to offer to save (after the suite was saved). */
/** A data file this large says how much of it is sent while the run starts (a smaller one is sent at once). */
const SHOW_SENDING_BYTES = 4 * 1024 * 1024;

type StartAnswer = ReturnType<Api['startRun']>;

type Note = { kind: 'status' | 'error'; text: string; saveData?: string | null } | null;

/** True when the draft holds something of the person's (worth keeping when another suite replaces it). */
const hasWork = (draft: SuiteDraft) => draft.dirty && JSON.stringify(toSuite(draft)) !== JSON.stringify(toSuite(emptySuite()));

/**
 * The Runs section, two panes: the suite (its editor, a form or its JSON, and its files) and the
 * run (the settings of a run and "Run suite", the problems of a suite the host refused, the run
 * started or opened, its insights, and the section's past runs). A run started or opened comes
 * to the top of its pane (RunView), so its progress is where the person is looking. A new suite comes from here (empty, or from the request tab in front) or
 * from History's selection; one that replaces an edited suite keeps that suite to restore.
 */
export function RunsPanel() {
  const api = useHost();
  const queryClient = useQueryClient();
  const profiles = useProfiles();
  const agents = useKnownAgents();
  const catalog = useCatalog();
  const channel = useSuiteChannel();
  const { draft, setDraft, kept } = useSuiteDraft();
  const [previous, setPrevious] = useState<SuiteDraft | null>(null);
  const [view, setView] = useState<'form' | 'source'>('form');
  const [sourceText, setSourceText] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [dataNote, setDataNote] = useState<string | null>(null);
  const [settings, setSettings] = useState(defaultRunSettings);
  const [problems, setProblems] = useState<SuiteProblem[]>([]);
  const [openRunId, setOpenRunId] = useState<string | null>(null);
  const [deletedRunId, setDeletedRunId] = useState<string | null>(null);
  const [catalogFor, setCatalogFor] = useState<string | null>(null);
  const focusAfterView = useRef<string | null>(null);
  const editorRoot = useRef<HTMLDivElement>(null);
  const suiteInput = useRef<HTMLInputElement>(null);
  useRunProgress();

  /** Bytes of the data file sent so far while a run starts, or null. */
  const [dataSent, setDataSent] = useState<{ name: string; sent: number; total: number } | null>(null);
  const start = useMutation({
    mutationFn: async ({ data, ...request }: Omit<StartRunRequest, 'data'> & { data: HeldDataFile | null }): StartAnswer => {
      if (data === null) return api.startRun({ ...request, data: null });
      const total = heldBytes(data);
      setDataSent({ name: data.name, sent: 0, total });
      try {
        const sent = await sendRunData(api, data, (bytes) => setDataSent({ name: data.name, sent: bytes, total }));
        return sent.ok ? await api.startRun({ ...request, data: sent.value }) : sent;
      } finally {
        setDataSent(null);
      }
    },
  });

  /** The suite `replace` last put in, while nobody has edited it (edits make a new object). */
  const placed = useRef<SuiteDraft | null>(null);

  function edit(next: SuiteDraft) {
    setDraft({ ...next, dirty: true });
  }

  /**
   * Puts another suite in the editor; an edited one it replaces can be restored. A suite that
   * was itself only put in (a second press of New suite from request tab) does not take the
   * place of the person's own suite as the one to restore.
   */
  function replace(next: SuiteDraft, message: string) {
    if (hasWork(draft) && draft !== placed.current) setPrevious(draft);
    placed.current = next;
    setDraft(next);
    setSourceText(null);
    setProblems([]);
    setDataNote(null);
    setNote({ kind: 'status', text: message });
  }

  // A suite made in History (from its selection) or on a request tab arrives here once per press.
  const { pending, taken } = channel;
  const lastSeed = useRef<number | null>(null);
  useEffect(() => {
    if (!pending || lastSeed.current === pending.key) return;
    lastSeed.current = pending.key;
    taken(pending.key);
    const cases = pending.cases.length;
    replace(
      { ...emptySuite(), name: pending.name, cases: pending.cases, dirty: true },
      `New suite with ${cases === 1 ? '1 case' : `${cases} cases`} from ${pending.from}.${pending.note ? ` ${pending.note}` : ''}`,
    );
    // replace reads the draft of this render, which is what a seed replaces.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending, taken]);

  function fromRequestTab() {
    const request = channel.activeRequest();
    if (!request) {
      setNote({ kind: 'error', text: 'There is no request tab to take a case from: open the Agents section first.' });
      return;
    }
    const agentName = agentKnowledge(request.agentId, agents.data, catalog.data)?.name ?? null;
    const name = request.title || agentName || 'From request';
    replace({ ...emptySuite(), name, cases: [caseFromRequest(request, name)], dirty: true }, `New suite from the request tab “${name}”.`);
  }

  const files = useSuiteFiles({
    input: suiteInput,
    onOpened: (opened: Opened) => {
      if ('error' in opened) return setNote({ kind: 'error', text: `${opened.error} The suite you were editing is unchanged.` });
      replace(opened.draft, opened.message ?? `Opened ${opened.draft.fileName ?? 'the suite'}.`);
      setDataNote(opened.note);
    },
    onSaved: (fileName, message, saveData) => {
      if (fileName === '') return setNote({ kind: 'error', text: message });
      setDraft((current) => ({ ...current, fileName, dirty: false }));
      setNote({ kind: 'status', text: message, saveData });
    },
  });

  const onSuitePicked = files.onPicked;

  function onSource(text: string) {
    setSourceText(text);
    const read = fromSuiteText(text, draft.fileName);
    if (read.ok) setDraft({ ...read.draft, fileName: draft.fileName, data: draft.data, dirty: true });
  }

  function focusProblem(problem: SuiteProblem) {
    if (view === 'source') {
      // The form is not on screen: show it, then focus the field (below).
      focusAfterView.current = problem.field;
      setView('form');
      return;
    }
    focusSuiteField(editorRoot.current, problem.field);
  }
  useEffect(() => {
    if (focusAfterView.current === null || view !== 'form') return;
    focusSuiteField(editorRoot.current, focusAfterView.current);
    focusAfterView.current = null;
  }, [view]);

  function run() {
    const file = suiteFileName(draft);
    const found = localProblems(draft);
    if (draft.dataName !== '' && !draft.data) {
      found.push({ file, field: 'data', message: `The data file ${draft.dataName} is not picked: pick it under Data file.` });
    }
    const checked = runSettingsOf(settings);
    if (!checked.ok) found.push({ file: 'Run settings', field: `settings.${checked.field}`, message: checked.message });
    const profileId = profiles.data?.activeProfileId ?? null;
    if (profileId === null)
      found.push({ file: 'Profile', field: 'profile', message: 'There is no active profile: add one to send to a platform.' });
    setProblems(found);
    if (found.length > 0 || !checked.ok || profileId === null) return;
    start.mutate(
      { profileId, suite: toSuite(draft), suiteFile: file, data: draft.data, ...checked.value },
      {
        onSuccess: (result) => {
          if (result.ok) {
            setOpenRunId(result.value.runId);
            void queryClient.invalidateQueries({ queryKey: ['listRuns'] });
          } else if (result.error.code === 'bad_suite') {
            setProblems(result.error.problems ?? [{ file, field: '', message: result.error.message }]);
          }
        },
      },
    );
  }

  const refused =
    start.data && !start.data.ok && start.data.error.code !== 'bad_suite'
      ? start.data.error.message
      : start.isError
        ? thrownMessage(start.error)
        : null;
  const source = sourceText ?? suiteFileText(draft);
  const sourceReadProblem = sourceText === null ? null : sourceProblem(sourceText);

  return (
    <section className="runs-panel section-fill" aria-label="Runs">
      <SplitPanes
        firstName="the suite"
        initial={40}
        first={
          <div ref={editorRoot} className="runs-editor">
            {/* The section's heading: the cases' h3 and the run's own h2 follow it in order. */}
            <h2 className="card-title">Suite</h2>
            <div className="cluster runs-toolbar" role="group" aria-label="Suite">
              <button type="button" className="button-quiet" onClick={() => replace({ ...emptySuite(), dirty: false }, 'New empty suite.')}>
                New suite
              </button>
              <button type="button" className="button-quiet" onClick={fromRequestTab}>
                New suite from request tab
              </button>
              <button type="button" className="button-quiet" onClick={() => void files.open()}>
                Open suite…
              </button>
              <input ref={suiteInput} type="file" accept=".json,application/json" hidden aria-label="Suite file" onChange={onSuitePicked} />
              <button type="button" className="button-quiet" onClick={() => void files.save(draft)}>
                Save suite
              </button>
              <SegmentedToggle
                label="Suite view"
                options={VIEWS}
                value={view}
                onChange={(next) => {
                  setSourceText(null);
                  setView(next);
                }}
              />
              <span className="muted small">
                {suiteFileName(draft)}
                {draft.dirty ? ' (unsaved changes, kept in this app)' : ''}
              </span>
            </div>
            {note && (
              <p role={note.kind === 'error' ? 'alert' : 'status'} className={note.kind === 'error' ? 'field-error' : 'inline-note'}>
                {note.text}{' '}
                {note.saveData && (
                  <button
                    type="button"
                    className="button-link"
                    onClick={() => void files.saveData(draft).then((saved) => saved && setNote(saved))}
                  >
                    Save {note.saveData} too
                  </button>
                )}
                {previous && note.kind === 'status' && (
                  <button
                    type="button"
                    className="button-link"
                    onClick={() => {
                      setDraft(previous);
                      setPrevious(null);
                      setNote({ kind: 'status', text: 'The previous suite is back.' });
                    }}
                  >
                    Restore the previous suite
                  </button>
                )}
              </p>
            )}
            {kept !== 'kept' && (
              <p className="field-warning">
                {kept === 'kept-without-data'
                  ? 'The data file is too large to keep with the draft: pick it again after a restart.'
                  : 'This page cannot keep the draft: save the suite to keep it.'}
              </p>
            )}
            {view === 'form' ? (
              <SuiteEditor
                draft={draft}
                onEdit={edit}
                agents={agents.data}
                catalog={catalog.data}
                onOpenCatalog={setCatalogFor}
                dataNote={dataNote}
              />
            ) : (
              <SuiteSource text={source} onText={onSource} problem={sourceReadProblem} />
            )}
          </div>
        }
        second={
          <aside className="runs-side" aria-label="Run">
            <RunSettingsFields value={settings} onChange={setSettings} />
            <div className="actions">
              <button type="button" className="button-primary" disabled={start.isPending} onClick={run}>
                Run suite
              </button>
              <span role="status" className="small">
                {start.isPending
                  ? dataSent && dataSent.total > SHOW_SENDING_BYTES
                    ? `Sending ${dataSent.name}: ${formatBytes(dataSent.sent)} of ${formatBytes(dataSent.total)}…`
                    : 'Starting…'
                  : start.data?.ok
                    ? `Run started: ${start.data.value.total === 1 ? '1 request' : `${start.data.value.total.toLocaleString()} requests`}.`
                    : ''}
              </span>
            </div>
            <SuiteProblems problems={problems} onFocus={focusProblem} />
            {refused && (
              <p role="alert" className="field-error">
                The run did not start: {refused}
              </p>
            )}
            {openRunId && (
              <div className="runs-open-run">
                {/* A deleted run's view says so; its insights (of a run no longer there) go. */}
                <LazyRunView key={openRunId} runId={openRunId} onDeleted={() => setDeletedRunId(openRunId)} />
                {deletedRunId !== openRunId && <LazyRunInsights key={`insights-${openRunId}`} runId={openRunId} />}
              </div>
            )}
            <PastRuns openId={openRunId} onOpen={setOpenRunId} />
          </aside>
        }
      />
      {catalogFor !== null && <LazyCatalogDialog initialAgentId={catalogFor} onClose={() => setCatalogFor(null)} />}
    </section>
  );
}
