import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InvokeRequest, InvokeResult, KnownAgent } from '../../../electron/shared/api';
import { agentKnowledge, completionKeys, keyIndicators } from '../../lib/agentKnowledge';
import { checkPayload } from '../../lib/payload';
import { addTopLevelKey, placeholderHints, topLevelKeys } from '../../lib/payloadMembers';
import type { RowProblem } from '../../lib/payloadTable';
import { useCatalog } from '../catalog/queries/catalog';
import { useCancelRequest, useInvokeAgent } from './queries/invoke';
import { useLastResponse } from './queries/lastResponse';
import { useKnownAgents } from '../catalog/queries/knownLists';
import { namingProfile, TabProfileContext, useProfileCheck, type ProfileSend, type TabProfile } from '../workspace/profileCheck';
import type { RequestTab as RequestTabState, TabsAction } from '../workspace/tabsState';
import type { DraftAction } from './draft';
import { InvokeForm } from './InvokeForm';
import type { PayloadEditorHandle } from './payload/editorChoice';
import { ResponseView, type InvokeState } from './ResponseView';
import { PayloadDraftContext, type PayloadDraftAccess } from '../response/payloadDraft';
import { useSuiteChannel } from '../runs/suiteChannel';
import { caseFromRequest } from '../runs/suiteModel';
import { SplitPanes } from '../../ui/SplitPanes';
import { useAnswerPlace } from '../guidelines/tabs/answerPlace';

/** What the status region says once a call has finished; the Response region shows the detail. */
function outcomeSentence(status: 'idle' | 'pending' | 'success' | 'error', data: InvokeResult | undefined): string {
  if (status === 'success' && data) {
    if (data.ok) return 'Answer received.';
    if (data.error.code === 'profile_changed') return 'Nothing was sent: the active profile changed.';
    return data.error.code === 'cancelled' ? 'The request was cancelled.' : 'The call failed; see the Response.';
  }
  if (status === 'error') return 'Agent Explorer’s host did not answer.';
  return '';
}

interface RequestTabProps {
  tab: RequestTabState;
  active: boolean;
  tabDomId: string;
  panelDomId: string;
  dispatch: (action: TabsAction) => void;
  onOpenCatalog: (agentId: string) => void;
}

/**
 * One request tab: its form on the left and its own response on the right. Every tab has
 * its own invoke mutation, so a slow answer in one tab never shows up in another, and tabs
 * in the background keep their answers (they stay mounted, only hidden).
 *
 * Sending is guarded twice. The button is disabled while a call is in flight, but the
 * mutation's pending state reaches React a tick after the click, so a fast double press
 * would get through; the `inFlight` ref is set synchronously in the handler and closes
 * that gap. One press, one (possibly billed) agent run, each with its own `requestId` so it
 * can be cancelled.
 *
 * A tab belongs to the profile it was made for. Sending it while another profile is active
 * does not quietly send the draft to that other server (with that profile's key), nor quietly
 * switch the whole app: it asks, offering to switch to the tab's profile and send, or to send
 * to the active profile (the tab then belongs to it). That is what a careful API-tool user
 * expects: the target of a request is never a surprise, and the app-wide profile only changes
 * when asked. The same check (useProfileCheck) guards Repeat and saving the answer to a file,
 * which get the tab's profile from TabProfileContext, and every request names the tab's profile
 * so the host refuses it when another browser tab switched profiles behind this page's back.
 */
