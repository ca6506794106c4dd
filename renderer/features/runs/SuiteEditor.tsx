import type { CatalogAgent, KnownAgent } from '../../../electron/shared/api';
import { TextField } from '../../ui/FormFields';
import { CaseEditor } from './CaseEditor';
import { DataFileField } from './DataFileField';
import { Lines } from './ExpectationsFields';
import { emptyCase, type CaseDraft, type SuiteDraft } from './suiteModel';

interface SuiteEditorProps {
  draft: SuiteDraft;
  /** An edit: the new draft (marked changed by the caller). */
  onEdit: (draft: SuiteDraft) => void;
  agents: readonly KnownAgent[] | undefined;
  catalog: readonly CatalogAgent[] | undefined;
  onOpenCatalog: (agentId: string) => void;
  dataNote: string | null;
}

/**
 * The suite as a form: its name, the agents every case runs against, the data file, defaults,
 * and the cases, which can be added, removed and moved. Every input has a `data-focus` name that
 * is its place in the suite's JSON, so a problem the host reports can focus it.
 */
export function SuiteEditor({ draft, onEdit, agents, catalog, onOpenCatalog, dataNote }: SuiteEditorProps) {
  const setCases = (cases: CaseDraft[]) => onEdit({ ...draft, cases });
  const move = (from: number, to: number) => {
    const cases = [...draft.cases];
    const [item] = cases.splice(from, 1);
    if (!item) return;
    cases.splice(to, 0, item);
    setCases(cases);
  };
  const focusCaseName = (key: string) => {
    // After the list changes, keep the keyboard in the case it was working on.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-case-key="${CSS.escape(key)}"] input`)?.focus());
  };
  /** After a move, the same move button of the moved case (or the other one, at an end), so moves can repeat. */
  const focusMove = (key: string, direction: 'up' | 'down') => {
    requestAnimationFrame(() => {
      const buttons = (which: string) =>
        document.querySelector<HTMLButtonElement>(`[data-case-key="${CSS.escape(key)}"] button[data-move="${which}"]`);
      const same = buttons(direction);
      (same && !same.disabled ? same : buttons(direction === 'up' ? 'down' : 'up'))?.focus();
    });
  };
  const shared = { agents, catalog, onOpenCatalog };

  return (
    <div className="suite-editor">
      <div className="suite-head card">
        <TextField
          label="Suite name"
          value={draft.name}
          onChange={(name) => onEdit({ ...draft, name })}
          focusName="name"
          placeholder="e.g. orders"
        />
        <Lines
          label="Agents (optional)"
          value={draft.agents}
          onChange={(value) => onEdit({ ...draft, agents: value })}
          focusName="agents"
          hint="One agent id per line: every case without an agent of its own runs against each of them."
        />
        <DataFileField data={draft.data} note={dataNote} onChange={(data) => onEdit({ ...draft, data, dataName: data ? data.name : '' })} />
      </div>

      <details className="suite-defaults">
        <summary>Defaults for every case</summary>
        <CaseEditor
          value={draft.defaults}
          onChange={(defaults) => onEdit({ ...draft, defaults })}
          path="defaults"
          label="Defaults"
          isDefaults
          {...shared}
        />
      </details>

      <ol className="suite-cases" aria-label="Cases">
        {draft.cases.map((item, index) => {
          const number = index + 1;
          return (
            <li key={item.key} data-case-key={item.key}>
              <CaseEditor
                value={item}
                onChange={(next) => setCases(draft.cases.map((other) => (other.key === item.key ? next : other)))}
                path={`cases[${index}]`}
                label={`Case ${number}${item.name ? `: ${item.name}` : ''}`}
                {...shared}
                tools={
                  <span className="suite-case-tools">
                    <button
                      type="button"
                      className="button-quiet button-small"
                      data-move="up"
                      aria-label={`Move case ${number} up`}
                      disabled={index === 0}
                      onClick={() => {
                        move(index, index - 1);
                        focusMove(item.key, 'up');
                      }}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button-quiet button-small"
                      data-move="down"
                      aria-label={`Move case ${number} down`}
                      disabled={index === draft.cases.length - 1}
                      onClick={() => {
                        move(index, index + 1);
                        focusMove(item.key, 'down');
                      }}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="button-quiet button-small"
                      aria-label={`Duplicate case ${number}`}
                      onClick={() => {
                        const copy = { ...structuredClone(item), key: emptyCase().key };
                        setCases([...draft.cases.slice(0, index + 1), copy, ...draft.cases.slice(index + 1)]);
                        focusCaseName(copy.key);
                      }}
                    >
                      Duplicate
                    </button>
                    <button
                      type="button"
                      className="button-quiet button-small button-danger"
                      aria-label={`Remove case ${number}`}
                      onClick={() => setCases(draft.cases.filter((other) => other.key !== item.key))}
                    >
                      Remove
                    </button>
                  </span>
                }
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button-quiet"
        onClick={() => {
          const added = emptyCase();
          setCases([...draft.cases, added]);
          focusCaseName(added.key);
        }}
      >
        Add case
      </button>
    </div>
  );
}
