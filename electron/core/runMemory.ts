import type { RunRecord } from '../shared/contract';
import { MAX_RESULTS_PAGE, type RunStore, type StoredRunResult, type UnsentRequest } from './runStore';

/**
 * The in-memory twin of the SQLite run store: for tests, a session without a data folder, and
 * one whose database cannot be used. It keeps the same things in the same order and answers
 * the same pages; values are copied in and out, as a database would.
 */
export function createMemoryRunStore(): RunStore {
  const runs = new Map<string, { record: RunRecord; results: Map<number, StoredRunResult>; unsent: UnsentRequest[] }>();
  const inOrder = (runId: string) => [...(runs.get(runId)?.results.values() ?? [])].sort((a, b) => a.row.index - b.row.index);

  return {
    async create(record) {
      runs.set(record.runId, { record: structuredClone(record), results: new Map(), unsent: [] });
    },
    async addResults(runId, results, counts) {
      const run = runs.get(runId);
      if (!run) return;
      for (const result of results) run.results.set(result.row.index, structuredClone(result));
      Object.assign(run.record, counts);
    },
    async finish(runId, { state, finishedAt, durationMs, counts, unsent }) {
      const run = runs.get(runId);
      if (!run) return;
      Object.assign(run.record, counts, { state, finishedAt, durationMs });
      run.unsent = structuredClone(unsent);
    },
    async get(runId) {
      const run = runs.get(runId);
      return run ? structuredClone(run.record) : null;
    },
    async list({ kind, suiteName, limit }) {
      return [...runs.values()]
        .map((run) => run.record)
        .filter((record) => (kind === undefined || record.kind === kind) && (suiteName === undefined || record.suiteName === suiteName))
        .reverse()
        .slice(0, limit ?? 200)
        .map((record) => structuredClone(record));
    },
    async results({ runId, offset, limit, failuresOnly }) {
      const matching = inOrder(runId).filter((result) => !failuresOnly || !result.row.passed);
      const page = Math.min(Math.max(1, limit), MAX_RESULTS_PAGE);
      const start = Math.max(0, offset);
      return { rows: matching.slice(start, start + page).map((result) => structuredClone(result.row)), total: matching.length };
    },
    async rows(runId) {
      return inOrder(runId).map((result) => structuredClone(result.row));
    },
    async result(runId, index) {
      const found = runs.get(runId)?.results.get(index);
      return found ? structuredClone(found) : null;
    },
    async details(runId) {
      return inOrder(runId).map((result) => structuredClone(result));
    },
    async unsent(runId) {
      return structuredClone(runs.get(runId)?.unsent ?? []);
    },
    async delete(runId) {
      return runs.delete(runId);
    },
    async interruptRunning() {
      let marked = 0;
      for (const { record } of runs.values()) {
        if (record.state !== 'running') continue;
        record.state = 'interrupted';
        record.notRun = record.total - record.completed;
        marked += 1;
      }
      return marked;
    },
  };
}
