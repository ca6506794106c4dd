import type {
  Api,
  HistoryEntry,
  HistoryExchange,
  HistoryReportFile,
  HistoryReportRequest,
  HistoryRetention,
  Result,
} from '../../shared/api';
import type { Profile } from '../profiles/profiles';
import type { HistoryStore } from './historyStore';
import { createRedactor, redactDeep } from '../http/redact';
import type { ChecklistStore } from '../checklists/checklistStore';
import { buildReportBundle } from '../../shared/reports/reportBundle';
import { qaReportFile } from '../reports/reportFile';

/** The contract's history methods: what the renderer may ask of the history store. */
type HistoryApi = Pick<
  Api,
  | 'listHistory'
  | 'getHistoryEntry'
  | 'searchHistory'
  | 'lastResponses'
  | 'buildHistoryReport'
  | 'pinHistoryEntry'
  | 'deleteHistoryEntries'
  | 'clearHistory'
  | 'countHistory'
>;

export interface HistoryMethodDeps {
  wallClock: () => Date;
  /** The app's version, printed in reports. */
  version: string;
  /** The retention setting as it is now (read each time: the user may change it at any moment). */
  retention: () => Promise<HistoryRetention>;
  /** Where a failure that must not fail a call is told (an exchange that could not be kept). */
  onProblem?: ((message: string) => void) | undefined;
  /** The checklists kept with entries, put in their QA reports; none when absent. */
  checklists?: ChecklistStore;
  /** The name of an agent or guideline in a profile, for report headings; null (or absent): show its id. */
  nameOf?: (profileId: string, what: 'invoke' | 'guideline', targetId: string) => Promise<string | null>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A store failure as data: `doing` says what failed ("read", "changed"). */
async function fromHistory<T>(work: () => Promise<T>, doing = 'read'): Promise<Result<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: { code: 'internal', message: `The history could not be ${doing}: ${messageOf(error)}` } };
  }
}

/**
 * The history side of the service: recording each exchange as it ends, and the
 * contract methods that read, search and manage the store. Kept apart from service.ts so the
 * history can grow (pin, delete, retention, reports) without that file growing with it.
 */
export function createHistoryMethods(history: HistoryStore, deps: HistoryMethodDeps) {
  /**
   * Deletes what the retention setting no longer keeps: at start and when the setting is saved
   * (each record applies it too, in its own transaction: see remember). A failure is told,
   * never thrown: keeping too much is never worth failing a call for.
   */
  async function prune(): Promise<void> {
    try {
      await history.prune(await deps.retention(), deps.wallClock());
    } catch (error) {
      deps.onProblem?.(`Old history entries could not be removed: ${messageOf(error)}`);
    }
  }

  /**
   * Keeps an exchange in the history once it has ended, before its answer goes back: so an
   * answer the page shows is already durable. The exchange has happened: a failed write must not
   * turn its answer into an error, so the failure is told (onProblem) and the answer still returns.
   * The retention setting is applied in the same transaction: one commit, and one fsync, not two.
   * `secret` is the profile's key (null: none), replaced wherever the request holds it.
   */
  async function remember(profile: Profile, exchange: HistoryExchange, secret: string | null, tabId?: string): Promise<void> {
    try {
      const now = deps.wallClock();
      // The answer was redacted by the client; the request is as the person typed it, and a key
      // pasted into the text or the payload must not be kept (nor indexed, nor put in a report).
      const redactor = createRedactor(secret);
      const kept = { ...exchange, request: redactDeep(exchange.request, redactor) } as HistoryExchange;
      const entry = {
        exchange: kept,
        profile: { id: profile.id, name: profile.name, baseUrl: profile.baseUrl },
        recordedAt: now.toISOString(),
      };
      await history.record(tabId === undefined ? entry : { ...entry, tabId }, { retention: await deps.retention(), now });
    } catch (error) {
      deps.onProblem?.(`An exchange could not be kept in the history: ${messageOf(error)}`);
    }
  }

  const api: HistoryApi = {
    async listHistory(query) {
      return fromHistory(() => history.list(query));
    },
    async getHistoryEntry({ id }) {
      const found = await fromHistory(() => history.get(id));
      if (!found.ok) return found;
      return found.value
        ? { ok: true, value: found.value }
        : { ok: false, error: { code: 'invalid_argument', message: `There is no history entry ${id}: it may have been deleted.` } };
    },
    async searchHistory(query) {
      return fromHistory(() => history.search(query));
    },
    async lastResponses({ tabIds }) {
      return fromHistory(() => history.lastForTabs(tabIds));
    },
    buildHistoryReport: (request) => buildReport(history, deps, request),
    async pinHistoryEntry({ id, pinned }) {
      const done = await fromHistory(() => history.pin(id, pinned), 'changed');
      if (!done.ok) return done;
      return done.value
        ? { ok: true, value: { pinned } }
        : { ok: false, error: { code: 'invalid_argument', message: `There is no history entry ${id}: it may have been deleted.` } };
    },
    async deleteHistoryEntries({ ids }) {
      return fromHistory(async () => ({ deleted: await history.delete(ids) }), 'changed');
    },
    async clearHistory({ keepPinned }) {
      return fromHistory(async () => ({ deleted: await history.clear({ keepPinned }) }), 'changed');
    },
    async countHistory() {
      return fromHistory(() => history.counts());
    },
  };
  return { remember, prune, api };
}

/**
 * A QA report of the entries, made here rather than in the page so that the command line
 * makes the same file from the same code, and so the page only ever saves what the host built.
 * The entries were redacted when recorded: nothing here reads a key, so none can get in.
 */
async function buildReport(
  history: HistoryStore,
  deps: HistoryMethodDeps,
  { ids, note, format }: HistoryReportRequest,
): Promise<Result<HistoryReportFile>> {
  const found = await fromHistory(() => Promise.all(ids.map((id) => history.get(id))));
  if (!found.ok) return found;
  const missing = ids.find((_id, index) => !found.value[index]);
  if (missing !== undefined)
    return { ok: false, error: { code: 'invalid_argument', message: `There is no history entry ${missing}: it may have been deleted.` } };
  const checklists = deps.checklists;
  const lists = checklists
    ? await fromHistory(() => Promise.all(ids.map((id) => checklists.list(id))))
    : ({ ok: true, value: [] } as const);
  if (!lists.ok) return lists;
  const bundle = buildReportBundle({
    sources: found.value as HistoryEntry[],
    note,
    appVersion: deps.version,
    createdAt: deps.wallClock(),
    checklists: lists.value,
  });
  const nameOf = deps.nameOf ?? (async () => null);
  const entries = await Promise.all(
    bundle.entries.map(async (entry) => {
      const name = await nameOf(entry.profile.id, entry.request.what, entry.request.targetId).catch(() => null);
      return name ? { ...entry, targetName: name } : entry;
    }),
  );
  return { ok: true, value: qaReportFile({ ...bundle, entries }, format) };
}
