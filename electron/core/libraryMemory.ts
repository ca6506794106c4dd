import type { Guideline, GuidelineVersionSummary, LibraryGuideline, LibrarySearchHit } from '../shared/contract';
import { searchTerms, termMatches, withoutMarks } from './historySchema';
import { clampHits, FIELD_WEIGHTS, libraryOrder, versionHash } from './librarySchema';
import type { LibraryStore } from './libraryStore';
import { LIBRARY_PASSAGE, passageCutter } from './searchPassage';

/**
 * The in-memory twin of the SQLite library: for component tests, a run without a data folder,
 * and a session whose database cannot be used. It versions by the same hash; its search is a
 * prefix match of the same words, ranked by the same field weights (times how often a word
 * occurs, where FTS5 uses bm25), with the passage cut by the same function as the SQLite store's.
 */

interface Kept {
  entry: LibraryGuideline;
  readVersion: number | null;
  versions: Array<GuidelineVersionSummary & { guideline: Guideline }>;
}

export function createMemoryLibraryStore(): LibraryStore {
  const profiles = new Map<string, Map<string, Kept>>();
  const of = (profileId: string) => {
    let library = profiles.get(profileId);
    if (!library) profiles.set(profileId, (library = new Map()));
    return library;
  };
  const shown = (kept: Kept): LibraryGuideline =>
    structuredClone({ ...kept.entry, changedSinceRead: kept.readVersion !== null && kept.entry.latestVersion > kept.readVersion, readVersion: kept.readVersion });
  const addOne = (profileId: string, guidelineId: string, at: string): boolean => {
    const library = of(profileId);
    if (library.has(guidelineId)) return false;
    library.set(guidelineId, {
      entry: { guidelineId, name: null, description: null, title: '', tags: [], pinned: false, addedAt: at, fetchedAt: null, readAt: null, latestVersion: 0, changedSinceRead: false, readVersion: null },
      readVersion: null,
      versions: [],
    });
    return true;
  };
  const change = (profileId: string, guidelineId: string, apply: (kept: Kept) => void) => {
    const kept = of(profileId).get(guidelineId);
    if (!kept) return null;
    apply(kept);
    return shown(kept);
  };

  return {
    async list(profileId) {
      return [...of(profileId).values()].map(shown).sort(libraryOrder);
    },
    async get(profileId, guidelineId) {
      const kept = of(profileId).get(guidelineId);
      return kept ? shown(kept) : null;
    },
    async add(profileId, guidelineIds, at) {
      return guidelineIds.filter((id) => addOne(profileId, id, at));
    },
    async recordFetch(profileId, guidelineId, guideline, at) {
      addOne(profileId, guidelineId, at);
      const kept = of(profileId).get(guidelineId)!;
      const hash = versionHash(guideline);
      const newVersion = kept.versions.at(-1)?.hash !== hash;
      if (newVersion) {
        const version = kept.versions.length + 1;
        kept.versions.push({ version, hash, fetchedAt: at, name: guideline.name, guideline: structuredClone(guideline) });
        Object.assign(kept.entry, { latestVersion: version, name: guideline.name, description: guideline.description });
      }
      kept.entry.fetchedAt = at;
      return { entry: shown(kept), newVersion };
    },
    async remove(profileId, guidelineIds) {
      const library = of(profileId);
      return guidelineIds.filter((id) => library.delete(id)).length;
    },
    async pin(profileId, guidelineId, pinned) {
      return change(profileId, guidelineId, (kept) => (kept.entry.pinned = pinned));
    },
    async setLabels(profileId, guidelineId, { title, tags }) {
      return change(profileId, guidelineId, (kept) => Object.assign(kept.entry, { title, tags: [...tags] }));
    },
    async markRead(profileId, guidelineId, at) {
      return change(profileId, guidelineId, (kept) => {
        kept.entry.readAt = at;
        // Nothing kept yet: nothing was read, so the first fetch is no "change".
        kept.readVersion = kept.entry.latestVersion || null;
      });
    },
    async search(profileId, text, limit) {
      const terms = searchTerms(text);
      if (terms.length === 0) return [];
      const passageOf = passageCutter(terms, LIBRARY_PASSAGE);
      const scored: Array<LibrarySearchHit & { score: number }> = [];
      for (const kept of of(profileId).values()) {
        const latest = kept.versions.at(-1)?.guideline;
        const fields = [kept.entry.name ?? '', kept.entry.description ?? '', latest?.content ?? '', kept.entry.title, kept.entry.tags.join(' '), kept.entry.guidelineId].map(withoutMarks);
        const words = fields.map((field) => field.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
        if (!terms.every((term) => words.some((list) => list.some((word) => termMatches(word, term))))) continue;
        const perField = words.map((list, i) => FIELD_WEIGHTS[i]! * list.filter((word) => terms.some((term) => termMatches(word, term))).length / Math.sqrt(list.length || 1));
        scored.push({ entry: shown(kept), passage: passageOf(fields), score: perField.reduce((a, b) => a + b, 0) });
      }
      scored.sort((a, b) => b.score - a.score);
      return scored.slice(0, clampHits(limit)).map(({ entry, passage }) => ({ entry, passage }));
    },
    async versions(profileId, guidelineId) {
      const kept = of(profileId).get(guidelineId);
      return kept ? kept.versions.map(({ version, hash, fetchedAt, name }) => ({ version, hash, fetchedAt, name })).reverse() : [];
    },
    async version(profileId, guidelineId, version) {
      const kept = of(profileId).get(guidelineId);
      const found = kept?.versions.find((v) => v.version === (version ?? kept.entry.latestVersion));
      if (!kept || !found) return null;
      const { guideline, ...summary } = found;
      return { entry: shown(kept), version: summary, guideline: structuredClone(guideline) };
    },
    close() {},
  };
}
