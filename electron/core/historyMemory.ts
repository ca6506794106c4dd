import type { HistoryEntry, HistoryRetention, TabLastResponse } from '../shared/contract';
import { historyFacts, matchesQuery, pageSize, retentionCutoff, searchTerms, summarize, termMatches, type NewHistoryEntry } from './historySchema';
import type { HistoryStore } from './historyStore';
import { HISTORY_PASSAGE, passageCutter } from './searchPassage';

/**
 * The in-memory twin of the SQLite history: for tests, for a run without a data folder, and for
 * the session when the database cannot be used (a newer version's file, a folder that cannot be
 * written). It files and filters through the same historySchema functions; its search is a
 * plain prefix match of the same words (no stemming there either), and its passage is cut by
 * the same function as the SQLite store's (searchPassage.ts).
 */
export function createMemoryHistoryStore(): HistoryStore {
  const entries: HistoryEntry[] = [];
  let lastId = 0;
  /** Entry id to the request tab it came from (the SQLite store's tab_id column). */
  const tabOf = new Map<number, string>();
  const newestFirst = () => [...entries].reverse();
  const insert = ({ exchange, profile, recordedAt, tabId }: NewHistoryEntry): number => {
    const facts = historyFacts(exchange);
    lastId += 1;
    if (tabId !== undefined) tabOf.set(lastId, tabId);
    entries.push(structuredClone({ ...exchange, id: lastId, recordedAt, kind: facts.kind, profile, tokenPresent: facts.tokenPresent, pinned: false }));
    return lastId;
  };

  /** What the SQLite store's retention does: the newest `count` unpinned entries, or those of the last `days` days, and every pinned one. */
  const prune = (retention: HistoryRetention, now: Date): number => {
    if (retention.kind === 'all') return 0;
    const before = entries.length;
    let keep: (entry: HistoryEntry) => boolean;
    if (retention.kind === 'entries') {
      // Entries are oldest first, like ids.
      const unpinned = entries.filter((e) => !e.pinned);
      const oldestKept = unpinned.length > retention.count ? (unpinned[unpinned.length - retention.count]?.id ?? Infinity) : 0;
      keep = (entry) => entry.pinned || entry.id >= oldestKept;
    } else {
      const cutoff = retentionCutoff(retention.days, now);
      keep = (entry) => entry.pinned || entry.recordedAt >= cutoff;
    }
    entries.splice(0, entries.length, ...entries.filter(keep));
    return before - entries.length;
  };

  return {
    async record(entry, retention) {
      const id = insert(entry);
      if (retention) prune(retention.retention, retention.now);
      return id;
    },
    async recordMany(many) {
      return many.map(insert);
    },
    async list(query) {
      const limit = pageSize(query);
      const matching = newestFirst().map(summarize).filter((summary) => matchesQuery(summary, query));
      const page = matching.slice(0, limit);
      return { entries: page, nextBeforeId: matching.length > limit ? page[page.length - 1]!.id : null };
    },
    async get(id) {
      const entry = entries.find((e) => e.id === id);
      return entry ? structuredClone(entry) : null;
    },
    async search(query) {
      const terms = searchTerms(query.text);
      if (terms.length === 0) return { hits: [], nextBeforeId: null };
      const limit = pageSize(query);
      const passageOf = passageCutter(terms, HISTORY_PASSAGE);
      const hits = [];
      for (const entry of newestFirst()) {
        const summary = summarize(entry);
        if (!matchesQuery(summary, query)) continue;
        const facts = historyFacts(entry);
        const fields = [facts.text, facts.payload, facts.answer];
        const words = fields.map((field) => field.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
        if (!terms.every((term) => words.some((list) => list.some((word) => termMatches(word, term))))) continue;
        hits.push({ entry: summary, passage: passageOf(fields) });
        if (hits.length > limit) break;
      }
      const page = hits.slice(0, limit);
      return { hits: page, nextBeforeId: hits.length > limit ? page[page.length - 1]!.entry.id : null };
    },
    async delete(ids) {
      const before = entries.length;
      const remove = new Set(ids);
      entries.splice(0, entries.length, ...entries.filter((e) => !remove.has(e.id)));
      return before - entries.length;
    },
    async pin(id, pinned) {
      const entry = entries.find((e) => e.id === id);
      if (entry) entry.pinned = pinned;
      return entry !== undefined;
    },
    async clear(options) {
      const before = entries.length;
      entries.splice(0, entries.length, ...entries.filter((e) => options?.keepPinned === true && e.pinned));
      return before - entries.length;
    },
    async counts() {
      return { total: entries.length, pinned: entries.filter((e) => e.pinned).length };
    },
    async prune(retention, now) {
      return prune(retention, now);
    },
    async lastForTabs(tabIds) {
      const found: TabLastResponse[] = [];
      for (const tabId of new Set(tabIds)) {
        const entry = newestFirst().find((e) => e.what === 'invoke' && tabOf.get(e.id) === tabId);
        if (entry) found.push({ tabId, entry: structuredClone(entry) });
      }
      return found;
    },
    close() {},
  };
}
