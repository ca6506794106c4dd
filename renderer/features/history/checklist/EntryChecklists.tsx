import { useId, useState } from 'react';
import type { HistoryEntry, SaveEntryChecklistRequest } from '../../../../electron/shared/api';
import { checklistRules } from '../../../../electron/shared/checklistRules';
import { thrownMessage } from '../../../lib/errorKinds';
import { useEntryChecklists } from '../queries/checklists';
import { useGuidelineCopy, useLibraryList } from '../../guidelines/queries/library';
import { shownName } from '../../guidelines/library/libraryText';
import { ChecklistEditor } from './ChecklistEditor';
import type { JudgedAnswer } from './judgeMarks';

/** The entry's answer a judge agent can check, or null when it has none (a guideline read, a failed call). */
function judgedAnswer(entry: HistoryEntry): JudgedAnswer | null {
  if (entry.what !== 'invoke' || !entry.result.ok) return null;
  return { answer: entry.result.value.response.answer, text: entry.request.text, profileId: entry.profile.id };
}

/** A new checklist drawn from the latest kept version of a guideline in the entry's profile's library. */
function NewChecklist({ entry, guidelineId }: { entry: HistoryEntry; guidelineId: string }) {
  const copy = useGuidelineCopy({ profileId: entry.profile.id, guidelineId });
  if (!copy.data)
    return (
      <p role="status" className="muted">
        Reading the guideline…
      </p>
    );
  if (!copy.data.ok) return <p className="inline-error">Could not read the guideline: {copy.data.error.message}</p>;
  const { guideline, version } = copy.data.value;
  const rules = checklistRules(guideline.content);
  if (rules.length === 0) return <p className="muted">{guideline.name} has no numbered or bulleted rules to check.</p>;
  const draft: SaveEntryChecklistRequest = {
    entryId: entry.id,
    guidelineId,
    guidelineName: guideline.name,
    versionHash: version.hash,
    fetchedAt: version.fetchedAt,
    items: rules.map((rule) => ({ ...rule, mark: null, comment: '', by: 'person' })),
  };
  return <ChecklistEditor key={version.hash} draft={draft} saved={undefined} judged={judgedAnswer(entry)} />;
}

/**
 * Checklists beside an opened answer in History. Here rather than in the invoke
 * workbench: a checklist is kept with a history entry, and the entry is the answer as it was
 * recorded, with an id and a QA report, while the workbench's answer is replaced by the next
 * Send. So an analyst sends, opens the entry (or any older one), and marks each rule against
 * the answer that stays put. The guidelines offered are those in the entry's profile's library;
 * a checklist is drawn from the latest kept version, and keeps that version's hash and fetch
 * time so a later change to the guideline never changes what was checked.
 */
export function EntryChecklists({ entry }: { entry: HistoryEntry }) {
  const kept = useEntryChecklists(entry.id);
  const library = useLibraryList(entry.profile.id);
  const [choice, setChoice] = useState('');
  const [opened, setOpened] = useState<string | null>(null);
  const pickId = useId();
  const saved = kept.data ?? [];
  const fetched = (library.data ?? []).filter((item) => item.latestVersion > 0);
  const openedSaved = opened === null ? undefined : saved.find((checklist) => checklist.guidelineId === opened);
  return (
    <section className="card entry-checklists" aria-label="Checklists">
      <h3 className="section-title">Check the answer against a guideline</h3>
      {kept.isError && <p className="inline-error">Could not read the checklists: {thrownMessage(kept.error)}</p>}
      <form
        className="cluster entry-checklists-pick"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice !== '') setOpened(choice);
        }}
      >
        <label htmlFor={pickId}>Guideline to check against</label>
        <select id={pickId} className="input" value={choice} onChange={(event) => setChoice(event.target.value)}>
          <option value="">Pick a guideline…</option>
          {fetched.map((item) => (
            <option key={item.guidelineId} value={item.guidelineId}>
              {shownName(item)}
            </option>
          ))}
        </select>
        <button type="submit" className="button-quiet button-small" disabled={choice === ''}>
          Open checklist
        </button>
      </form>
      {library.data && fetched.length === 0 && (
        <p className="small muted">No guideline read yet on this profile: open one in Guidelines first.</p>
      )}
      {opened !== null && openedSaved === undefined && <NewChecklist key={opened} entry={entry} guidelineId={opened} />}
      {saved.map((checklist) => (
        <ChecklistEditor
          key={`${checklist.guidelineId}\n${checklist.savedAt}`}
          draft={checklist}
          saved={checklist}
          judged={judgedAnswer(entry)}
        />
      ))}
    </section>
  );
}
