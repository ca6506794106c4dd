import { useId, type Dispatch, type KeyboardEvent, type RefObject } from 'react';
import type { KnownAgent } from '../../../electron/shared/contract';
import { missingPlaceholders, type PayloadCheck } from '../../lib/payload';
import { AgentPicker } from './AgentPicker';
import { showsExample, type DraftAction, type InvokeDraft } from './draft';
import { IdCombobox } from '../../ui/IdCombobox';
import { Elapsed } from './Elapsed';
import { isInvokeShortcut, SHORTCUT_LABEL } from './shortcut';

interface InvokeFormProps {
  draft: InvokeDraft;
  dispatch: Dispatch<DraftAction>;
  agents: KnownAgent[] | undefined;
  agentsLoading: boolean;
  agentsError: unknown;
  agentError: string | null;
  clearAgentError: () => void;
  payloadCheck: PayloadCheck;
  pending: boolean;
  /** A short sentence for screen readers once a call has finished, e.g. "Answer received." */
  outcome: string;
  onSubmit: () => void;
  onPick: (agent: KnownAgent) => void;
  agentInput: RefObject<HTMLInputElement | null>;
  payloadInput: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The request form. Ctrl+Enter / Cmd+Enter anywhere inside it invokes. A plain Enter in the
 * Agent field deliberately does *not* (browsers would submit the form on it): picking from
 * the suggestion list with Enter must never start a billed agent run by accident.
 */
export function InvokeForm({
  draft,
  dispatch,
  agents,
  agentsLoading,
  agentsError,
  agentError,
  clearAgentError,
  payloadCheck,
  pending,
  outcome,
  onSubmit,
  onPick,
  agentInput,
  payloadInput,
}: InvokeFormProps) {
  const ids = { text: useId(), payload: useId(), payloadError: useId(), payloadHint: useId() };
  const known = agents?.find((agent) => agent.id === draft.agentId.trim());
  const missing = known && payloadCheck.ok ? missingPlaceholders(known.placeholders, payloadCheck.payload) : [];
  const offerExample = known !== undefined && !showsExample(draft, known);

  function onFormKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (!isInvokeShortcut(event)) return;
    event.preventDefault();
    onSubmit();
  }

  function onAgentKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) event.preventDefault();
  }

  return (
    <form
      className="card request"
      aria-label="Request"
      noValidate
      onKeyDown={onFormKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="card-head">
        <h2 className="card-title">Request</h2>
        <span className="muted small card-subtitle">POST /api/agent/&#123;agent&#125;/invoke/</span>
      </div>

      <IdCombobox
        label="Agent"
        value={draft.agentId}
        onChange={(value) => {
          clearAgentError();
          dispatch({ type: 'agentId', value });
        }}
        options={agents}
        placeholder="Agent id, e.g. 3f2c…"
        error={agentError}
        hint={known ? `Known agent: ${known.name}` : undefined}
        inputRef={agentInput}
        onKeyDown={onAgentKeyDown}
      />

      <AgentPicker
        agents={agents}
        loading={agentsLoading}
        error={agentsError}
        selectedId={draft.agentId.trim()}
        onPick={onPick}
      />

      <div className="field">
        <label htmlFor={ids.text}>Text</label>
        <textarea
          id={ids.text}
          className="input"
          rows={3}
          placeholder="Input text for the agent (may be empty)"
          value={draft.text}
          onChange={(event) => dispatch({ type: 'text', value: event.target.value })}
        />
      </div>

      <div className="field">
        <div className="field-label-row">
          <label htmlFor={ids.payload}>Payload</label>
          <span className="muted small">JSON object · values for the agent’s placeholders</span>
        </div>
        <textarea
          ref={payloadInput}
          id={ids.payload}
          className="input mono"
          rows={6}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          value={draft.payloadText}
          aria-invalid={payloadCheck.ok ? undefined : true}
          aria-describedby={!payloadCheck.ok ? ids.payloadError : missing.length > 0 ? ids.payloadHint : undefined}
          onChange={(event) => dispatch({ type: 'payload', value: event.target.value })}
        />
        {!payloadCheck.ok && (
          <p id={ids.payloadError} className="field-error">
            {payloadCheck.message}
          </p>
        )}
        {payloadCheck.ok && missing.length > 0 && (
          <p id={ids.payloadHint} className="field-hint">
            Not in the payload: {missing.map((name) => (
              <code key={name} className="chip mono">
                {name}
              </code>
            ))}
          </p>
        )}
      </div>

      <div className="actions">
        <button
          type="submit"
          className="button-primary"
          disabled={pending}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          Invoke
          <span className="shortcut-hint" aria-hidden="true">
            <kbd>{SHORTCUT_LABEL}</kbd>
          </span>
        </button>
        {offerExample && known && (
          <button type="button" className="button-quiet" onClick={() => dispatch({ type: 'useExample', agent: known })}>
            Use example
          </button>
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
