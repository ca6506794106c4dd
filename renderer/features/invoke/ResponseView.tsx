import { useCallback, useEffect, useRef, useState } from 'react';
import type { InvokeRequest, InvokeResult } from '../../../electron/shared/api';
import { agentKnowledge } from '../../lib/agentKnowledge';
import { useCatalog } from '../catalog/queries/catalog';
import { useKnownAgents } from '../catalog/queries/knownLists';
import { Disclosure } from '../../ui/Disclosure';
import { ErrorPanel, HostErrorPanel } from '../../ui/ErrorPanel';
import { SaveToFileAction } from '../response/SaveToFileAction';
import { WholeBodyActionContext } from '../../ui/ExchangeDetails';
import { CodeView } from '../response/CodeView';
import { DEFAULT_PREFS, type ResponsePrefs } from '../response/prefs';
import { RepeatPanel } from '../response/RepeatPanel';
import { Elapsed } from './Elapsed';
import { InvokeSuccessView } from './InvokeSuccessView';
import { SHORTCUT_LABEL } from './shortcut';
import { Pending } from '../../ui/Pending';

/** What the Response region needs from the invoke mutation. */
export interface InvokeState {
  status: 'idle' | 'pending' | 'success' | 'error';
  data: InvokeResult | undefined;
  error: unknown;
  variables: InvokeRequest | undefined;
}

/**
 * The Response region: empty hint, progress, the answer, or an error that never looks like one.
 *
 * `restoredAt` (ISO time) says the answer is the tab's last one, read back from the history
 * rather than just received: a note says when it came, so an old answer is not taken for a new one.
 *
 * It stays mounted while answers come and go, so it keeps how the person reads them (which
 * view, markdown, highlights, snippet language): the next answer opens the same way.
 */
export function ResponseView({
  state,
  restoredAt,
  previous = false,
  followAnswers = false,
}: {
  state: InvokeState;
  restoredAt?: string | undefined;
  /** The answer shown is from before a press of Invoke that sent nothing: say so until a new one arrives. */
  previous?: boolean;
  /** Brings the region's top into view with each send and each answer (the workbench's Response pane). */
  followAnswers?: boolean;
}) {
  const { status, data, error, variables } = state;
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (followAnswers && status !== 'idle') region.current?.scrollIntoView?.({ block: 'start' });
  }, [followAnswers, status, data, error]);
  const [prefs, setPrefs] = useState<ResponsePrefs>(DEFAULT_PREFS);
  const updatePrefs = useCallback((change: Partial<ResponsePrefs>) => setPrefs((previous) => ({ ...previous, ...change })), []);
  // The heading says whose answer this is: with several tabs, and ids that look alike, it is the first thing to check.
  const agents = useKnownAgents();
  const catalog = useCatalog();
  const sent = variables && status !== 'idle' ? variables.agentId : null;
  const agentName = sent === null ? null : (agentKnowledge(sent, agents.data, catalog.data)?.name ?? null);
  return (
    <section
      ref={region}
      aria-label="Response"
      className={previous ? 'card response response-previous' : 'card response'}
      aria-busy={status === 'pending'}
    >
      <div className="card-head">
        <h2 className="card-title">{sent === null ? 'Response' : `Response from ${agentName ?? sent}`}</h2>
        {previous && <span className="chip chip-warning previous-answer">Previous answer</span>}
        {sent !== null && agentName !== null && (
          <span className="mono muted small card-subtitle" title="Agent id of this request">
            {sent}
          </span>
        )}
      </div>
      {restoredAt !== undefined && (
        <p className="muted small restored-note">
          From <time dateTime={restoredAt}>{new Date(restoredAt).toLocaleString()}</time>, restored from history.
        </p>
      )}
      {status === 'idle' && (
        <div className="empty-state">
          <p>Nothing sent yet.</p>
          <p className="muted">
            Pick a known agent to load its example, then press <strong>Invoke</strong> or <kbd>{SHORTCUT_LABEL}</kbd>. The answer, the
            server’s and the round-trip time, and the raw response appear here.
          </p>
        </div>
      )}
      {status === 'pending' && (
        <Pending text="Waiting for the agent…">
          <Elapsed />
        </Pending>
      )}
      {status === 'error' && <HostErrorPanel error={error} />}
      {status === 'success' && data?.ok && <InvokeSuccessView value={data.value} request={variables} prefs={prefs} onPrefs={updatePrefs} />}
      {status === 'success' && data && !data.ok && (
        <div className="result">
          <WholeBodyActionContext.Provider
            value={
              variables ? <SaveToFileAction target={{ kind: 'invoke', request: variables }} label="Save the whole body to a file…" /> : null
            }
          >
            <ErrorPanel
              error={data.error}
              profileId={variables?.profileId}
              action={
                data.error.code === 'too_large' && variables ? (
                  <SaveToFileAction target={{ kind: 'invoke', request: variables }} />
                ) : undefined
              }
            />
          </WholeBodyActionContext.Provider>
          {/* Something was sent: reproducing it elsewhere, or seeing how often it fails, is the next question. */}
          {data.error.exchange && variables && (
            <>
              <Disclosure summary="Request as code">
                <CodeView
                  request={variables}
                  bodyAsSent={data.error.exchange.requestBody}
                  language={prefs.language}
                  onPrefs={updatePrefs}
                />
              </Disclosure>
              <RepeatPanel request={variables} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
