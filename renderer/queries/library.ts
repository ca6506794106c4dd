import { keepPreviousData, mutationOptions, queryOptions, skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Api,
  GuidelineVersionRequest,
  LibraryAddRequest,
  LibraryGuidelineRef,
  LibraryLabelsRequest,
  LibraryPinRequest,
  LibraryRemoveRequest,
  Result,
} from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { valueOf } from './valueOf';

/**
 * The guideline library (issue 9): one per profile, kept by the host. Every key names the
 * profile, so a profile switch moves to other keys. A change answers with the entry or the
 * library, and every library answer (list, search, versions) is refreshed after it: a pin or a
 * new title changes the order and the search hits alike.
 */

/** Methods whose answers a library change (or a guideline fetch, which files a version) makes stale. */
export const LIBRARY_READS = ['listGuidelineLibrary', 'searchGuidelineLibrary', 'listGuidelineVersions', 'getGuidelineVersion'] as const;

/** Marks every library answer stale (after a change, or after a guideline was fetched and filed). */
export function invalidateLibrary(queryClient: QueryClient): Promise<void> {
  return Promise.all(LIBRARY_READS.map((method) => queryClient.invalidateQueries({ queryKey: [method] }))).then(() => undefined);
}

/** A profile's library, pinned first then by name; idle until the profile is known. */
export function libraryListQuery(api: Api, profileId: string | undefined) {
  return queryOptions({
    queryKey: ['listGuidelineLibrary', { profileId: profileId ?? '' }] as const,
    queryFn: profileId === undefined ? skipToken : async () => valueOf(await api.listGuidelineLibrary({ profileId })),
    retry: false,
  });
}

/** Search of a profile's library, best first; idle while `text` is null (no words typed). */
export function librarySearchQuery(api: Api, profileId: string | undefined, text: string | null) {
  return queryOptions({
    queryKey: ['searchGuidelineLibrary', { profileId: profileId ?? '', text: text ?? '' }] as const,
    queryFn: profileId === undefined || text === null ? skipToken : async () => valueOf(await api.searchGuidelineLibrary({ profileId, text })),
    retry: false,
    // While the next letter is typed, the last hits stay on screen rather than an empty list.
    placeholderData: keepPreviousData,
  });
}

/** The kept versions of one guideline, newest first. */
export function guidelineVersionsQuery(api: Api, ref: LibraryGuidelineRef | null) {
  return queryOptions({
    queryKey: ['listGuidelineVersions', ref ?? {}] as const,
    queryFn: ref === null ? skipToken : async () => valueOf(await api.listGuidelineVersions(ref)),
    retry: false,
  });
}

/**
 * One kept version in full, or the latest (`version` absent): the copy the reader shows when the
 * platform cannot be reached. A Result, not a thrown error: "no copy kept" is an answer.
 */
export function guidelineCopyQuery(api: Api, request: GuidelineVersionRequest | null) {
  return queryOptions({
    queryKey: ['getGuidelineVersion', request ?? {}] as const,
    queryFn: request === null ? skipToken : () => api.getGuidelineVersion(request),
    retry: false,
  });
}

/** A mutation that changes the library and then refreshes every library answer. */
function libraryMutation<T, R>(queryClient: QueryClient, key: string, call: (request: T) => Promise<Result<R>>) {
  return mutationOptions({
    mutationKey: [key],
    mutationFn: call,
    retry: false,
    onSettled: () => invalidateLibrary(queryClient),
  });
}

export const addToLibraryMutation = (api: Api, queryClient: QueryClient) =>
  libraryMutation(queryClient, 'addToGuidelineLibrary', (request: LibraryAddRequest) => api.addToGuidelineLibrary(request));
export const removeFromLibraryMutation = (api: Api, queryClient: QueryClient) =>
  libraryMutation(queryClient, 'removeFromGuidelineLibrary', (request: LibraryRemoveRequest) => api.removeFromGuidelineLibrary(request));
export const pinGuidelineMutation = (api: Api, queryClient: QueryClient) =>
  libraryMutation(queryClient, 'pinLibraryGuideline', (request: LibraryPinRequest) => api.pinLibraryGuideline(request));
export const setGuidelineLabelsMutation = (api: Api, queryClient: QueryClient) =>
  libraryMutation(queryClient, 'setLibraryGuidelineLabels', (request: LibraryLabelsRequest) => api.setLibraryGuidelineLabels(request));
export const markGuidelineReadMutation = (api: Api, queryClient: QueryClient) =>
  libraryMutation(queryClient, 'markGuidelineRead', (request: LibraryGuidelineRef) => api.markGuidelineRead(request));

export function useLibraryList(profileId: string | undefined) {
  return useQuery(libraryListQuery(useHost(), profileId));
}

export function useLibrarySearch(profileId: string | undefined, text: string | null) {
  return useQuery(librarySearchQuery(useHost(), profileId, text));
}

export function useGuidelineCopy(request: GuidelineVersionRequest | null) {
  return useQuery(guidelineCopyQuery(useHost(), request));
}

/** The library's changes, each a mutation that refreshes the library after it. */
export function useLibraryChanges() {
  const api = useHost();
  const queryClient = useQueryClient();
  return {
    add: useMutation(addToLibraryMutation(api, queryClient)),
    remove: useMutation(removeFromLibraryMutation(api, queryClient)),
    pin: useMutation(pinGuidelineMutation(api, queryClient)),
    setLabels: useMutation(setGuidelineLabelsMutation(api, queryClient)),
    markRead: useMutation(markGuidelineReadMutation(api, queryClient)),
  };
}

/** The kept versions of one guideline, newest first; idle while `ref` is null. */
export function useGuidelineVersions(ref: LibraryGuidelineRef | null) {
  return useQuery(guidelineVersionsQuery(useHost(), ref));
}
