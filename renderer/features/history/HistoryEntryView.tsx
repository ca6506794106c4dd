import { useState } from 'react';
import { askedOf } from '../../../electron/shared/reports/reportEntry';
import type { HistoryEntry } from '../../../electron/shared/api';
import { useAppInfo } from '../../app/appInfo';
import { CopyButton } from '../../ui/CopyButton';
import { thrownMessage } from '../../lib/errorKinds';
import { HostErrorPanel } from '../../ui/ErrorPanel';
import { ConfirmStep, useFocusBackOnCancel } from '../../ui/ConfirmStep';
import { useHistoryEntry } from './queries/history';
import { useDeleteHistoryEntries, usePinHistoryEntry } from './queries/historyManage';
import { GuidelineView } from '../guidelines/GuidelineView';
import { ResponseView } from '../invoke/ResponseView';
import { entryAsMarkdown } from './entryMarkdown';
import { ExportReportButton } from './ExportReport';
import { dayLabel } from './rows';
import { SavedEntryView } from './SavedEntryView';
import { useReplay } from './replay';
import { useEntryChecklists } from './queries/checklists';
import { LazyEntryChecklists } from './checklist/LazyEntryChecklists';
import { Pending } from '../../ui/Pending';
import { ToggleButton } from '../../ui/ToggleButton';

/**
 * An opened entry, exactly as it was answered: the stored Result goes through the same Response
 * (or Guideline) view the live answer did. An invoke can be replayed into a new request tab;
 * any entry can be pinned (kept by Clear all and by retention) or deleted, after a confirmation.
 * `onDeleted` lets the section drop the id from what it holds and move focus.
 */
export function HistoryEntryView({ id, onDeleted }: { id: number | null; onDeleted: (ids: number[]) => void }) {
  const entry = useHistoryEntry(id);
  if (id === null) {
    return (
      <section aria-label="Response" className="card response">
        <div className="empty-state">
          <p>No entry open.</p>
          <p className="muted">Pick an entry in the list to see its request and answer as they were.</p>
        </div>
      </section>
    );
  }
  if (entry.isError) return <HostErrorPanel error={entry.error} />;
  if (!entry.data) {
    return (
      <section aria-label="Response" className="card response" aria-busy="true">
        <Pending text="Loading the entry…" />
      </section>
    );
  }
  return <OpenedEntry key={entry.data.id} entry={entry.data} onDeleted={onDeleted} />;
}

function OpenedEntry({ entry, onDeleted }: { entry: HistoryEntry; onDeleted: (ids: number[]) => void }) {
  const { replay } = useReplay();
  const version = useAppInfo().data?.version ?? '';
  const pin = usePinHistoryEntry();
  const remove = useDeleteHistoryEntries();
  const [confirming, setConfirming] = useState(false);
  const [deleteRef, focusBack] = useFocusBackOnCancel<HTMLButtonElement>(confirming);
  const problem = pin.error ?? remove.error;
  // A save to a file of an invoke replays as that invoke.
  const asked = askedOf(entry);
  const checklists = useEntryChecklists(entry.id).data;
  return (
    <div className="history-opened">
      <div className="history-opened-head">
        <p className="muted small">
          {entry.kind}
          {entry.pinned ? ' · pinned' : ''} · {dayLabel(entry.recordedAt)} {new Date(entry.recordedAt).toLocaleTimeString()} · profile{' '}
          <strong>{entry.profile.name}</strong> <span className="mono">{entry.profile.baseUrl}</span>
        </p>
        <div className="cluster history-opened-actions">
          <ToggleButton
            pressed={entry.pinned}
            title={
              entry.pinned
                ? 'Pinned: kept by Clear all and by the retention setting. Press to unpin.'
                : 'Pin: keep it through Clear all and the retention setting'
            }
            disabled={pin.isPending}
            onToggle={() => pin.mutate({ id: entry.id, pinned: !entry.pinned })}
          >
            Pin
          </ToggleButton>
          {asked.what === 'invoke' && (
            <button
              type="button"
              className="button-primary button-small"
              onClick={() =>
                replay({
                  profileId: entry.profile.id,
                  agentId: asked.agentId,
                  text: asked.text,
                  payloadText: JSON.stringify(asked.payload, null, 2),
                })
              }
            >
              Replay
            </button>
          )}
          <ExportReportButton ids={[entry.id]} />
          <CopyButton text={() => entryAsMarkdown(entry, version, checklists)} label="Copy as Markdown">
            Copy as Markdown
          </CopyButton>
          {!confirming && (
            <button ref={deleteRef} type="button" className="button-quiet button-small button-danger" onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
        </div>
      </div>
      {confirming && (
        <ConfirmStep
          label="Confirm delete"
          confirmLabel="Delete entry"
          pending={remove.isPending}
          onCancel={() => {
            focusBack();
            setConfirming(false);
          }}
          onConfirm={() => remove.mutate({ ids: [entry.id] }, { onSuccess: () => onDeleted([entry.id]) })}
        >
          Delete this {entry.what === 'saved' ? 'save to a file' : entry.what === 'invoke' ? 'invoke' : 'guideline fetch'} from the history
          {entry.pinned ? ', although it is pinned' : ''}? This cannot be undone.
        </ConfirmStep>
      )}
      {problem && (
        <p role="alert" className="field-error">
          {thrownMessage(problem)}
        </p>
      )}
      {entry.what === 'invoke' ? (
        <div className="history-opened-body">
          <ResponseView
            key={entry.id}
            state={{ status: 'success', data: entry.result, error: null, variables: { ...entry.request, profileId: entry.profile.id } }}
          />
          <LazyEntryChecklists entry={entry} />
        </div>
      ) : entry.what === 'saved' ? (
        <SavedEntryView entry={entry} />
      ) : (
        <GuidelineView
          state={{ openedId: entry.request.guidelineId, data: entry.result, error: null, isError: false, isFetching: false }}
        />
      )}
    </div>
  );
}
