import { useDeferredValue, useId, useState } from 'react';
import { thrownMessage } from '../../../lib/errorKinds';
import { useLibraryList, useLibrarySearch } from '../queries/library';
import { LibraryAddForm } from './LibraryAddForm';
import { LibraryRow } from './LibraryRow';

/** True when the search has something to look for (the host ignores everything but letters and digits). */
const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);

/**
 * The profile's guideline library: every guideline read on it, and those added by
 * pasting ids. A search over names, descriptions, content, titles and tags shows the best
 * matches first with the passage that matched; opening one shows it in the reader beside.
 */
export function GuidelineLibrary({
  profileId,
  openedId,
  onOpen,
}: {
  profileId: string | undefined;
  openedId: string | null;
  onOpen: (guidelineId: string) => void;
}) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  // Typing stays responsive: the query follows the deferred text.
  const deferred = useDeferredValue(search);
  const searching = hasWords(deferred);
  const list = useLibraryList(profileId);
  const hits = useLibrarySearch(profileId, searching ? deferred : null);
  const entries = list.data ?? [];

  return (
    <section className="library" aria-labelledby={headingId}>
      <div className="library-head">
        <h3 id={headingId} className="section-title">
          Library
        </h3>
        {list.data && <span className="muted small">{entries.length === 1 ? '1 guideline' : `${entries.length} guidelines`}</span>}
      </div>
      <input
        type="search"
        className="input library-search"
        aria-label="Search guidelines"
        placeholder="Search names, descriptions and content"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {list.isError && <p className="inline-error">Could not load the library: {thrownMessage(list.error)}</p>}
      {searching && hits.isError && <p className="inline-error">Could not search the library: {thrownMessage(hits.error)}</p>}
      {profileId !== undefined && searching && hits.data && (
        <>
          <p className="muted small" role="status">
            {hits.data.length === 0
              ? 'No guideline matches.'
              : hits.data.length === 1
                ? '1 match, best first.'
                : `${hits.data.length} matches, best first.`}
          </p>
          <ul className="library-list" aria-label="Search results">
            {hits.data.map((hit) => (
              <LibraryRow
                key={hit.entry.guidelineId}
                profileId={profileId}
                entry={hit.entry}
                passage={hit.passage}
                current={hit.entry.guidelineId === openedId}
                onOpen={onOpen}
              />
            ))}
          </ul>
        </>
      )}
      {profileId !== undefined &&
        !searching &&
        list.data &&
        (entries.length === 0 ? (
          <p className="muted small">No guidelines yet. Every guideline you open is kept here, and you can add ids below.</p>
        ) : (
          <ul className="library-list" aria-label="Guidelines in the library">
            {entries.map((entry) => (
              <LibraryRow
                key={entry.guidelineId}
                profileId={profileId}
                entry={entry}
                current={entry.guidelineId === openedId}
                onOpen={onOpen}
              />
            ))}
          </ul>
        ))}
      {profileId !== undefined && <LibraryAddForm profileId={profileId} />}
    </section>
  );
}
