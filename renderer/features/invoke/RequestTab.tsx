import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InvokeRequest, InvokeResult, KnownAgent, ProfilesState } from '../../../electron/shared/contract';
import { agentKnowledge, completionKeys, keyIndicators } from '../../lib/agentKnowledge';
import { checkPayload } from '../../lib/payload';
import { placeholderHints } from '../../lib/payloadMembers';
import type { RowProblem } from '../../lib/payloadTable';
import { useCatalog } from '../../queries/catalog';
import { useCancelRequest, useInvokeAgent } from '../../queries/invoke';
import { useKnownAgents } from '../../queries/knownLists';
import { thrownMessage } from '../../lib/errorKinds';
import { useSelectProfile } from '../../queries/profiles';
import { ProfileMismatch } from '../workspace/ProfileMismatch';
import type { RequestTab as RequestTabState, TabsAction } from '../workspace/tabsState';
import type { DraftAction, InvokeDraft } from './draft';
import { InvokeForm } from './InvokeForm';
import type { PayloadEditorHandle } from './payload/editorChoice';
import { ResponseView } from './ResponseView';

/** What the status region says once a call has finished; the Response region shows the detail. */
function outcomeSentence(status: 'idle' | 'pending' | 'success' | 'error', data: InvokeResult | undefined): string {
  if (status === 'success' && data) {
    if (data.ok) return 'Answer received.';
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
  /** The profiles: a tab is sent to its own profile, and asks first when another is active. */
  profiles: ProfilesState | undefined;
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
 * when asked.
 */
export function RequestTab({ tab, active, tabDomId, panelDomId, dispatch, profiles, onOpenCatalog }: RequestTabProps) {
  const agents = useKnownAgents();
  const catalog = useCatalog();
  const invoke = useInvokeAgent(tab.id);
  const cancel = useCancelRequest();
  const [agentError, setAgentError] = useState<string | null>(null);
  const [tableProblems, setTableProblems] = useState<RowProblem[]>([]);
  /**
   * A request held back until the person says which profile it goes to, with the draft it was
   * made from: editing the draft meanwhile drops the question (the held request would be stale).
   */
  const [heldFor, setHeld] = useState<{ request: InvokeRequest; from: InvokeDraft } | null>(null);
  const selectProfile = useSelectProfile();
  const inFlight = useRef(false);
  const agentInput = useRef<HTMLInputElement>(null);
  const payloadEditor = useRef<PayloadEditorHandle>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<number | null>(null);
  const { draft, payloadView } = tab;
  const held = heldFor && heldFor.from === draft ? heldFor.request : null;
  const tabId = tab.id;

  const draftDispatch = useCallback((action: DraftAction) => dispatch({ type: 'draft', id: tabId, action }), [dispatch, tabId]);
  const payloadCheck = useMemo(() => checkPayload(draft.payloadText), [draft.payloadText]);
  const hints = useMemo(() => placeholderHints(draft.payloadText), [draft.payloadText]);
  const knowledge = agentKnowledge(draft.agentId, agents.data, catalog.data);
  const blockingRows = payloadView === 'table' ? tableProblems : [];
  const pendingId = invoke.isPending ? invoke.variables?.requestId : undefined;

  // After switching a table with bad JSON back to the editor, put the caret on the problem.
  useEffect(() => {
    if (focusAfterRender.current === null || payloadView !== 'json') return;
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

  function submit() {
    if (inFlight.current) return;
    const agentId = draft.agentId.trim();
    if (agentId === '') {
      setAgentError('Enter an agent id, or pick a known agent.');
      agentInput.current?.focus();
      return;
    }
    if (blockingRows.length > 0) {
      panel.current?.querySelector<HTMLElement>('.kv [aria-invalid="true"]')?.focus();
      return;
    }
    if (!payloadCheck.ok) {
      if (payloadView === 'table') {
        focusAfterRender.current = payloadCheck.offset;
        dispatch({ type: 'view', id: tabId, view: 'json' });
      } else {
        // Put the caret where the problem is, so the keyboard user lands on it.
        payloadEditor.current?.focusAt(payloadCheck.offset);
      }
      return;
    }
    const request = { agentId, text: draft.text, payload: payloadCheck.payload, requestId: crypto.randomUUID() };
    if (profiles && tab.profileId !== null && tab.profileId !== profiles.activeProfileId) {
      selectProfile.reset();
      setHeld({ request, from: draft });
      return;
    }
    send(request);
  }

  function send(request: InvokeRequest) {
    setHeld(null);
    inFlight.current = true;
    invoke.mutate(request, {
      onSettled: () => {
        inFlight.current = false;
      },
    });
  }

  const nameOf = (id: string | null) => profiles?.profiles.find((profile) => profile.id === id)?.name ?? null;
  const mismatch = held && profiles && (
    <ProfileMismatch
      tabProfile={nameOf(tab.profileId)}
      activeProfile={nameOf(profiles.activeProfileId) ?? profiles.activeProfileId}
      pending={selectProfile.isPending}
      error={selectProfile.error ? thrownMessage(selectProfile.error) : selectProfile.data && !selectProfile.data.ok ? selectProfile.data.error.message : null}
      onCancel={() => {
        setHeld(null);
        panel.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
      }}
      onSendHere={() => {
        dispatch({ type: 'profile', id: tabId, profileId: profiles.activeProfileId });
        send(held);
      }}
      onSwitchAndSend={() => {
        if (tab.profileId === null) return;
        selectProfile.mutate(
          { profileId: tab.profileId },
          {
            onSuccess: (result) => {
              if (result.ok) send(held);
            },
          },
        );
      }}
    />
  );

  function pick(agent: KnownAgent) {
    setAgentError(null);
    draftDispatch({ type: 'pick', agent });
  }

  return (
    <div ref={panel} role="tabpanel" id={panelDomId} aria-labelledby={tabDomId} hidden={!active} className="invoke-layout">
      {mismatch}
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
        onOpenCatalog={() => onOpenCatalog(draft.agentId.trim())}
      />
      <ResponseView
        state={{ status: invoke.status, data: invoke.data, error: invoke.error, variables: invoke.variables }}
      />
    </div>
  );
}
