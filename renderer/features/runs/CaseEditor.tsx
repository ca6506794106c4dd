import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { CatalogAgent, KnownAgent } from '../../../electron/shared/api';
import { agentKnowledge, completionKeys, keyIndicators } from '../../lib/agentKnowledge';
import { checkPayload } from '../../lib/payload';
import { placeholderHints } from '../../lib/payloadMembers';
import { TextField } from '../../ui/FormFields';
import { AgentField } from '../invoke/AgentField';
import { agentOptions } from '../invoke/InvokeForm';
import type { PayloadEditorHandle } from '../invoke/payload/editorChoice';
import { PayloadField } from '../invoke/payload/PayloadField';
import { ExpectationsFields } from './ExpectationsFields';
import type { CaseDraft } from './suiteModel';

interface CaseEditorProps {
  value: CaseDraft;
  onChange: (value: CaseDraft) => void;
  /** Where it is in the suite: `cases[2]` or `defaults` (names for data-focus). */
  path: string;
  /** The group's accessible name, e.g. "Case 3". */
  label: string;
  /** Shown as the group's heading row (the case's move and remove buttons). */
  tools?: ReactNode;
  agents: readonly KnownAgent[] | undefined;
  catalog: readonly CatalogAgent[] | undefined;
  onOpenCatalog: (agentId: string) => void;
  /** Defaults have no name and may leave the payload empty. */
  isDefaults?: boolean;
}

/**
 * One case of a suite (or the suite's defaults): the same Agent field and payload editor the
 * request form uses, so a case is written the way a request is, plus its expectations.
 */
export function CaseEditor({ value, onChange, path, label, tools, agents, catalog, onOpenCatalog, isDefaults = false }: CaseEditorProps) {
  const agentInput = useRef<HTMLInputElement>(null);
  const payloadEditor = useRef<PayloadEditorHandle>(null);
  const [, setTableProblems] = useState<unknown[]>([]);
  const set =
    <K extends keyof CaseDraft>(key: K) =>
    (next: CaseDraft[K]) =>
      onChange({ ...value, [key]: next });
  const knowledge = agentKnowledge(value.agent, agents, catalog);
  const payloadText = value.payloadText;
  // Defaults may have no payload at all: the editor then shows `{}` until something is typed.
  const check = useMemo(() => (payloadText.trim() === '' ? checkPayload('{}') : checkPayload(payloadText)), [payloadText]);
  const hints = useMemo(() => placeholderHints(payloadText, { dataReferences: true }), [payloadText]);

  return (
    <section className="suite-case card" role="group" aria-label={label}>
      <div className="suite-case-head">
        <h3 className="card-title">{label}</h3>
        {tools}
      </div>
      {!isDefaults && (
        <TextField
          label="Case name"
          value={value.name}
          onChange={set('name')}
          focusName={`${path}.name`}
          placeholder="e.g. reflects customer"
        />
      )}
      <div data-focus-area={`${path}.agent`}>
        <AgentField
          value={value.agent}
          onChange={set('agent')}
          options={agentOptions(agents, catalog)}
          error={null}
          knownName={knowledge?.name ?? null}
          inputRef={agentInput}
          onKeyDown={(event) => {
            // Enter picks a suggestion; it never submits anything here either.
            if (event.key === 'Enter') event.preventDefault();
          }}
          onOpenCatalog={() => onOpenCatalog(value.agent.trim())}
        />
        {isDefaults && <p className="field-hint">Cases without an agent of their own use this one (or the suite’s agents list).</p>}
      </div>
      <TextField
        label="Text"
        prose
        rows={2}
        focusName={`${path}.text`}
        placeholder={isDefaults ? 'Text for cases that have none' : 'Input text for the agent; {{column}} takes a data row’s value'}
        value={value.text}
        onChange={set('text')}
      />
      <div data-focus-area={`${path}.payload`}>
        <PayloadField
          text={payloadText}
          onChange={set('payloadText')}
          view={value.payloadView}
          onViewChange={set('payloadView')}
          check={check}
          knownKeys={completionKeys(knowledge)}
          indicators={check.ok && knowledge ? keyIndicators(knowledge, check.payload) : null}
          hints={hints}
          dataReferences
          editorRef={payloadEditor}
          onTableProblems={setTableProblems}
        />
      </div>
      <ExpectationsFields value={value.expect} onChange={set('expect')} path={`${path}.expect`} />
    </section>
  );
}
