import type { Api, AppError, GuidelineResult, LibraryAddItem, Result } from '../../shared/api';
import { libraryId, normalizeTags, parsePastedIds, refusedItem } from './librarySchema';
import type { LibraryStore } from './libraryStore';
import { invalid } from '../../shared/check';

/** The contract's library methods: what the renderer may ask of the guideline library. */
type LibraryApi = Pick<
  Api,
  | 'listGuidelineLibrary'
  | 'addToGuidelineLibrary'
  | 'removeFromGuidelineLibrary'
  | 'pinLibraryGuideline'
  | 'setLibraryGuidelineLabels'
  | 'searchGuidelineLibrary'
  | 'listGuidelineVersions'
  | 'getGuidelineVersion'
  | 'markGuidelineRead'
>;

export interface LibraryMethodDeps {
  wallClock: () => Date;
  onProblem?: ((message: string) => void) | undefined;
  profileExists: (profileId: string) => Promise<boolean>;
  /**
   * Fetches a guideline as `getGuideline` does (refused unless the profile is the active one;
   * recorded in the history and the library): how ids added by paste get their names.
   */
  fetchGuideline: (profileId: string, guidelineId: string) => Promise<GuidelineResult>;
}

/** Newly added ids are fetched this many at a time: quick for a list, gentle on the platform. */
const FETCH_CONCURRENCY = 4;

/** A store failure as data: the library is a convenience, its failure never a crash. */
async function fromLibrary<T>(read: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    return {
      ok: false,
      error: {
        code: 'internal',
        message: `The guideline library could not be used: ${error instanceof Error ? error.message : String(error)}`,
      },
    };
  }
}

/** Runs `work` on each item, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The library side of the service: filing each fetched guideline, and the contract
 * methods. Kept apart from service.ts as the history's are.
 */
export function createLibraryMethods(library: LibraryStore, deps: LibraryMethodDeps) {
  const now = () => deps.wallClock().toISOString();

  /**
   * Files a fetch's answer in its profile's library (a new version when it changed). Like the
   * history, a failed write never turns the answer into an error: it is told and the answer goes on.
   */
  async function recordFetch(profileId: string, guidelineId: string, result: GuidelineResult): Promise<void> {
    if (!result.ok) return;
    try {
      await library.recordFetch(profileId, libraryId(guidelineId), result.value.guideline, now());
    } catch (error) {
      deps.onProblem?.(`A guideline could not be kept in the library: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The profile's library, or why not (no such profile). */
  async function withProfile<T>(profileId: string, work: () => Promise<Result<T>>): Promise<Result<T>> {
    if (!(await deps.profileExists(profileId))) return invalid(`There is no profile "${profileId}".`);
    return work();
  }

  const missing = (guidelineId: string): AppError => ({
    code: 'invalid_argument',
    message: `Guideline ${guidelineId} is not in this profile's library.`,
  });
  const found = <T>(value: T | null, guidelineId: string): Result<T> =>
    value === null ? { ok: false, error: missing(guidelineId) } : { ok: true, value };

  const api: LibraryApi = {
    listGuidelineLibrary: ({ profileId }) => withProfile(profileId, () => fromLibrary(() => library.list(profileId))),
    addToGuidelineLibrary: ({ profileId, text }) =>
      withProfile(profileId, () =>
        fromLibrary(async () => {
          const pasted = parsePastedIds(text);
          const taken = pasted.filter((item) => item.refusal === null).map((item) => item.guidelineId!);
          const added = new Set(await library.add(profileId, taken, now()));
          const items: LibraryAddItem[] = pasted.map((item) =>
            item.refusal !== null
              ? refusedItem(item)
              : added.has(item.guidelineId!)
                ? { input: item.input, guidelineId: item.guidelineId, outcome: 'added', message: 'Added.' }
                : { input: item.input, guidelineId: item.guidelineId, outcome: 'present', message: 'Already in the library.' },
          );
          // Fetched now, so the list shows names rather than bare ids. A failure is reported and
          // leaves the id in the library, to be fetched when it is opened.
          await eachLimited(
            items.filter((item) => item.outcome === 'added'),
            FETCH_CONCURRENCY,
            async (item) => {
              const result = await deps.fetchGuideline(profileId, item.guidelineId!);
              item.message = result.ok ? `Added: ${result.value.guideline.name}.` : `Added, but not fetched yet: ${result.error.message}`;
            },
          );
          return { items, library: await library.list(profileId) };
        }),
      ),
    removeFromGuidelineLibrary: ({ profileId, guidelineIds }) =>
      withProfile(profileId, () =>
        fromLibrary(async () => {
          await library.remove(profileId, guidelineIds.map(libraryId));
          return library.list(profileId);
        }),
      ),
    pinLibraryGuideline: ({ profileId, guidelineId, pinned }) =>
      withProfile(profileId, async () => {
        const id = libraryId(guidelineId);
        const changed = await fromLibrary(() => library.pin(profileId, id, pinned));
        return changed.ok ? found(changed.value, id) : changed;
      }),
    setLibraryGuidelineLabels: ({ profileId, guidelineId, title, tags }) =>
      withProfile(profileId, async () => {
        const id = libraryId(guidelineId);
        const changed = await fromLibrary(() => library.setLabels(profileId, id, { title: title.trim(), tags: normalizeTags(tags) }));
        return changed.ok ? found(changed.value, id) : changed;
      }),
    searchGuidelineLibrary: ({ profileId, text, limit }) =>
      withProfile(profileId, () => fromLibrary(() => library.search(profileId, text, limit))),
    listGuidelineVersions: ({ profileId, guidelineId }) =>
      withProfile(profileId, () => fromLibrary(() => library.versions(profileId, libraryId(guidelineId)))),
    getGuidelineVersion: ({ profileId, guidelineId, version }) =>
      withProfile(profileId, async () => {
        const id = libraryId(guidelineId);
        const copy = await fromLibrary(() => library.version(profileId, id, version));
        if (!copy.ok) return copy;
        if (copy.value) return { ok: true, value: copy.value };
        return invalid(
          version === undefined
            ? `No copy of guideline ${id} is kept: it was never fetched on this profile.`
            : `Guideline ${id} has no version ${version}.`,
        );
      }),
    markGuidelineRead: ({ profileId, guidelineId }) =>
      withProfile(profileId, async () => {
        const id = libraryId(guidelineId);
        const changed = await fromLibrary(() => library.markRead(profileId, id, now()));
        return changed.ok ? found(changed.value, id) : changed;
      }),
  };
  return { recordFetch, api };
}
