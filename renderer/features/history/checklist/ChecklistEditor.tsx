import { useId, useState } from 'react';
import type { ChecklistItem, ChecklistMark, EntryChecklist, SaveEntryChecklistRequest } from '../../../../electron/shared/api';
import { useSaveChecklist } from '../queries/checklists';
import { shownTime } from '../../guidelines/library/libraryText';
import { readableRule } from './readableRule';
import { FailureLine } from '../../../ui/ErrorPanel';

const MARKS: Array<{ mark: ChecklistMark; label: string }> = [
  { mark: 'pass', label: 'Pass' },
  { mark: 'fail', label: 'Fail' },
  { mark: 'n/a', label: 'N/A' },
];

/** A rule's text as its controls are named: short enough to read aloud, whole on screen. */
const shortRule = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

function ItemRow({ item, index, onChange }: { item: ChecklistItem; index: number; onChange: (item: ChecklistItem) => void }) {
  const name = useId();
  return (
    <li className={`checklist-item checklist-depth-${Math.min(item.depth, 4)}`} data-mark={item.mark ?? 'none'}>
      <fieldset>
        <legend>
          <span className="visually-hidden">Rule {index + 1}:</span> {readableRule(item.text)}
        </legend>
        <div className="cluster checklist-marks">
          {MARKS.map(({ mark, label }) => (
            <label key={mark} className={`checklist-mark checklist-mark-${mark === 'n/a' ? 'na' : mark}`}>
              <input type="radio" name={name} checked={item.mark === mark} onChange={() => onChange({ ...item, mark })} />
              {label}
            </label>
          ))}
          <input
            type="text"
            className="input checklist-comment"
            aria-label={`Comment on: ${shortRule(readableRule(item.text))}`}
            placeholder="Comment (optional)"
            maxLength={2000}
            value={item.comment}
            onChange={(event) => onChange({ ...item, comment: event.target.value })}
          />
        </div>
      </fieldset>
    </li>
  );
}

/** The rules grouped under their section heading, in order. */
function sections(items: ChecklistItem[]): Array<{ section: string; start: number; items: ChecklistItem[] }> {
  const groups: Array<{ section: string; start: number; items: ChecklistItem[] }> = [];
  items.forEach((item, index) => {
    const last = groups[groups.length - 1];
    if (last && last.section === item.section) last.items.push(item);
    else groups.push({ section: item.section, start: index, items: [item] });
  });
  return groups;
}

/**
 * One guideline's checklist on an entry: its rules under their headings, each marked Pass,
 * Fail or N/A with an optional comment, and Save. The rules are the guideline's own text
 * (untrusted): shown as text, never as markup.
 */
export function ChecklistEditor({ draft, saved }: { draft: SaveEntryChecklistRequest; saved: EntryChecklist | undefined }) {
  const [items, setItems] = useState(draft.items);
  const save = useSaveChecklist();
  const headingId = useId();
  const counts = MARKS.map(({ mark, label }) => `${items.filter((item) => item.mark === mark).length} ${label.toLowerCase()}`).join(', ');
  const unmarked = items.filter((item) => item.mark === null).length;
  return (
    <section className="checklist" aria-labelledby={headingId}>
      <h4 id={headingId} className="checklist-title">
        Checklist: {draft.guidelineName}
      </h4>
      <p className="small muted">
        Version <span className="mono">{draft.versionHash.slice(0, 12)}</span>, fetched{' '}
        <time dateTime={draft.fetchedAt}>{shownTime(draft.fetchedAt)}</time>
      </p>
      {sections(items).map((group) => (
        <div key={group.start} className="checklist-section">
          {group.section !== '' && <h5 className="checklist-section-title">{group.section}</h5>}
          <ul className="checklist-items">
            {group.items.map((item, offset) => (
              <ItemRow
                key={group.start + offset}
                item={item}
                index={group.start + offset}
                onChange={(changed) => setItems((current) => current.map((old, at) => (at === group.start + offset ? changed : old)))}
              />
            ))}
          </ul>
        </div>
      ))}
      <div className="actions">
        <button
          type="button"
          className="button-primary button-small"
          disabled={save.isPending}
          onClick={() => {
            const { entryId, guidelineId, guidelineName, versionHash, fetchedAt } = draft;
            save.mutate({ entryId, guidelineId, guidelineName, versionHash, fetchedAt, items });
          }}
        >
          Save checklist
        </button>
        <span className="small muted" role="status">
          {counts}, {unmarked} not marked
          {save.isSuccess
            ? ` · Saved ${shownTime(save.data.savedAt)}`
            : saved
              ? ` · Saved ${shownTime(saved.savedAt)}`
              : ' · Not saved yet'}
        </span>
      </div>
      <FailureLine failed={save.isError} error={save.error} />
    </section>
  );
}
