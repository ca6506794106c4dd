import { useId, type RefObject } from 'react';
import type { KeyIndicatorsData } from '../../../lib/agentKnowledge';
import { formatJson } from '../../../lib/jsonFormat';
import type { PayloadCheck } from '../../../lib/payload';
import { placeholderHintMessage, renameTopLevelKey, type PlaceholderHint } from '../../../lib/payloadMembers';
import type { RowProblem } from '../../../lib/payloadTable';
import { FieldNotes } from '../../../ui/FormFields';
import { SegmentedToggle } from '../../../ui/SegmentedToggle';
import type { PayloadView } from '../../workspace/tabsState';
import { usePayloadEditorKind, type PayloadEditorHandle } from './editorChoice';
import { KeyIndicators } from './KeyIndicators';
import { LazyPayloadCodeEditor } from './LazyPayloadCodeEditor';
import { PayloadTable } from './PayloadTable';
import { PlainPayloadEditor } from './PlainPayloadEditor';

const VIEWS = [
  { value: 'json', label: 'JSON' },
  { value: 'table', label: 'Table' },
] as const;

interface PayloadFieldProps {
  text: string;
  onChange: (text: string) => void;
  view: PayloadView;
  onViewChange: (view: PayloadView) => void;
  check: PayloadCheck;
  knownKeys: readonly { key: string; detail: string }[];
  indicators: KeyIndicatorsData | null;
  hints: readonly PlaceholderHint[];
  /** A suite case's payload: `{{column}}` is its data reference (the hints leave it out; so does the editor). */
  dataReferences?: boolean;
  editorRef: RefObject<PayloadEditorHandle | null>;
  onTableProblems: (problems: RowProblem[]) => void;
}

/**
 * The Payload field: one text shown as JSON (an editor) or as a key/value table, with Format,
 * the JSON error, `{…}` warnings, and how the keys compare with what is known of the agent.
 * Warnings never block sending; only text that is not a JSON object (or a wrong table row) does.
 */
export function PayloadField(props: PayloadFieldProps) {
  const { text, onChange, view, onViewChange, check, knownKeys, indicators, hints, dataReferences, editorRef, onTableProblems } = props;
  const kind = usePayloadEditorKind();
  const ids = { label: useId(), input: useId(), error: useId(), warnings: useId() };
  const formatted = formatJson(text);
  const describedBy = [!check.ok && ids.error, hints.length > 0 && ids.warnings].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field payload-field">
      <div className="split-row">
        <label id={ids.label} htmlFor={kind === 'plain' && view === 'json' ? ids.input : undefined}>
          Payload
        </label>
        <span className="muted small payload-about">JSON object · values for the agent’s placeholders</span>
        <span className="payload-tools">
          <SegmentedToggle label="Payload view" options={VIEWS} value={view} onChange={onViewChange} />
          {view === 'json' && (
            <button
              type="button"
              className="button-quiet button-small"
              disabled={formatted === null}
              title={formatted === null ? 'Only valid JSON can be formatted' : 'Indent the JSON (values stay exactly as typed)'}
              onClick={() => {
                if (formatted !== null && formatted !== text) onChange(formatted);
                editorRef.current?.focus();
              }}
            >
              Format
            </button>
          )}
        </span>
      </div>

      {view === 'table' ? (
        <PayloadTable text={text} onChange={onChange} onProblems={onTableProblems} />
      ) : kind === 'code' ? (
        <LazyPayloadCodeEditor
          value={text}
          onChange={onChange}
          label="Payload"
          invalid={!check.ok}
          description={check.ok ? null : check.message}
          knownKeys={knownKeys}
          dataReferences={dataReferences ?? false}
          editorRef={editorRef}
        />
      ) : (
        <PlainPayloadEditor
          id={ids.input}
          value={text}
          onChange={onChange}
          invalid={!check.ok}
          describedBy={describedBy}
          editorRef={editorRef}
        />
      )}

      <FieldNotes ids={ids} error={view === 'json' && !check.ok ? check.message : null} />
      {hints.length > 0 && (
        <ul id={ids.warnings} className="list-stack payload-warnings" aria-label="Payload warnings">
          {hints.map((hint) => (
            <li key={`${hint.from}`} className="field-warning">
              <span className="mono">
                Line {hint.line}, column {hint.column}
              </span>
              : “{hint.value}”. {placeholderHintMessage(hint)}
            </li>
          ))}
        </ul>
      )}
      {check.ok && indicators && (
        <KeyIndicators
          {...indicators}
          onRename={({ key, suggestion }) => {
            const renamed = renameTopLevelKey(text, key, suggestion);
            if (!renamed) return;
            onChange(renamed.text);
            // The button goes away with the typo: the caret goes to the renamed key instead of the page's top.
            if (view === 'json') editorRef.current?.focusAt(renamed.at + 1);
          }}
        />
      )}
    </div>
  );
}
