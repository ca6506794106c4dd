import { useId } from 'react';
import type { ImportChoice, WorkspaceImportItem, WorkspaceImportOutcome, WorkspaceItemKind } from '../../../electron/shared/api';

/**
 * The items of a workspace file, grouped by kind: in the preview (what would happen, with a
 * choice for each clash) and in the report (what happened). Plain lists with headings, so a
 * screen reader can move through them by heading and by item.
 */

const KIND_HEADINGS: Record<WorkspaceItemKind, string> = { profile: 'Profiles', catalog: 'Agent catalog', tab: 'Request tabs' };
const KINDS: WorkspaceItemKind[] = ['profile', 'catalog', 'tab'];

export const CHOICE_LABELS: Record<ImportChoice, string> = { replace: 'Replace', keepBoth: 'Keep both', skip: 'Skip' };

const ACTION_BADGES: Record<WorkspaceImportItem['action'], { text: string; className: string }> = {
  take: { text: 'Take', className: 'badge badge-accent' },
  skip: { text: 'Skip', className: 'badge badge-neutral' },
  conflict: { text: 'Clash', className: 'badge badge-warning' },
  waiting: { text: 'Waits', className: 'badge badge-neutral' },
};

const OUTCOME_BADGES: Record<WorkspaceImportOutcome['outcome'], { text: string; className: string }> = {
  taken: { text: 'Taken', className: 'badge badge-accent' },
  skipped: { text: 'Skipped', className: 'badge badge-neutral' },
  failed: { text: 'Not taken', className: 'badge badge-danger' },
};

function Grouped<T extends { kind: WorkspaceItemKind; key: string }>({
  items,
  render,
}: {
  items: T[];
  render: (item: T) => React.ReactNode;
}) {
  return (
    <>
      {KINDS.map((kind) => {
        const ofKind = items.filter((item) => item.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <div key={kind} className="import-group">
            <h4 className="import-group-title">
              {KIND_HEADINGS[kind]} ({ofKind.length})
            </h4>
            <ul className="import-items">
              {ofKind.map((item) => (
                <li key={item.key} className="import-item">
                  {render(item)}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}

/** A clash's choices, as radio buttons named after the item. */
function ConflictChoices({ item, onChoose }: { item: WorkspaceImportItem; onChoose: (choice: ImportChoice) => void }) {
  const name = useId();
  const conflict = item.conflict!;
  return (
    <fieldset className="import-choices">
      <legend className="small">What to do with {item.label}</legend>
      {conflict.choices.map((choice) => (
        <label key={choice} className="import-choice">
          <input type="radio" name={name} value={choice} checked={conflict.chosen === choice} onChange={() => onChoose(choice)} />
          {CHOICE_LABELS[choice]}
        </label>
      ))}
    </fieldset>
  );
}

/** An item's first line: its badge (what happens, or happened), then its name. */
function ItemHead({ badge, label }: { badge: { text: string; className: string }; label: string }) {
  return (
    <div className="import-item-head">
      <span className={badge.className}>{badge.text}</span> <strong>{label}</strong>
    </div>
  );
}

/** The preview's items. */
export function PreviewItems({ items, onChoose }: { items: WorkspaceImportItem[]; onChoose: (key: string, choice: ImportChoice) => void }) {
  return (
    <Grouped
      items={items}
      render={(item) => (
        <>
          <ItemHead badge={ACTION_BADGES[item.action]} label={item.label} />
          {item.conflict && <p className="small">{item.conflict.existing}</p>}
          <p className="small">{item.detail}</p>
          {item.warnings.length > 0 && (
            <ul className="import-warnings small">
              {item.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          {item.conflict && <ConflictChoices item={item} onChoose={(choice) => onChoose(item.key, choice)} />}
        </>
      )}
    />
  );
}

/** The report's items. */
export function ReportItems({ items }: { items: WorkspaceImportOutcome[] }) {
  return (
    <Grouped
      items={items}
      render={(item) => (
        <>
          <ItemHead badge={OUTCOME_BADGES[item.outcome]} label={item.label} />
          <p className="small">{item.detail}</p>
        </>
      )}
    />
  );
}
