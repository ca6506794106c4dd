import { randomUUID } from 'node:crypto';
import type {
  Api,
  GuidelineResult,
  HistoryProfile,
  Result,
  RunProgress,
  RunRecord,
  RunStartError,
  StartRunRequest,
} from '../../shared/api';
import type { PlatformClient, PlatformTarget } from '../http/platformClient';
import { createRedactor, redactDeep, type Redactor } from '../http/redact';
import { MAX_RESULTS_PAGE, storedResults, type RunCounts, type RunStore, type StoredRunResult, type UnsentRequest } from './runStore';
import { exportRun } from '../reports/runs/runExport';
import type { ExportTickets } from '../reports/runs/exportTickets';
import { resultRow } from './runResults';
import { MAX_RUN_REQUESTS } from '../../shared/runs/runLimits';
import { DEFAULT_CONCURRENCY, isStoppedUnpassed, startRun, type RunHandle, type RunResult } from './runner';
import { planSuiteText } from './suiteLoad';
import type { DataUploads, TakenData } from './dataUploads';
import { iterationOf, repeatPlan } from './iterations';
import type { PlanSource } from './planSource';
import { invalid } from '../../shared/check';

/**
 * Runs in the app: the contract's run methods over the core's runner and the run
 * store. startRun checks the suite in full (nothing is sent on a bad one), starts the runner
 * with the profile's target, exactly as an invoke gets it, and answers at once. Results are
 * written and pushed in batches: one transaction and one progress event per run at most every
 * `batchMs` (1000 results at concurrency 8 are then a handful of commits, not 1000 fsyncs), or
 * sooner once a batch holds MAX_BATCH_RESULTS, and a final event when the run ends.
 *
 * The key reaches the runner inside the target only. Everything kept or returned is redacted
 * with it (the request as the suite wrote it may hold it; the exchange was redacted by the
 * client), as the history redacts a typed key.
 */

export type RunApi = Pick<
  Api,
  | 'startRun'
  | 'beginRunData'
  | 'appendRunData'
  | 'cancelRun'
  | 'listRuns'
  | 'getRun'
  | 'listRunResults'
  | 'getRunResult'
  | 'getRunLatency'
  | 'getRunMatrix'
  | 'getRunRules'
  | 'compareRuns'
  | 'deleteRun'
  | 'exportRun'
>;

export { MAX_RUN_REQUESTS };
/** How many of each of compare's lists it gives when the page does not say. */
const COMPARE_PAGE = 100;
/** How often a running run's results are written and pushed, at most. */
const PROGRESS_BATCH_MS = 100;
/**
 * The most results a batch holds before it is written and pushed, whatever its time: results are
 * whole exchanges, and a fast platform (10,000 a second) would otherwise pile up 1,000 of them in
 * a batch time. The store writes synchronously, so a batch is written before the next answer is read.
 */
const MAX_BATCH_RESULTS = 500;

export interface RunServiceDeps {
  store: RunStore;
  client: PlatformClient;
  /**
   * The profile a run names and what a request to it needs (the service's own checks: the
   * active profile, the key's origin, the CA file), or why it cannot be used.
   */
  resolve(profileId: string): Promise<Result<{ profile: HistoryProfile; target: PlatformTarget }>>;
  emit(progress: RunProgress): void;
  /**
   * Fetches a judge expectation's guideline for a run on a profile (once per run): as a guideline
   * read, so the library keeps its version. From the platform client when absent.
   */
  fetchGuideline?: (profileId: string, guidelineId: string) => Promise<GuidelineResult>;
  /** The largest run the person allows (the app's setting); MAX_RUN_REQUESTS when absent. */
  maxRequests?: () => Promise<number>;
  wallClock: () => Date;
  /** Monotonic ms; performance.now when absent. */
  now?: () => number;
  version: string;
  /** Where the data files the page sends wait for their run. */
  uploads: DataUploads;
  /** Where exports wait for their save (the hosts take them from there). */
  exports: ExportTickets;
  onProblem?: ((message: string) => void) | undefined;
  batchMs?: number;
}

interface ActiveRun {
  handle: RunHandle;
  cancelledByUser: boolean;
  /** Settles once the last result is written and the final event pushed. */
  ended: Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A store failure as data. */
async function fromStore<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: { code: 'internal', message: `The runs could not be read or changed: ${messageOf(error)}` } };
  }
}

const noRun = (runId: string) => invalid(`There is no run "${runId.slice(0, 80)}": it may have been deleted.`);

