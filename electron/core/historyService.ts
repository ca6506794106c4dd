import type { Api, HistoryExchange, Result } from '../shared/contract';
import type { Profile } from './profiles';
import type { HistoryStore } from './historyStore';

/** The contract's history methods: what the renderer may ask of the history store. */
export type HistoryApi = Pick<Api, 'listHistory' | 'getHistoryEntry' | 'searchHistory' | 'lastResponses'>;

export interface HistoryMethodDeps {
  wallClock: () => Date;
  /** Where a failure that must not fail a call is told (an exchange that could not be kept). */
  onProblem?: ((message: string) => void) | undefined;
}

/** A store failure while reading the history, as data. */
async function fromHistory<T>(read: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    return { ok: false, error: { code: 'internal', message: `The history could not be read: ${error instanceof Error ? error.message : String(error)}` } };
  }
}

/**
 * The history side of the service (issue 8): recording each exchange as it ends, and the
 * contract methods that read, search and manage the store. Kept apart from service.ts so the
 * history can grow (pin, delete, retention, reports) without that file growing with it.
 */
export function createHistoryMethods(history: HistoryStore, deps: HistoryMethodDeps) {
  /**
   * Keeps an exchange in the history once it has ended, before its answer goes back: so an
   * answer the page shows is already durable. The exchange has happened: a failed write must not
   * turn its answer into an error, so the failure is told (onProblem) and the answer still returns.
   */
  async function remember(profile: Profile, exchange: HistoryExchange, tabId?: string): Promise<void> {
    try {
      const entry = { exchange, profile: { id: profile.id, name: profile.name, baseUrl: profile.baseUrl }, recordedAt: deps.wallClock().toISOString() };
      await history.record(tabId === undefined ? entry : { ...entry, tabId });
    } catch (error) {
      deps.onProblem?.(`An exchange could not be kept in the history: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const api: HistoryApi = {
    async listHistory(query) {
      return fromHistory(() => history.list(query));
    },
    async getHistoryEntry({ id }) {
      const found = await fromHistory(() => history.get(id));
      if (!found.ok) return found;
      return found.value ? { ok: true, value: found.value } : { ok: false, error: { code: 'invalid_argument', message: `There is no history entry ${id}: it may have been deleted.` } };
    },
    async searchHistory(query) {
      return fromHistory(() => history.search(query));
    },
    async lastResponses({ tabIds }) {
      return fromHistory(() => history.lastForTabs(tabIds));
    },
  };
  return { remember, api };
}
