import type { KeyboardEvent, RefObject } from 'react';
import { checkAgentId, findingSentence } from '../../lib/idWarnings';
import { IdCombobox } from '../../ui/IdCombobox';

interface AgentFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Suggestions: the built-in agents and the catalog's, each once. */
  options: readonly { id: string; name: string }[];
  error: string | null;
  /** The name the app knows the id by, if any. */
  knownName: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onOpenCatalog: () => void;
}

/**
 * The Agent field: any id can be typed, known and catalog agents are suggested (a
 * `<datalist>`, so the role is combobox). Below it, warnings about the id as it will be
 * sent (trimmed): not a UUID, spaces inside, look-alike or invisible characters, each by
 * position. Warnings never block: the platform decides; they only explain a likely 404.
 */
export function AgentField({ value, onChange, options, error, knownName, inputRef, onKeyDown, onOpenCatalog }: AgentFieldProps) {
  const check = checkAgentId(value);
  const warnings = [
    ...(check.notUuid ? ['This id is not a UUID (8-4-4-4-12 hex digits); platform agent ids are.'] : []),
    ...check.findings.map(findingSentence),
  ];
  const hasNotes = warnings.length > 0 || knownName !== null || check.trimmedAway;
  return (
    <IdCombobox
      label="Agent"
      className="agent-field"
      labelAction={
        <button type="button" className="button-link" aria-haspopup="dialog" onClick={onOpenCatalog}>
          Agent catalog
        </button>
      }
      value={value}
      onChange={onChange}
      options={options}
      placeholder="Agent id, e.g. 3f2c…"
      error={error}
      inputRef={inputRef}
      onKeyDown={onKeyDown}
      notes={
        hasNotes ? (
          <div className="agent-notes">
            {knownName !== null && <p className="field-hint">Known agent: {knownName}</p>}
            {warnings.length > 0 && (
              <ul className="list-stack id-warnings" aria-label="Agent id warnings">
                {warnings.map((warning) => (
                  <li key={warning} className="field-warning">
                    {warning}
                  </li>
                ))}
              </ul>
            )}
            {check.findings.length > 0 && <MarkedId id={check.trimmed} positions={check.findings.map((finding) => finding.position)} />}
            {check.trimmedAway && <p className="muted small">Spaces around the id are removed before sending.</p>}
          </div>
        ) : undefined
      }
    />
  );
}

/** Visible characters that stand for ones that are invisible or look like others. */
const SHOWN_AS: Record<string, string> = { ' ': '␣', '\t': '⇥', '\n': '↵', '\r': '↵' };

/** The id with each suspicious character marked, so the eye finds it; the list above says what each is. */
function MarkedId({ id, positions }: { id: string; positions: readonly number[] }) {
  const marked = new Set(positions);
  return (
    <p className="marked-id mono" aria-hidden="true">
      {[...id].map((char, index) =>
        marked.has(index + 1) ? (
          <mark key={index} className="id-mark" title={`Character ${index + 1}`}>
            {SHOWN_AS[char] ?? (/[\u200b-\u200f\u2060\ufeff\u00ad]/.test(char) ? '¤' : char)}
          </mark>
        ) : (
          <span key={index}>{char}</span>
        ),
      )}
    </p>
  );
}