export function RequestTab({ tab, active, tabDomId, panelDomId, dispatch, onOpenCatalog }: RequestTabProps) {
  const agents = useKnownAgents();
  const catalog = useCatalog();
  const invoke = useInvokeAgent(tab.id);
  const cancel = useCancelRequest();
  const [agentError, setAgentError] = useState<string | null>(null);
  const [tableProblems, setTableProblems] = useState<RowProblem[]>([]);
  // After a pick the known agents fold to one line; why the last press sent nothing; and whether
  // the answer shown is from before that press (it stays, marked, until a new one arrives).
  const [pickerFolded, setPickerFolded] = useState(false);
  // Where the window is too narrow for three columns, the guideline beside can take the answer's place.
  const answerPlace = useAnswerPlace();
  const [refused, setRefused] = useState<{ reason: string; agentId: string; payloadText: string } | null>(null);
  const [previous, setPrevious] = useState(false);
  const inFlight = useRef(false);
  const agentInput = useRef<HTMLInputElement>(null);
  const payloadEditor = useRef<PayloadEditorHandle>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<number | null>(null);
  const { draft, payloadView } = tab;
  const tabId = tab.id;
  const tabProfile = useMemo<TabProfile>(
    () => ({ profileId: tab.profileId, adopt: (profileId) => dispatch({ type: 'profile', id: tabId, profileId }) }),
    [tab.profileId, tabId, dispatch],
  );
  // Tied to the draft: editing it while the question is asked drops the (now stale) request.
  const profileCheck = useProfileCheck(tabProfile, draft);

  const suites = useSuiteChannel();
  const draftDispatch = useCallback((action: DraftAction) => dispatch({ type: 'draft', id: tabId, action }), [dispatch, tabId]);
  const payloadCheck = useMemo(() => checkPayload(draft.payloadText), [draft.payloadText]);
  const hints = useMemo(() => placeholderHints(draft.payloadText), [draft.payloadText]);
  const knowledge = agentKnowledge(draft.agentId, agents.data, catalog.data);
  // The answer's view may add a key it shows unfilled ("Hi {customer_name},") to this tab's payload.
  const payloadDraft = useMemo<PayloadDraftAccess>(
    () => ({
      keys: payloadCheck.ok ? topLevelKeys(draft.payloadText) : null,
      addKey: (name) => {
        const added = addTopLevelKey(draft.payloadText, name);
        if (!added) return;
        draftDispatch({ type: 'payload', value: added.text });
        if (payloadView === 'json') focusAfterRender.current = added.at;
      },
    }),
    [payloadCheck.ok, draft.payloadText, draftDispatch, payloadView],
  );
  const blockingRows = payloadView === 'table' ? tableProblems : [];
  const pendingId = invoke.isPending ? invoke.variables?.requestId : undefined;
  // Until this tab sends again, its Response shows its last answer from the history (after a
  // reload, a restart, or reopening the closed tab), marked as restored.
  const restored = useLastResponse(tabId, invoke.status === 'idle');
  const restoredEntry = invoke.status === 'idle' && restored.data?.what === 'invoke' ? restored.data : null;
  const responseState: InvokeState = restoredEntry
    ? {
        status: 'success',
        data: restoredEntry.result,
        error: null,
        variables: { ...restoredEntry.request, profileId: restoredEntry.profile.id, tabId },
      }
    : { status: invoke.status, data: invoke.data, error: invoke.error, variables: invoke.variables };

  // The tab in front tells the guideline beside which answer is in view (for "Judge this answer").
  const shown = responseState.status === 'success' && responseState.data?.ok ? responseState.data.value : null;
  // Each answer its own key: the history entry restored, or the press that brought it.
  const shownKey = shown ? `${tabId}\n${restoredEntry ? `entry ${restoredEntry.id}` : `sent ${invoke.submittedAt}`}` : null;
  const shownText = responseState.variables?.text ?? '';
  const { reportAnswer } = answerPlace;
  useEffect(() => {
    if (!active) return;
    reportAnswer(shown && shownKey !== null ? { key: shownKey, answer: shown.response.answer, text: shownText } : null);
    // The key names the answer: the rest changes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, shownKey, reportAnswer]);

  // After switching a table with bad JSON back to the editor, put the caret on the problem.
  useEffect(() => {
    if (focusAfterRender.current === null || payloadView !== 'json') return;
    showPayloadField();
    payloadEditor.current?.focusAt(focusAfterRender.current);
    focusAfterRender.current = null;
  });

  // Closing a tab while its request is in flight cancels that request: nobody could see its answer.
  const latest = useRef({ pendingId, cancel: cancel.mutate });
  useEffect(() => {
    latest.current = { pendingId, cancel: cancel.mutate };
  });
  useEffect(() => {
    const current = latest;
    return () => {
      const { pendingId: id, cancel: cancelNow } = current.current;
      if (id) cancelNow({ requestId: id });
    };
  }, []);

  // The reason a press sent nothing goes once the draft it was about changes.
  const blocked = refused && refused.agentId === draft.agentId && refused.payloadText === draft.payloadText ? refused.reason : null;

  /** Says beside the button why nothing was sent, and marks the answer on screen as the previous one. */
  function refuse(reason: string) {
    setRefused({ reason, agentId: draft.agentId, payloadText: draft.payloadText });
    if (responseState.status !== 'idle') setPrevious(true);
  }

  /** The payload field in view (its pane scrolls), so the problem focused is seen. */
  function showPayloadField() {
    panel.current?.querySelector('.payload-field')?.scrollIntoView?.({ block: 'nearest' });
  }

  function submit() {
    if (inFlight.current) return;
    const agentId = draft.agentId.trim();
    if (agentId === '') {
      setAgentError('Enter an agent id, or pick a known agent.');
      refuse('Not sent: enter an agent id first.');
      agentInput.current?.focus();
      return;
    }
    if (blockingRows.length > 0) {
      refuse('Not sent: a payload row needs fixing first.');
      showPayloadField();
      panel.current?.querySelector<HTMLElement>('.kv [aria-invalid="true"]')?.focus();
      return;
    }
    if (!payloadCheck.ok) {
      refuse(`Not sent: ${payloadCheck.message}. Fix the payload, then Invoke.`);
      if (payloadView === 'table') {
        focusAfterRender.current = payloadCheck.offset;
        dispatch({ type: 'view', id: tabId, view: 'json' });
      } else {
        // Put the caret where the problem is, so the keyboard user lands on it.
        showPayloadField();
        payloadEditor.current?.focusAt(payloadCheck.offset);
      }
      return;
    }
    setRefused(null);
    // The tab's id goes along so the history keeps this as the tab's last answer (never sent on to the platform).
    const request: InvokeRequest = { agentId, text: draft.text, payload: payloadCheck.payload, requestId: crypto.randomUUID(), tabId };
    profileCheck.check(sender(request), focusInvoke);
  }

  function focusInvoke() {
    panel.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }

  /** Sends `request` naming the profile the check settled on; a `profile_changed` answer asks again. */
  function sender(request: InvokeRequest): ProfileSend {
    const send: ProfileSend = (profileId) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPrevious(false);
      answerPlace.showAnswer();
      invoke.mutate(namingProfile(request, profileId), {
        onSuccess: (result) => {
          if (!result.ok && result.error.code === 'profile_changed') void profileCheck.changed(send, focusInvoke);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      });
    };
    return send;
  }

  function pick(agent: KnownAgent) {
    setAgentError(null);
    draftDispatch({ type: 'pick', agent });
    setPickerFolded(true);
  }

  return (
    <div ref={panel} role="tabpanel" id={panelDomId} aria-labelledby={tabDomId} hidden={!active} className="invoke-layout">
      <TabProfileContext.Provider value={tabProfile}>
        {profileCheck.question}
        <SplitPanes
          firstName="the request"
          initial={46}
          min={30}
          max={70}
          firstOnly={answerPlace.guidelineShown}
          first={
            <InvokeForm
              draft={draft}
              dispatch={draftDispatch}
              agents={{ data: agents.data, loading: agents.isPending && agents.fetchStatus !== 'idle', error: agents.error }}
              catalog={catalog.data}
              knowledge={knowledge}
              agentError={agentError}
              clearAgentError={() => setAgentError(null)}
              agentInput={agentInput}
              payload={{
                view: payloadView,
                onViewChange: (view) => dispatch({ type: 'view', id: tabId, view }),
                check: payloadCheck,
                knownKeys: completionKeys(knowledge),
                indicators: payloadCheck.ok && knowledge ? keyIndicators(knowledge, payloadCheck.payload) : null,
                hints,
                editorRef: payloadEditor,
                onTableProblems: setTableProblems,
              }}
              pending={invoke.isPending}
              cancelling={pendingId !== undefined && cancel.variables?.requestId === pendingId && !cancel.isError}
              outcome={outcomeSentence(invoke.status, invoke.data)}
              onSubmit={submit}
              onCancel={() => {
                if (pendingId) cancel.mutate({ requestId: pendingId });
              }}
              onPick={pick}
              pickerFolded={pickerFolded}
              onPickerFold={setPickerFolded}
              blocked={blocked}
              onOpenCatalog={() => onOpenCatalog(draft.agentId.trim())}
              onNewSuite={() => {
                const name = tab.title || knowledge?.name || 'From request';
                suites.seed({ from: `the request tab “${name}”`, name, cases: [caseFromRequest(draft, name)], note: null });
              }}
            />
          }
          second={
            <PayloadDraftContext.Provider value={payloadDraft}>
              <ResponseView state={responseState} restoredAt={restoredEntry?.recordedAt} previous={previous} followAnswers />
            </PayloadDraftContext.Provider>
          }
        />
      </TabProfileContext.Provider>
    </div>
  );
}
