import type { Dispatch, KeyboardEvent, RefObject } from 'react';
import type { CatalogAgent, KnownAgent } from '../../../electron/shared/api';
import type { AgentKnowledge } from '../../lib/agentKnowledge';
import { AgentField } from './AgentField';
import { AgentPicker } from './AgentPicker';
import { showsExample, type DraftAction, type InvokeDraft } from './draft';
import { Elapsed } from './Elapsed';
import { PayloadField } from './payload/PayloadField';
import { SHORTCUT_LABEL } from './shortcut';
import { TextField } from '../../ui/FormFields';

type PayloadFieldProps = Omit<Parameters<typeof PayloadField>[0], 'text' | 'onChange'>;

interface InvokeFormProps {
  draft: InvokeDraft;
  dispatch: Dispatch<DraftAction>;
  agents: { data: KnownAgent[] | undefined; loading: boolean; error: unknown };
  catalog: CatalogAgent[] | undefined;
  knowledge: AgentKnowledge | null;
  agentError: string | null;
  clearAgentError: () => void;
  agentInput: RefObject<HTMLInputElement | null>;
  payload: PayloadFieldProps;
  pending: boolean;
  cancelling: boolean;
  /** A short sentence for screen readers once a call has finished, e.g. "Answer received." */
  outcome: string;
  onSubmit: () => void;
  onCancel: () => void;
  onPick: (agent: KnownAgent) => void;
  /** Whether the known agents are folded to one line (after a pick), and how to unfold them. */
  pickerFolded: boolean;
  onPickerFold: (folded: boolean) => void;
  /** Why the last press of Invoke sent nothing, shown beside the button; null when it sent. */
  blocked: string | null;
  onOpenCatalog: () => void;
  /** Starts a suite in the Runs section with this request as its case; absent outside the app shell. */
  onNewSuite?: () => void;
}

/** Every suggestion for the Agent field once: built-in agents first, then catalog entries. */
export function agentOptions(agents: readonly KnownAgent[] | undefined, catalog: readonly CatalogAgent[] | undefined) {
  const options = new Map<string, string>();
  for (const agent of agents ?? []) options.set(agent.id, agent.name);
  for (const entry of catalog ?? []) if (!options.has(entry.agentId)) options.set(entry.agentId, entry.name || entry.agentId);
  return [...options].map(([id, name]) => ({ id, name }));
}

/**
 * The request form of one tab: its fields scroll on their own above the action bar, which stays
 * at the form's foot without covering them. Ctrl+Enter / Cmd+Enter anywhere in its request tab submits it
 * (see submitRequestFromKey, handled once for all tabs by the Agents section). A plain Enter
 * in the Agent field deliberately does *not*: picking from the suggestion list with Enter must
 * never start a billed run by accident.
 */
export function InvokeForm(props: InvokeFormProps) {
  const { draft, dispatch, agents, catalog, knowledge, agentError, clearAgentError, agentInput, payload, pending, cancelling, outcome } =
    props;
  const builtIn = knowledge?.builtIn ?? null;
  const offerExample = builtIn !== null && !showsExample(draft, builtIn);

  function onAgentKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) event.preventDefault();
  }

  return (
    <form
      className="card request"
      aria-label="Request"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <div className="card-head">
        <h2 className="card-title">Request</h2>
        <span className="muted small card-subtitle">POST /api/agent/&#123;agent&#125;/invoke/</span>
      </div>

      <div className="request-fields">
        <AgentField
          value={draft.agentId}
          onChange={(value) => {
            clearAgentError();
            dispatch({ type: 'agentId', value });
          }}
          options={agentOptions(agents.data, catalog)}
          error={agentError}
          knownName={knowledge?.name ?? null}
          inputRef={agentInput}
          onKeyDown={onAgentKeyDown}
          onOpenCatalog={props.onOpenCatalog}
        />

        <AgentPicker
          agents={agents.data}
          loading={agents.loading}
          error={agents.error}
          catalog={catalog}
          selectedId={draft.agentId.trim()}
          onPick={props.onPick}
          onPickCatalog={(agentId) => {
            clearAgentError();
            dispatch({ type: 'agentId', value: agentId });
            props.onPickerFold(true);
          }}
          folded={props.pickerFolded}
          onFold={props.onPickerFold}
        />

        <TextField
          label="Text"
          prose
          // Two rows (it can be resized): at 1280×800 the payload editor then shows above the Invoke row.
          rows={2}
          placeholder="Input text for the agent (may be empty)"
          value={draft.text}
          onChange={(value) => dispatch({ type: 'text', value })}
        />

        <PayloadField {...payload} text={draft.payloadText} onChange={(value) => dispatch({ type: 'payload', value })} />
      </div>

      <div className="actions">
        <button type="submit" className="button-primary" disabled={pending} aria-keyshortcuts="Control+Enter Meta+Enter">
          Invoke
          <span className="shortcut-hint" aria-hidden="true">
            <kbd>{SHORTCUT_LABEL}</kbd>
          </span>
        </button>
        {pending && (
          <button type="button" className="button-quiet" disabled={cancelling} onClick={props.onCancel}>
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
        {offerExample && builtIn && (
          <button type="button" className="button-quiet" onClick={() => dispatch({ type: 'useExample', agent: builtIn })}>
            Use example
          </button>
        )}
        {props.onNewSuite && (
          <button
            type="button"
            className="button-quiet"
            title="Start a suite in Runs with this request as its case"
            onClick={props.onNewSuite}
          >
            New suite
          </button>
        )}
        {props.blocked !== null && (
          <span role="alert" className="send-blocked">
            {props.blocked}
          </span>
        )}
        {/* The status region is always present so that screen readers announce its change. */}
        <span className="progress" role="status">
          {pending ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Invoking…
              <Elapsed />
            </>
          ) : (
            <span className="visually-hidden">{outcome}</span>
          )}
        </span>
      </div>
    </form>
  );
}
