import { useId, useState } from 'react';
import type { ChecklistItem, ChecklistMark, EntryChecklist, SaveEntryChecklistRequest } from '../../../../electron/shared/api';
import { useSaveChecklist } from '../queries/checklists';
import { shownTime } from '../../guidelines/library/libraryText';
import { readableRule } from './readableRule';
import { FailureLine } from '../../../ui/ErrorPanel';
import { ChecklistJudge } from './ChecklistJudge';
import { confirmedItem, type JudgedAnswer, type Proposal } from './judgeMarks';

const MARKS: Array<{ mark: ChecklistMark; label: string }> = [
  { mark: 'pass', label: 'Pass' },
  { mark: 'fail', label: 'Fail' },
  { mark: 'n/a', label: 'N/A' },
];

/** A rule's text as its controls are named: short enough to read aloud, whole on screen. */
const shortRule = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

function ItemRow({
  item,
  index,
  proposal,
  onChange,
  onPropose,
}: {
  item: ChecklistItem;
  index: number;
  /** The judge's mark waiting for the person's word, if any. */
  proposal: Proposal | null;
  onChange: (item: ChecklistItem) => void;
  onPropose: (proposal: Proposal | null) => void;
}) {
  const name = useId();
  const rule = shortRule(readableRule(item.text));
  const mark = proposal?.mark ?? item.mark;
  const comment = proposal?.comment ?? item.comment;
  const by = proposal ? 'proposed' : item.mark !== null && item.by === 'judge' ? 'judge' : 'person';
  return (
    <li className={`checklist-item checklist-depth-${Math.min(item.depth, 4)}`} data-mark={mark ?? 'none'} data-by={by}>
      <fieldset>
        <legend>
          <span className="visually-hidden">Rule {index + 1}:</span> {readableRule(item.text)}
        </legend>
        <div className="cluster checklist-marks">
          {MARKS.map(({ mark: value, label }) => (
            <label key={value} className={`checklist-mark checklist-mark-${value === 'n/a' ? 'na' : value}`}>
              <input
                type="radio"
                name={name}
                checked={mark === value}
                // Choosing a mark, even the judge's, makes it the person's.
                onChange={() => onChange({ ...item, mark: value, comment, by: 'person' })}
              />
              {label}
            </label>
          ))}
          <input
            type="text"
            className="input checklist-comment"
            aria-label={`Comment on: ${rule}`}
            placeholder="Comment (optional)"
            maxLength={2000}
            value={comment}
            onChange={(event) =>
              proposal ? onPropose({ ...proposal, comment: event.target.value }) : onChange({ ...item, comment: event.target.value })
            }
          />
        </div>
        {proposal && (
          <p className="cluster checklist-judged small">
            <span className="badge badge-judge">Judge’s mark: {proposal.mark === 'pass' ? 'Pass' : 'Fail'}, not kept until confirmed</span>
            <button
              type="button"
              className="button-quiet button-small"
              aria-label={`Confirm the judge’s mark on rule ${index + 1}`}
              onClick={() => {
                onChange(confirmedItem(item, proposal));
                onPropose(null);
              }}
            >
              Confirm
            </button>
          </p>
        )}
        {!proposal && by === 'judge' && (
          <p className="checklist-judged small">
            <span className="badge badge-judge">Judge’s mark, confirmed</span>
          </p>
        )}
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
 * (untrusted): shown as text, never as markup. A judge agent can be asked to mark the rules:
 * its marks are shown as proposals, each kept only once the person confirms it (then as the
 * judge's) or changes it (then as the person's); Save keeps only confirmed marks.
 */
export function ChecklistEditor({
  draft,
  saved,
  judged,
}: {
  draft: SaveEntryChecklistRequest;
  saved: EntryChecklist | undefined;
  /** The entry's answer, or null when it has none to judge (a guideline read, a failed call). */
  judged: JudgedAnswer | null;
}) {
  const [items, setItems] = useState(draft.items);
  const [proposals, setProposals] = useState<(Proposal | null)[]>(() => draft.items.map(() => null));
  const save = useSaveChecklist();
  const headingId = useId();
  const counts = MARKS.map(({ mark, label }) => `${items.filter((item) => item.mark === mark).length} ${label.toLowerCase()}`).join(', ');
  const unmarked = items.filter((item) => item.mark === null).length;
  const waiting = proposals.filter((proposal) => proposal !== null).length;
  const setItem = (index: number, changed: ChecklistItem) =>
    setItems((current) => current.map((old, at) => (at === index ? changed : old)));
  const setProposal = (index: number, proposal: Proposal | null) =>
    setProposals((current) => current.map((old, at) => (at === index ? proposal : old)));
  return (
    <section className="checklist" aria-labelledby={headingId}>
      <h4 id={headingId} className="checklist-title">
        Checklist: {draft.guidelineName}
      </h4>
      <p className="small muted">
        Version <span className="mono">{draft.versionHash.slice(0, 12)}</span>, fetched{' '}
        <time dateTime={draft.fetchedAt}>{shownTime(draft.fetchedAt)}</time>
      </p>
      {judged && <ChecklistJudge draft={draft} judged={judged} onProposals={setProposals} />}
      {sections(items).map((group) => (
        <div key={group.start} className="checklist-section">
          {group.section !== '' && <h5 className="checklist-section-title">{group.section}</h5>}
          <ul className="checklist-items">
            {group.items.map((item, offset) => (
              <ItemRow
                key={group.start + offset}
                item={item}
                index={group.start + offset}
                proposal={proposals[group.start + offset] ?? null}
                onChange={(changed) => {
                  setItem(group.start + offset, changed);
                  setProposal(group.start + offset, null);
                }}
                onPropose={(proposal) => setProposal(group.start + offset, proposal)}
              />
            ))}
          </ul>
        </div>
      ))}
      <div className="actions">
        {waiting > 0 && (
          <>
            <button
              type="button"
              className="button-quiet button-small"
              onClick={() => {
                setItems((current) => current.map((item, at) => (proposals[at] ? confirmedItem(item, proposals[at]) : item)));
                setProposals((current) => current.map(() => null));
              }}
            >
              Confirm all ({waiting})
            </button>
            <button type="button" className="button-quiet button-small" onClick={() => setProposals((current) => current.map(() => null))}>
              Discard the judge’s marks
            </button>
          </>
        )}
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
          {waiting > 0 && `, ${waiting} judge’s ${waiting === 1 ? 'mark' : 'marks'} to confirm (not saved until confirmed)`}
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
