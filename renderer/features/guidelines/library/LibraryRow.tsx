import { useState } from 'react';
import type { HistoryPassage, LibraryGuideline } from '../../../../electron/shared/api';
import { ConfirmStep, useFocusBackOnCancel } from '../../../ui/ConfirmStep';
import { Passage } from '../../history/Passage';
import { plainPassage } from '../plainText';
import { useLibraryChanges } from '../queries/library';
import { LibraryLabelsForm } from './LibraryLabelsForm';
import { shownName, shownTime } from './libraryText';

/**
 * One guideline of the library: its name (the person's title first, the server's name always
 * shown too), description, tags, when it was fetched and whether it changed since it was last
 * read, all as text (never colour alone); and its actions: open, pin, edit labels, remove (after
 * the app's confirmation step). Server text is untrusted and rendered as text only.
 */
export function LibraryRow({
  profileId,
  entry,
  passage,
  current,
  onOpen,
}: {
  profileId: string;
  entry: LibraryGuideline;
  /** The search passage that matched, when the row is a search hit. */
  passage?: HistoryPassage;
  current: boolean;
  onOpen: (guidelineId: string) => void;
}) {
  const changes = useLibraryChanges();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const [removeRef, removeCancelled] = useFocusBackOnCancel<HTMLButtonElement>(mode === 'confirm');
  const [labelsError, setLabelsError] = useState<string | null>(null);
  const name = shownName(entry);
  const ref = { profileId, guidelineId: entry.guidelineId };

  return (
    <li className="library-entry" aria-current={current ? 'true' : undefined}>
      <div className="split-row">
        {/* Named "Read …", not "Open …": "Open guideline" is the form's button, and a name
            starting the same way would answer to it (speech input, Playwright's name match). */}
        <button
          type="button"
          className="library-open"
          aria-label={`Read ${name}`}
          title={entry.guidelineId}
          onClick={() => onOpen(entry.guidelineId)}
        >
          {name}
        </button>
        <span className="library-flags">
          {entry.pinned && <span className="chip">Pinned</span>}
          {entry.changedSinceRead && <span className="chip chip-warning">Changed since you last read it</span>}
        </span>
      </div>
      {entry.title && entry.name && entry.title !== entry.name && <p className="library-server-name small">On the server: {entry.name}</p>}
      {entry.description && <p className="library-description small">{entry.description}</p>}
      {passage && (
        <p className="library-passage small">
          <Passage passage={plainPassage(passage)} />
        </p>
      )}
      {entry.tags.length > 0 && (
        <ul className="library-tags" aria-label="Tags">
          {entry.tags.map((tag) => (
            <li key={tag} className="chip">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <p className="library-meta muted small">
        {entry.fetchedAt ? (
          <>
            Fetched <time dateTime={entry.fetchedAt}>{shownTime(entry.fetchedAt)}</time>
            {entry.latestVersion > 1 && ` · ${entry.latestVersion} versions kept`}
          </>
        ) : (
          'Not fetched yet'
        )}
        {' · '}
        <span className="mono">{entry.guidelineId}</span>
      </p>
      {mode === 'view' && (
        <div className="library-actions">
          <button
            type="button"
            className="button-quiet button-small"
            aria-label={`${entry.pinned ? 'Unpin' : 'Pin'} ${name}`}
            aria-pressed={entry.pinned}
            disabled={changes.pin.isPending}
            onClick={() => changes.pin.mutate({ ...ref, pinned: !entry.pinned })}
          >
            {entry.pinned ? 'Unpin' : 'Pin'}
          </button>
          <button type="button" className="button-quiet button-small" aria-label={`Edit labels of ${name}`} onClick={() => setMode('edit')}>
            Edit labels
          </button>
          <button
            ref={removeRef}
            type="button"
            className="button-quiet button-small"
            aria-label={`Remove ${name}`}
            onClick={() => setMode('confirm')}
          >
            Remove
          </button>
        </div>
      )}
      {mode === 'edit' && (
        <LibraryLabelsForm
          entry={entry}
          pending={changes.setLabels.isPending}
          error={labelsError}
          onCancel={() => setMode('view')}
          onSave={(labels) =>
            changes.setLabels.mutate(
              { ...ref, ...labels },
              {
                onSuccess: (result) => {
                  if (result.ok) {
                    setLabelsError(null);
                    setMode('view');
                  } else setLabelsError(result.error.message);
                },
              },
            )
          }
        />
      )}
      {mode === 'confirm' && (
        <ConfirmStep
          label="Confirm remove"
          confirmLabel="Remove from library"
          pending={changes.remove.isPending}
          onCancel={() => {
            removeCancelled();
            setMode('view');
          }}
          onConfirm={() => changes.remove.mutate({ profileId, guidelineIds: [entry.guidelineId] })}
        >
          Remove “{name}” from this profile’s library
          {entry.latestVersion > 0
            ? `, with ${entry.latestVersion === 1 ? 'its kept copy' : `its ${entry.latestVersion} kept versions`}`
            : ''}
          ? Opening it again adds it back.
        </ConfirmStep>
      )}
    </li>
  );
}
