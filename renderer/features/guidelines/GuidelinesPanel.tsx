import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { thrownMessage } from '../../lib/errorKinds';
import { useGuideline } from '../../queries/guideline';
import { useKnownGuidelines } from '../../queries/knownLists';
import { invalidateLibrary, useLibraryChanges, useLibraryList } from '../../queries/library';
import { useProfiles } from '../../queries/profiles';
import { IdCombobox } from '../../ui/IdCombobox';
import { PickList } from '../../ui/PickList';
import { GuidelineView } from './GuidelineView';
import { GuidelineLibrary } from './library/GuidelineLibrary';
import { shownName } from './library/libraryText';
import { OfflineCopy } from './library/OfflineCopy';
import { GuidelineVersions } from './versions/GuidelineVersions';

/**
 * The Guidelines tab: open a guideline by id (typed, suggested, picked from the known list or
 * from the profile's library) and read it. Opening the id already shown fetches it again, so a
 * person can check for changes without retyping. Every fetch is filed in the library by the
 * host, so the library is refreshed when one ends.
 */
export function GuidelinesPanel() {
  const known = useKnownGuidelines();
  const [input, setInput] = useState('');
  const [openedId, setOpenedId] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const guideline = useGuideline(openedId);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const profileId = useProfiles().data?.activeProfileId;
  const queryClient = useQueryClient();
  const { markRead } = useLibraryChanges();
  const library = useLibraryList(profileId);
  // The Guideline field suggests the known guidelines and every one in the library, so an id
  // read once on any profile never has to be pasted again.
  const suggestions = useMemo(() => {
    const knownIds = new Set((known.data ?? []).map((guideline) => guideline.id));
    const kept = (library.data ?? []).filter((entry) => !knownIds.has(entry.guidelineId)).map((entry) => ({ id: entry.guidelineId, name: shownName(entry) }));
    return known.data || library.data ? [...(known.data ?? []), ...kept] : undefined;
  }, [known.data, library.data]);

  // A fetch that ended has been filed in the library (maybe as a new version): show it there.
  useEffect(() => {
    if (guideline.dataUpdatedAt > 0) void invalidateLibrary(queryClient);
  }, [guideline.dataUpdatedAt, queryClient]);

  async function open(id: string) {
    const trimmed = id.trim();
    if (trimmed === '') {
      setInputError('Enter a guideline id, or pick a known guideline.');
      inputRef.current?.focus();
      return;
    }
    setInputError(null);
    // Opening marks the version kept so far as read, before this fetch files a newer one: so
    // when it did change, the library says "changed since you last read it" until the next open.
    // An id not in the library yet is refused, which is fine: there was nothing to read.
    if (profileId !== undefined) await markRead.mutateAsync({ profileId, guidelineId: trimmed }).catch(() => undefined);
    if (trimmed === openedId) void guideline.refetch({ cancelRefetch: false });
    else setOpenedId(trimmed);
  }

  return (
    <div className="split-layout">
      <div className="card">
        <form
          className="guideline-form"
          aria-label="Open a guideline"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void open(input);
          }}
        >
          <div className="card-head">
            <h2 className="card-title">Open a guideline</h2>
            <span className="muted small card-subtitle">GET /api/guideline/&#123;guideline&#125;/</span>
          </div>
          <IdCombobox
            label="Guideline"
            value={input}
            onChange={(value) => {
              setInputError(null);
              setInput(value);
            }}
            options={suggestions}
            placeholder="Guideline id"
            error={inputError}
            inputRef={inputRef}
          />
          <div className="actions">
            <button type="submit" className="button-primary">
              Open guideline
            </button>
          </div>
        </form>
        <GuidelineLibrary
          profileId={profileId}
          openedId={openedId}
          onOpen={(id) => {
            setInput(id);
            void open(id);
          }}
        />
        <section className="picker" aria-labelledby={headingId}>
          <h3 id={headingId} className="section-title">
            Known guidelines
          </h3>
          {known.isError && <p className="inline-error">Could not load the known guidelines: {thrownMessage(known.error)}</p>}
          {known.data?.length === 0 && <p className="muted small">No known guidelines for this profile.</p>}
          {known.data && known.data.length > 0 && (
            <PickList
              currentId={openedId}
              items={known.data}
              onPick={(id) => {
                setInput(id);
                void open(id);
              }}
            />
          )}
        </section>
      </div>
      <GuidelineView
        banner={<GuidelineVersions profileId={profileId} guidelineId={openedId} />}
        state={{
          openedId,
          data: guideline.data,
          error: guideline.error,
          isError: guideline.isError,
          isFetching: guideline.isFetching,
        }}
      >
        <OfflineCopy
          profileId={profileId}
          guidelineId={openedId}
          result={guideline.data}
          retrying={guideline.isFetching}
          onRetry={() => void guideline.refetch({ cancelRefetch: false })}
        />
      </GuidelineView>
    </div>
  );
}