export function createRunMethods(deps: RunServiceDeps): { api: RunApi; stopAll(): Promise<void> } {
  const { store } = deps;
  const now = deps.now ?? (() => performance.now());
  const batchMs = deps.batchMs ?? PROGRESS_BATCH_MS;
  const active = new Map<string, ActiveRun>();
  /** A listener's failure must not break the chain of writes a run's end waits on. */
  const emit = (progress: RunProgress) => {
    try {
      deps.emit(progress);
    } catch (error) {
      deps.onProblem?.(`Run progress could not be pushed: ${messageOf(error)}`);
    }
  };
  // At start: a run found running was cut off when the app closed.
  const interrupted = store
    .interruptRunning()
    .catch((error: unknown) => deps.onProblem?.(`Runs cut off by a close could not be marked: ${messageOf(error)}`));

  /** Reads a kept run, or says there is none. */
  async function recordOf(runId: string): Promise<Result<RunRecord>> {
    await interrupted;
    const found = await fromStore(() => store.get(runId));
    if (!found.ok) return found;
    return found.value ? { ok: true, value: found.value } : noRun(runId);
  }

  /** Sends the plan and keeps and pushes what comes back, batched; `ended` settles when all is written. */
  function follow(record: RunRecord, plan: PlanSource, planLength: number, target: PlatformTarget, redactor: Redactor): ActiveRun {
    const { runId, total } = record;
    const handle = startRun(
      plan,
      {
        client: deps.client,
        target,
        now,
        ...(deps.fetchGuideline ? { fetchGuideline: (guidelineId: string) => deps.fetchGuideline!(record.profile.id, guidelineId) } : {}),
      },
      {
        concurrency: record.settings.concurrency,
        ratePerSecond: record.settings.ratePerSecond,
        on429: record.settings.on429,
        stopWhenUnreachable: true,
      },
    );
    const started = now();
    const counts: RunCounts = { completed: 0, passed: 0, failed: 0, cancelled: 0, notRun: total };
    let pending: StoredRunResult[] = [];
    let timer: NodeJS.Timeout | null = null;
    let waitingUntil = 0;
    /** Writes and events in order: a batch is written before its event says it is there. */
    let writes = Promise.resolve();

    const stored = (result: RunResult): StoredRunResult => {
      const { planned } = result;
      const row = redactDeep(resultRow(result, iterationOf(planned.index, planLength)), redactor);
      return {
        row,
        detail: {
          // The request as the suite made it may hold a key typed into it; the result was redacted by the client.
          request: redactDeep({ agentId: planned.agentId, text: planned.text, payload: planned.payload }, redactor),
          result: result.result,
          expectations: redactDeep(result.expectations, redactor),
          // The judge's request holds the answer and the guideline; its exchange was redacted by the client.
          ...(result.judgement ? { judgement: redactDeep(result.judgement, redactor) } : {}),
        },
        recordedAt: deps.wallClock().toISOString(),
      };
    };
    const event = (state: RunProgress['state'], rows: StoredRunResult[]): RunProgress => ({
      runId,
      state,
      total,
      completed: counts.completed,
      passed: counts.passed,
      failed: counts.failed,
      cancelled: counts.cancelled,
      elapsedMs: Math.round(now() - started),
      rows: rows.map((result) => result.row),
      waitingMs: state === 'running' && waitingUntil > now() ? Math.round(waitingUntil - now()) : null,
    });
    const write = (batch: StoredRunResult[], snapshot: RunCounts) =>
      batch.length === 0
        ? Promise.resolve()
        : store
            .addResults(runId, batch, snapshot)
            .catch((error: unknown) => deps.onProblem?.(`Results of a run could not be kept: ${messageOf(error)}`));
    const flush = () => {
      timer = null;
      const batch = pending;
      pending = [];
      const progress = event('running', batch);
      const snapshot = { ...counts };
      writes = writes.then(async () => {
        await write(batch, snapshot);
        emit(progress);
      });
    };

    handle.subscribe((runEvent) => {
      if (runEvent.type === 'finished') return;
      if (runEvent.type === 'waiting') waitingUntil = Math.max(waitingUntil, now() + runEvent.ms);
      else {
        const { result } = runEvent;
        pending.push(stored(result));
        counts.completed += 1;
        if (result.passed) counts.passed += 1;
        else counts.failed += 1;
        if (isStoppedUnpassed(result)) counts.cancelled += 1;
        counts.notRun = total - counts.completed;
      }
      if (pending.length >= MAX_BATCH_RESULTS) {
        if (timer !== null) clearTimeout(timer);
        flush();
      } else timer ??= setTimeout(flush, batchMs);
    });

    const run: ActiveRun = { handle, cancelledByUser: false, ended: Promise.resolve() };
    run.ended = handle.done.then(async (summary) => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const batch = pending;
      pending = [];
      counts.notRun = summary.notRun;
      const state: RunRecord['state'] = summary.unreachable
        ? 'unreachable'
        : run.cancelledByUser
          ? 'cancelled'
          : counts.failed > 0
            ? 'failed'
            : 'passed';
      const unsent: UnsentRequest[] = summary.unsent.map((planned) =>
        redactDeep(
          {
            caseIndex: planned.caseIndex,
            caseName: planned.caseName,
            row: planned.row,
            iteration: iterationOf(planned.index, planLength),
            agentId: planned.agentId,
          },
          redactor,
        ),
      );
      const final = event(state, batch);
      await writes;
      await write(batch, { ...counts });
      try {
        await store.finish(runId, {
          state,
          finishedAt: deps.wallClock().toISOString(),
          durationMs: Math.round(summary.durationMs * 10) / 10,
          counts: { ...counts },
          unsent,
        });
      } catch (error) {
        deps.onProblem?.(`The end of a run could not be kept: ${messageOf(error)}`);
      }
      active.delete(runId);
      emit(final);
    });
    // The data file is the host's own copy, which nothing changes under the run, so its plan cannot fail; if it ever did, it is said, not left unhandled.
    run.ended = run.ended.catch((error: unknown) => {
      active.delete(runId);
      deps.onProblem?.(`A run stopped: ${messageOf(error)}`);
    });
    return run;
  }

  /** Starts a run on its data file, if one was taken from the uploads: a run that starts releases it when it ends. */
  async function launch(
    request: StartRunRequest,
    data: TakenData | null,
  ): Promise<Result<{ runId: string; total: number }, RunStartError>> {
    await interrupted;
    const resolved = await deps.resolve(request.profileId);
    if (!resolved.ok) return resolved;
    const { profile, target } = resolved.value;
    const redactor = createRedactor(target.apiKey);
    const maxRequests = (await deps.maxRequests?.()) ?? MAX_RUN_REQUESTS;
    const planned = await planSuiteText(request.suite, {
      suiteFile: request.suiteFile,
      data: request.data && data ? { name: request.data.name, source: data.source } : null,
      maxRequests,
      literal: request.kind === 'repeat',
    });
    if (!planned.ok) {
      const count = planned.problems.length;
      const problems = redactDeep(planned.problems, redactor);
      return {
        ok: false,
        error: {
          code: 'bad_suite',
          message: `The suite has ${count === 1 ? 'a problem' : `${count} problems`}; nothing was sent.`,
          problems,
        },
      };
    }
    const plan = planned.value.plan;
    const iterations = request.iterations ?? 1;
    const total = plan.total * iterations;
    if (plan.total === 0) {
      const problems = [
        {
          file: request.suiteFile,
          field: 'cases',
          message: 'no case names an agent, and the suite names no agents: there is nothing to send',
        },
      ];
      return {
        ok: false,
        error: { code: 'bad_suite', message: 'The suite sends no request; nothing was sent.', problems: redactDeep(problems, redactor) },
      };
    }
    if (total > maxRequests) {
      return invalid(
        `This run would send ${total.toLocaleString('en-US')} requests (${plan.total} × ${iterations} ` +
          `iterations); a run sends at most ${maxRequests.toLocaleString('en-US')} (Settings, Largest run).`,
      );
    }
    const full = repeatPlan(plan, iterations);
    const record: RunRecord = redactDeep(
      {
        runId: randomUUID(),
        kind: request.kind ?? 'suite',
        suiteName: planned.value.suite.name ?? request.suiteFile.replace(/\.json$/i, ''),
        suiteFile: request.suiteFile,
        profile,
        startedAt: deps.wallClock().toISOString(),
        finishedAt: null,
        state: 'running',
        total,
        completed: 0,
        passed: 0,
        failed: 0,
        cancelled: 0,
        notRun: total,
        durationMs: null,
        settings: {
          concurrency: request.concurrency ?? DEFAULT_CONCURRENCY,
          ratePerSecond: request.ratePerSecond ?? null,
          on429: request.on429 ?? 'wait',
          iterations,
        },
        agents: planned.value.agents,
      },
      redactor,
    );
    const created = await fromStore(() => store.create(record));
    if (!created.ok) return created;
    const run = follow(record, full, plan.total, target, redactor);
    active.set(record.runId, run);
    // The data file is the run's until it ends: read again for each case, then removed.
    if (data) void run.ended.finally(() => data.release());
    return { ok: true, value: { runId: record.runId, total } };
  }

  const api: RunApi = {
    async startRun(request) {
      const taken = request.data ? await deps.uploads.take(request.data.uploadId, request.data.name) : null;
      if (taken && !taken.ok) return taken;
      const data = taken?.value ?? null;
      const started = await launch(request, data).catch((error: unknown) => {
        void data?.release();
        throw error;
      });
      if (!started.ok) await data?.release();
      return started;
    },
    async beginRunData({ name }) {
      return deps.uploads.begin(name);
    },
    async appendRunData({ uploadId, text }) {
      return deps.uploads.append(uploadId, text);
    },
    async cancelRun({ runId }) {
      const run = active.get(runId);
      if (!run) return { ok: true, value: { cancelled: false } };
      run.cancelledByUser = true;
      run.handle.cancel();
      return { ok: true, value: { cancelled: true } };
    },
    async listRuns(query) {
      await interrupted;
      return fromStore(() => store.list(query));
    },
    getRun: ({ runId }) => recordOf(runId),
    async listRunResults(query) {
      const record = await recordOf(query.runId);
      if (!record.ok) return record;
      return fromStore(() => store.results(query));
    },
    async getRunResult({ runId, index }) {
      const record = await recordOf(runId);
      if (!record.ok) return record;
      const found = await fromStore(() => store.result(runId, index));
      if (!found.ok) return found;
      if (!found.value) return invalid(`The run has no result ${index}${record.value.state === 'running' ? ' yet' : ''}.`);
      const { row, detail, recordedAt } = found.value;
      return {
        ok: true,
        value: {
          row,
          expectations: detail.expectations,
          request: detail.request,
          result: detail.result,
          ...(detail.judgement ? { judgement: detail.judgement } : {}),
          profile: record.value.profile,
          recordedAt,
        },
      };
    },
    async getRunLatency({ runId }) {
      const record = await recordOf(runId);
      if (!record.ok) return record;
      return fromStore(() => store.latency(runId));
    },
    async getRunMatrix({ runId, offset, limit }) {
      const record = await recordOf(runId);
      if (!record.ok) return record;
      const { agents } = record.value;
      return fromStore(async () => ({
        agents: [...agents],
        ...(await store.matrix(runId, agents, offset ?? 0, limit ?? MAX_RESULTS_PAGE)),
      }));
    },
    async getRunRules({ runId, guidelineId, offset, limit }) {
      const record = await recordOf(runId);
      if (!record.ok) return record;
      return fromStore(() => store.rules(runId, guidelineId, offset ?? 0, limit ?? MAX_RESULTS_PAGE));
    },
    async compareRuns({ before, after, limit }) {
      const earlier = await recordOf(before);
      if (!earlier.ok) return earlier;
      const later = await recordOf(after);
      if (!later.ok) return later;
      return fromStore(async () => ({
        before: earlier.value,
        after: later.value,
        ...(await store.compare(before, after, limit ?? COMPARE_PAGE)),
        latency: { before: await store.percentiles(before), after: await store.percentiles(after) },
      }));
    },
    async deleteRun({ runId }) {
      await interrupted;
      if (active.has(runId)) return invalid('The run is still going: cancel it first, then delete it.');
      return fromStore(async () => ({ deleted: await store.delete(runId) }));
    },
    async exportRun({ runId, format }) {
      const record = await recordOf(runId);
      if (!record.ok) return record;
      if (active.has(runId)) return invalid('The run is still going: export it once it has ended.');
      const unsent = await fromStore(() => store.unsent(runId));
      if (!unsent.ok) return unsent;
      // Held, not made: the pieces are read from the database as the save writes them.
      const file = exportRun(record.value, () => storedResults(store, runId), unsent.value, format, deps.version);
      return { ok: true, value: { fileName: file.fileName, mediaType: file.mediaType, ticket: deps.exports.issue(file) } };
    },
  };

  return {
    api,
    /** Cancels every run going and waits until each has written its end (before the database closes). */
    async stopAll() {
      const going = [...active.values()];
      for (const run of going) {
        run.cancelledByUser = true;
        run.handle.cancel();
      }
      await Promise.all(going.map((run) => run.ended));
    },
  };
}
