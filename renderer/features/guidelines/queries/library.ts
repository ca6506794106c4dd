import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Api, GuidelineVersionRequest, LibraryGuidelineRef } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiQuery, useApiMutation, useApiQuery } from '../../../host/api';

/**
 * The guideline library: one per profile, kept by the host. Every key names the profile, so a
 * profile switch moves to other keys. A change answers with the entry or the library, and every
 * library answer (list, search, versions) is refreshed after it: a pin or a new title changes
 * the order and the search hits alike.
 */

/** Methods whose answers a library change (or a guideline fetch, which files a version) makes stale. */
const LIBRARY_READS = ['listGuidelineLibrary', 'searchGuidelineLibrary', 'listGuidelineVersions', 'getGuidelineVersion'] as const;

/** Marks every library answer stale (after a guideline was fetched and filed). */
export function invalidateLibrary(queryClient: QueryClient): Promise<void> {
  return Promise.all(LIBRARY_READS.map((method) => queryClient.invalidateQueries({ queryKey: [method] }))).then(() => undefined);
}

/** A profile's library, pinned first then by name; idle until the profile is known. */
export const libraryListQuery = (api: Api, profileId: string | undefined) =>
  apiQuery(api, 'listGuidelineLibrary', profileId === undefined ? null : { profileId }, { unwrap: true });

export const useLibraryList = (profileId: string | undefined) => useQuery(libraryListQuery(useHost(), profileId));

/** Search of a profile's library, best first; idle while `text` is null (no words typed). */
export const useLibrarySearch = (profileId: string | undefined, text: string | null) =>
  useApiQuery('searchGuidelineLibrary', profileId === undefined || text === null ? null : { profileId, text }, {
    unwrap: true,
    // While the next letter is typed, the last hits stay on screen rather than an empty list.
    placeholderData: keepPreviousData,
  });

/** The kept versions of one guideline, newest first; idle while `ref` is null. */
export const useGuidelineVersions = (ref: LibraryGuidelineRef | null) => useApiQuery('listGuidelineVersions', ref, { unwrap: true });

/**
 * One kept version in full, or the latest (`version` absent): the copy the reader shows when the
 * platform cannot be reached. A Result, not a thrown error: "no copy kept" is an answer.
 */
export const useGuidelineCopy = (request: GuidelineVersionRequest | null) => useApiQuery('getGuidelineVersion', request);

/** The library's changes, each a mutation that refreshes every library answer once it settled. */
export function useLibraryChanges() {
  return {
    add: useApiMutation('addToGuidelineLibrary', { invalidates: LIBRARY_READS }),
    remove: useApiMutation('removeFromGuidelineLibrary', { invalidates: LIBRARY_READS }),
    pin: useApiMutation('pinLibraryGuideline', { invalidates: LIBRARY_READS }),
    setLabels: useApiMutation('setLibraryGuidelineLabels', { invalidates: LIBRARY_READS }),
    markRead: useApiMutation('markGuidelineRead', { invalidates: LIBRARY_READS }),
  };
}
