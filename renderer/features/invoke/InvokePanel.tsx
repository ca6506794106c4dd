import { useMemo, useReducer, useRef, useState } from 'react';
import type { InvokeResult, KnownAgent } from '../../../electron/shared/contract';
import { checkPayload } from '../../lib/payload';
import { useInvokeAgent } from '../../queries/invoke';
import { useKnownAgents } from '../../queries/knownLists';
import { draftReducer, initialDraft } from './draft';
import { InvokeForm } from './InvokeForm';
import { ResponseView } from './ResponseView';

/**
 * The Agents tab: the request on the left, the response on the right.
 *
 * Sending is guarded twice. The button is disabled while a call is in flight, but the
 * mutation's pending state reaches React a tick after the click, so a fast double press
 * would get through; the `inFlight` ref is set synchronously in the handler and closes
 * that gap. One press, one (possibly billed) agent run.
 */
/** What the status region says once a call has finished; the Response region shows the detail. */
function outcomeSentence(status: 'idle' | 'pending' | 'success' | 'error', data: InvokeResult | undefined): string {
  if (status === 'success' && data) return data.ok ? 'Answer received.' : 'The call failed; see the Response.';
  if (status === 'error') return 'Agent Explorer’s host did not answer.';
  return '';
}

export function InvokePanel() {
  const agents = useKnownAgents();
  const invoke = useInvokeAgent();
  const [draft, dispatch] = useReducer(draftReducer, initialDraft);
  const [agentError, setAgentError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const agentInput = useRef<HTMLInputElement>(null);
  const payloadInput = useRef<HTMLTextAreaElement>(null);
  const payloadCheck = useMemo(() => checkPayload(draft.payloadText), [draft.payloadText]);

  function submit() {
    if (inFlight.current) return;
    const agentId = draft.agentId.trim();
    if (agentId === '') {
      setAgentError('Enter an agent id, or pick a known agent.');
      agentInput.current?.focus();
      return;
    }
    if (!payloadCheck.ok) {
      const field = payloadInput.current;
      field?.focus();
      // Put the caret where the problem is, so the keyboard user lands on it.
      field?.setSelectionRange(payloadCheck.offset, payloadCheck.offset);
      return;
    }
    inFlight.current = true;
    invoke.mutate(
      { agentId, text: draft.text, payload: payloadCheck.payload },
      {
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  }

  function pick(agent: KnownAgent) {
    setAgentError(null);
    dispatch({ type: 'pick', agent });
  }

  return (
    <div className="invoke-layout">
      <InvokeForm
        draft={draft}
        dispatch={dispatch}
        agents={agents.data}
        agentsLoading={agents.isPending && agents.fetchStatus !== 'idle'}
        agentsError={agents.error}
        agentError={agentError}
        clearAgentError={() => setAgentError(null)}
        payloadCheck={payloadCheck}
        pending={invoke.isPending}
        outcome={outcomeSentence(invoke.status, invoke.data)}
        onSubmit={submit}
        onPick={pick}
        agentInput={agentInput}
        payloadInput={payloadInput}
      />
      <ResponseView
        state={{ status: invoke.status, data: invoke.data, error: invoke.error, variables: invoke.variables }}
      />
    </div>
  );
}
