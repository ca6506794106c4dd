import type {
  Api,
  MethodName,
  Shell,
  CompareRunsRequest,
  ExportRunRequest,
  HostEvents,
  InvokeResult,
  ListRunsRequest,
  OpenedSuiteFile,
  Percentiles,
  Result,
  RunComparison,
  RunExportFile,
  RunLatency,
  RunMatrix,
  RunMatrixQuery,
  RunProgress,
  RunRecord,
  RunRef,
  RunResultDetail,
  RunResultRef,
  RunResultRow,
  RunResultsPage,
  RunResultsQuery,
  RunStarted,
  RunStartError,
  StartRunRequest,
} from '../../electron/shared/api';
import { exchange, okInvoke } from './scriptedPlatform';
import { binLayout, binsOf } from '../../electron/core/runs/histogram';

/**
 * The runs part of the fake host (tests/support/fakeApi.ts), scripted: `startRun` makes a run
 * in the `running` state and the test says what happens next (`push` results, `finish`), each
 * step pushed to the page through `events.onRunProgress` as the host would. The real runner and
 * store are covered by their own tests (tests/unit/cli/, tests/unit/core/); this twin keeps
 * component tests about what the page shows.
 */

type RunMethods = Pick<
  Api & Shell,
  | 'startRun'
  | 'cancelRun'
  | 'listRuns'
  | 'getRun'
  | 'listRunResults'
  | 'getRunResult'
  | 'getRunLatency'
  | 'getRunMatrix'
  | 'compareRuns'
  | 'deleteRun'
  | 'exportRun'
  | 'openSuiteFile'
>;

interface FakeRun {
  record: RunRecord;
  rows: RunResultRow[];
  /** Full answers by index, for details and compare (the row keeps only the start). */
  answers: Map<number, string>;
  request: StartRunRequest;
}

/** A result row with sensible defaults. */
export function runRow(overrides: Partial<RunResultRow> & Pick<RunResultRow, 'index'>): RunResultRow {
  return {
    caseIndex: 0,
    caseName: 'case 1',
    row: null,
    iteration: 1,
    agentId: '11111111-1111-4111-8111-111111111111',
    passed: true,
    failed: [],
    status: 200,
    errorCode: null,
    serverMs: 850,
    roundTripMs: 12,
    answerStart: 'Hello Ada.',
    attempts: 1,
    ...overrides,
  };
}

function percentiles(values: number[]): Percentiles | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), count: sorted.length };
}

export class FakeRuns implements RunMethods {
  readonly runs = new Map<string, FakeRun>();
  private readonly listeners = new Set<(progress: RunProgress) => void>();
  private readonly resumedListeners = new Set<() => void>();
  private nextRun = 1;
  /** Elapsed time reported in progress events; tests may move it. */
  elapsedMs = 1000;

  constructor(private readonly record: (method: MethodName, argument: unknown) => void) {}

  /** What startRun answers before a run is made (e.g. a bad suite's problems); null: start it. */
  startRefusal: ((request: StartRunRequest) => RunStartError | null) | null = null;
  /** How many requests a started run will send; by default cases × agents × iterations of the suite given. */
  totalOf: (request: StartRunRequest) => number = (request) => {
    const suite = request.suite as { cases?: Array<{ agent?: string }>; agents?: string[] } | null;
    const cases = suite?.cases ?? [];
    const agents = suite?.agents?.length ?? 1;
    return cases.reduce((sum, item) => sum + (item.agent ? 1 : agents), 0) * (request.iterations ?? 1);
  };
  /** What the desktop's open dialog answers. */
  openResponder: () => Result<OpenedSuiteFile | null> = () => ({ ok: true, value: null });

  /** The host's pushed events, as the page subscribes to them. */
  readonly events: HostEvents = {
    onFindRequested: () => () => undefined,
    onRunProgress: (listener) => {
      this.listeners.add(listener);
      return () => this.listeners.delete(listener);
    },
    onEventsResumed: (listener) => {
      this.resumedListeners.add(listener);
      return () => void this.resumedListeners.delete(listener);
    },
  };

  /**
   * Browser mode's event stream drops: until `resume()`, results are stored and runs end as
   * the host would, but nothing is pushed (the host keeps no events for later).
   */
  dropped = false;

