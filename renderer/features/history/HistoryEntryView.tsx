import type { HistoryEntry } from '../../../electron/shared/contract';
import { useAppInfo } from '../../queries/appInfo';
import { CopyButton } from '../../ui/CopyButton';
import { HostErrorPanel } from '../../ui/ErrorPanel';
import { useHistoryEntry } from '../../queries/history';
import { GuidelineView } from '../guidelines/GuidelineView';
import { ResponseView } from '../invoke/ResponseView';
import { entryAsMarkdown } from './entryMarkdown';
import { ExportReportButton } from './ExportReport';
import { dayLabel } from './rows';
import { useReplay } from './replay';

/**
 * An opened entry, exactly as it was answered: the stored Result goes through the same Response
 * (or Guideline) view the live answer did. An invoke can be replayed into a new request tab.
 */
export function HistoryEntryView({ id }: { id: number | null }) {
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
        <div className="pending">
          <span className="spinner" aria-hidden="true" />
          <span>Loading the entry…</span>
        </div>
      </section>
    );
  }
  return <OpenedEntry entry={entry.data} />;
}

function OpenedEntry({ entry }: { entry: HistoryEntry }) {
  const { replay } = useReplay();
  const version = useAppInfo().data?.version ?? '';
  return (
    <div className="history-opened">
      <div className="history-opened-head">
        <p className="muted small">
          {entry.kind} · {dayLabel(entry.recordedAt)} {new Date(entry.recordedAt).toLocaleTimeString()} · profile{' '}
          <strong>{entry.profile.name}</strong> <span className="mono">{entry.profile.baseUrl}</span>
        </p>
        <div className="history-opened-actions">
          {entry.what === 'invoke' && (
            <button
              type="button"
              className="button-primary button-small"
              onClick={() =>
                replay({
                  profileId: entry.profile.id,
                  agentId: entry.request.agentId,
                  text: entry.request.text,
                  payloadText: JSON.stringify(entry.request.payload, null, 2),
                })
              }
            >
              Replay
            </button>
          )}
          <ExportReportButton ids={[entry.id]} />
          <CopyButton text={() => entryAsMarkdown(entry, version)} label="Copy as Markdown" caption="Copy as Markdown" />
        </div>
      </div>
      {entry.what === 'invoke' ? (
        <ResponseView
          key={entry.id}
          state={{ status: 'success', data: entry.result, error: null, variables: { ...entry.request, profileId: entry.profile.id } }}
        />
      ) : (
        <GuidelineView
          state={{ openedId: entry.request.guidelineId, data: entry.result, error: null, isError: false, isFetching: false }}
        />
      )}
    </div>
  );
}