  /** The event stream is up again (browser mode's reconnect): the page is told, nothing replayed. */
  resume(): void {
    this.dropped = false;
    for (const listener of this.resumedListeners) listener();
  }

  /** Adds a finished or running run directly (for lists, compare, the matrix). */
  seed(record: Partial<RunRecord> & Pick<RunRecord, 'runId'>, rows: RunResultRow[] = [], answers: Record<number, string> = {}): RunRecord {
    const full: RunRecord = {
      kind: 'suite',
      suiteName: 'orders',
      suiteFile: 'orders.json',
      profile: { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010/' },
      startedAt: '2026-11-23T09:00:00.000Z',
      finishedAt: '2026-11-23T09:00:05.000Z',
      state: rows.some((row) => !row.passed) ? 'failed' : 'passed',
      total: rows.length,
      completed: rows.length,
      passed: rows.filter((row) => row.passed).length,
      failed: rows.filter((row) => !row.passed).length,
      cancelled: 0,
      notRun: 0,
      durationMs: 5000,
      settings: { concurrency: 8, ratePerSecond: null, on429: 'wait', iterations: 1 },
      agents: [...new Set(rows.map((row) => row.agentId))],
      ...record,
    };
    this.runs.set(full.runId, {
      record: full,
      rows: [...rows],
      answers: new Map(Object.entries(answers).map(([index, text]) => [Number(index), text])),
      request: { profileId: full.profile.id, suite: {}, suiteFile: full.suiteFile, data: null },
    });
    return full;
  }

  /** Results arrive for a running run: stored and pushed as one progress event. */
  push(runId: string, rows: RunResultRow[], answers: Record<number, string> = {}): void {
    const run = this.mustGet(runId);
    for (const row of rows) {
      run.rows.push(row);
      run.answers.set(row.index, answers[row.index] ?? row.answerStart);
      run.record.completed += 1;
      if (row.passed) run.record.passed += 1;
      else run.record.failed += 1;
      // As the host counts them: stopped in flight by Cancel, and not passed.
      if (!row.passed && row.errorCode === 'cancelled') run.record.cancelled += 1;
      if (!run.record.agents.includes(row.agentId)) run.record.agents.push(row.agentId);
    }
    this.emit(run, rows, null);
  }

  /** The run waits out a 429's Retry-After. */
  wait(runId: string, ms: number): void {
    this.emit(this.mustGet(runId), [], ms);
  }

  /** The run ends (by default passed or failed by its results). */
  finish(runId: string, state?: RunRecord['state']): void {
    const run = this.mustGet(runId);
    run.record.state = state ?? (run.record.failed > 0 ? 'failed' : 'passed');
    run.record.finishedAt = '2026-11-23T09:00:05.000Z';
    run.record.durationMs = this.elapsedMs;
    run.record.notRun = run.record.total - run.record.completed;
    this.emit(run, [], null);
  }

  private emit(run: FakeRun, rows: RunResultRow[], waitingMs: number | null): void {
    const { record } = run;
    const progress: RunProgress = {
      runId: record.runId,
      state: record.state,
      total: record.total,
      completed: record.completed,
      passed: record.passed,
      failed: record.failed,
      cancelled: record.cancelled,
      elapsedMs: this.elapsedMs,
      rows,
      waitingMs,
    };
    if (this.dropped) return;
    for (const listener of this.listeners) listener(structuredClone(progress));
  }

  private mustGet(runId: string): FakeRun {
    const run = this.runs.get(runId);
    if (!run) throw new Error(`no fake run ${runId}`);
    return run;
  }

  private find(runId: string): FakeRun | Result<never> {
    return this.runs.get(runId) ?? { ok: false, error: { code: 'invalid_argument', message: 'There is no such run.' } };
  }

  startRun = async (request: StartRunRequest): Promise<Result<RunStarted, RunStartError>> => {
    this.record('startRun', request);
    const refusal = this.startRefusal?.(request) ?? null;
    if (refusal) return { ok: false, error: refusal };
    const runId = `run-${this.nextRun++}`;
    const total = this.totalOf(request);
    const suite = request.suite as { name?: string } | null;
    this.seed({
      runId,
      kind: request.kind ?? 'suite',
      suiteName: suite?.name ?? request.suiteFile.replace(/\.json$/i, ''),
      suiteFile: request.suiteFile,
      state: 'running',
      finishedAt: null,
      durationMs: null,
      total,
      completed: 0,
      settings: {
        concurrency: request.concurrency ?? 8,
        ratePerSecond: request.ratePerSecond ?? null,
        on429: request.on429 ?? 'wait',
        iterations: request.iterations ?? 1,
      },
    });
    this.mustGet(runId).request = structuredClone(request);
    return { ok: true, value: { runId, total } };
  };

  cancelRun = async (request: RunRef): Promise<Result<{ cancelled: boolean }>> => {
    this.record('cancelRun', request);
    const run = this.runs.get(request.runId);
    if (!run || run.record.state !== 'running') return { ok: true, value: { cancelled: false } };
    this.finish(request.runId, 'cancelled');
    return { ok: true, value: { cancelled: true } };
  };

  listRuns = async (request: ListRunsRequest): Promise<Result<RunRecord[]>> => {
    this.record('listRuns', request);
    const runs = [...this.runs.values()]
      .map((run) => run.record)
      .filter(
        (record) =>
          (request.kind === undefined || record.kind === request.kind) &&
          (request.suiteName === undefined || record.suiteName === request.suiteName),
      )
      .reverse();
    return { ok: true, value: structuredClone(runs.slice(0, request.limit ?? 200)) };
  };

  getRun = async (request: RunRef): Promise<Result<RunRecord>> => {
    this.record('getRun', request);
    const run = this.find(request.runId);
    return 'record' in run ? { ok: true, value: structuredClone(run.record) } : run;
  };

  listRunResults = async (request: RunResultsQuery): Promise<Result<RunResultsPage>> => {
    this.record('listRunResults', request);
    const run = this.find(request.runId);
    if (!('record' in run)) return run;
    const matching = [...run.rows].sort((a, b) => a.index - b.index).filter((row) => !request.failuresOnly || !row.passed);
    return {
      ok: true,
      value: { rows: structuredClone(matching.slice(request.offset, request.offset + request.limit)), total: matching.length },
    };
  };

  getRunResult = async (request: RunResultRef): Promise<Result<RunResultDetail>> => {
    this.record('getRunResult', request);
    const run = this.find(request.runId);
    if (!('record' in run)) return run;
    const row = run.rows.find((candidate) => candidate.index === request.index);
    if (!row) return { ok: false, error: { code: 'invalid_argument', message: 'There is no such result.' } };
    const answer = run.answers.get(row.index) ?? row.answerStart;
    const result: InvokeResult =
      row.errorCode === null
        ? okInvoke(answer, { duration: `${row.serverMs ?? 0}ms`, ms: row.serverMs })
        : {
            ok: false,
            error: {
              code: row.errorCode,
              message: row.answerStart,
              exchange: exchange({ status: row.status, statusText: '', responseBody: row.answerStart }),
            },
          };
    return {
      ok: true,
      value: {
        row: structuredClone(row),
        expectations: row.failed.map((line) => ({ kind: line.split(':')[0] ?? 'status', passed: false, expected: line, actual: '' })),
        request: { agentId: row.agentId, text: 'Where is my order?', payload: {} },
        result,
        profile: run.record.profile,
        recordedAt: '2026-11-23T09:00:01.000Z',
      },
    };
  };

  getRunLatency = async (request: RunRef): Promise<Result<RunLatency>> => {
    this.record('getRunLatency', request);
    const run = this.find(request.runId);
    if (!('record' in run)) return run;
    const roundTripMs = run.rows.flatMap((row) => (row.roundTripMs === null ? [] : [row.roundTripMs]));
    const serverMs = run.rows.flatMap((row) => (row.serverMs === null ? [] : [row.serverMs]));
    const bins = (values: number[]) => {
      const layout = binLayout(values.length, Math.min(...values), Math.max(...values));
      const counts = new Map<number, number>();
      if (layout)
        for (const value of values) {
          const bin = Math.min(layout.count - 1, Math.floor((value - layout.start) / layout.width));
          counts.set(bin, (counts.get(bin) ?? 0) + 1);
        }
      return layout ? binsOf(layout, counts) : [];
    };
    return {
      ok: true,
      value: {
        roundTrip: percentiles(roundTripMs),
        server: percentiles(serverMs),
        roundTripBins: bins(roundTripMs),
        serverBins: bins(serverMs),
      },
    };
  };

  getRunMatrix = async (request: RunMatrixQuery): Promise<Result<RunMatrix>> => {
    this.record('getRunMatrix', request);
    const run = this.find(request.runId);
    if (!('record' in run)) return run;
    const agents = run.record.agents;
    const byKey = new Map<string, RunMatrix['rows'][number]>();
    for (const row of [...run.rows].sort((a, b) => a.index - b.index)) {
      const key = `${row.caseIndex}|${row.row}|${row.iteration}`;
      let line = byKey.get(key);
      if (!line) {
        line = { caseIndex: row.caseIndex, caseName: row.caseName, row: row.row, iteration: row.iteration, cells: agents.map(() => null) };
        byKey.set(key, line);
      }
      line.cells[agents.indexOf(row.agentId)] = {
        index: row.index,
        passed: row.passed,
        status: row.status,
        answerStart: row.answerStart,
        failed: row.failed,
      };
    }
    const lines = [...byKey.values()];
    const offset = request.offset ?? 0;
    return { ok: true, value: { agents: [...agents], total: lines.length, rows: lines.slice(offset, offset + (request.limit ?? 1000)) } };
  };

  compareRuns = async (request: CompareRunsRequest): Promise<Result<RunComparison>> => {
    this.record('compareRuns', request);
    const before = this.find(request.before);
    if (!('record' in before)) return before;
    const after = this.find(request.after);
    if (!('record' in after)) return after;
    const key = (row: RunResultRow) => `${row.caseName}|${row.row}|${row.iteration}|${row.agentId}`;
    const earlier = new Map(before.rows.map((row) => [key(row), row]));
    const comparison: RunComparison = {
      before: structuredClone(before.record),
      after: structuredClone(after.record),
      newlyFailing: { items: [], total: 0 },
      newlyPassing: { items: [], total: 0 },
      answerChanged: { items: [], total: 0 },
      onlyBefore: 0,
      onlyAfter: 0,
      latency: {
        before: { roundTrip: percentiles(before.rows.flatMap((row) => (row.roundTripMs === null ? [] : [row.roundTripMs]))), server: null },
        after: { roundTrip: percentiles(after.rows.flatMap((row) => (row.roundTripMs === null ? [] : [row.roundTripMs]))), server: null },
      },
    };
    const matched = new Set<string>();
    for (const row of after.rows) {
      const partner = earlier.get(key(row));
      if (!partner) {
        comparison.onlyAfter += 1;
        continue;
      }
      matched.add(key(row));
      const pair = { before: structuredClone(partner), after: structuredClone(row) };
      if (partner.passed && !row.passed) comparison.newlyFailing.items.push(pair);
      if (!partner.passed && row.passed) comparison.newlyPassing.items.push(pair);
      const beforeAnswer = before.answers.get(partner.index) ?? partner.answerStart;
      const afterAnswer = after.answers.get(row.index) ?? row.answerStart;
      if (beforeAnswer !== afterAnswer) comparison.answerChanged.items.push({ ...pair, beforeAnswer, afterAnswer });
    }
    for (const list of [comparison.newlyFailing, comparison.newlyPassing, comparison.answerChanged] as Array<{
      items: unknown[];
      total: number;
    }>) {
      list.total = list.items.length;
      list.items = list.items.slice(0, request.limit ?? 100);
    }
    comparison.onlyBefore = before.rows.filter((row) => !matched.has(key(row))).length;
    return { ok: true, value: comparison };
  };

  deleteRun = async (request: RunRef): Promise<Result<{ deleted: boolean }>> => {
    this.record('deleteRun', request);
    return { ok: true, value: { deleted: this.runs.delete(request.runId) } };
  };

  exportRun = async (request: ExportRunRequest): Promise<Result<RunExportFile>> => {
    this.record('exportRun', request);
    const run = this.find(request.runId);
    if (!('record' in run)) return run;
    const types = {
      junit: ['xml', 'application/xml'],
      json: ['json', 'application/json'],
      csv: ['csv', 'text/csv'],
      html: ['html', 'text/html'],
    } as const;
    const [extension, mediaType] = types[request.format];
    return {
      ok: true,
      value: { fileName: `${run.record.suiteName}-run.${extension}`, mediaType, content: `${request.format} of ${run.record.runId}` },
    };
  };

  openSuiteFile = async (): Promise<Result<OpenedSuiteFile | null>> => {
    this.record('openSuiteFile', undefined);
    return this.openResponder();
  };
}
