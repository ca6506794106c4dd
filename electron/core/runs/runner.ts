import type { InvokeRequest, InvokeResult, RunJudgement } from '../../shared/api';
import type { PlatformClient, PlatformTarget } from '../http/platformClient';
import { judge, type ExpectationOutcome } from './expectations';
import { guidelinesOnce, judgedBy, judgeRequest, notJudged, type GuidelineFetch, type Judged } from './judgeRun';
import type { PlannedCase } from '../../shared/runs/suiteTypes';
import type { PlanSource } from './planSource';

/**
 * The run engine, one implementation for the app's host and the command line: sends a plan's
 * requests through the platform client (the same invoke the Response view's exchanges come
 * from), at most `concurrency` at once, at most `ratePerSecond` started per second, waits out a
 * 429's Retry-After (or fails on it, when told), and judges each result as it arrives.
 *
 * Cancel stops new requests at once and aborts those in flight (their results say `cancelled`).
 * Progress is pushed to subscribers as events, so the host can forward them to a window or an
 * SSE stream without polling. Nothing here is per-request work beyond the client's own, save
 * the judging: workers pull the next request from the plan (one pull at a time, so they go in
 * plan order), and there is no queue to copy.
 *
 * Memory stays flat whatever the run's size: the plan is made as it is pulled (planSource.ts),
 * and each result is judged, handed to the subscribers (reports, the app's database, the
 * screen) and dropped. The summary keeps counts, the first failure, and the first requests
 * never sent.
 */

export interface RunOptions {
  /** Requests in flight at once; 8 when absent. */
  concurrency?: number;
  /** Requests started per second at most; no limit when absent or null. */
  ratePerSecond?: number | null;
  /** On a 429: wait as its Retry-After says and send again ('wait', the default), or record it ('fail'). */
  on429?: 'wait' | 'fail';
  /** How many times one request is sent again after a 429; 5 when absent. */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for (the 429 is recorded); 60 s when absent. */
  maxRetryWaitMs?: number;
  /**
   * Stop the run when a result is a failure to reach the server before anything answered: those
   * in flight are aborted (against a server that cannot be reached they would only wait for their
   * time-out). The summary says `unreachable`.
   */
  stopWhenUnreachable?: boolean;
  /**
   * Stop sending when the key is refused (HTTP 401 or 403) before anything else answered (such an
   * answer is then no answer: the key, not a case, is wrong). Those in flight end as they come:
   * their answers are quick, and a report shows what each got.
   */
  stopWhenKeyRefused?: boolean;
  /**
   * Stop sending at the first result that fails: no request starts after it, those in flight
   * finish and are judged (the summary says `stopped`, the rest `notRun`).
   */
  bail?: boolean;
  /** Each worker waits this long after a request before it starts its next (a gentle pace beside `ratePerSecond`). */
  delayMs?: number;
  /** The judge agent of judge expectations that name none (`--judge-agent`). */
  judgeAgent?: string;
}

export interface RunDeps {
  client: PlatformClient;
  target: PlatformTarget;
  /** Monotonic ms. */
  now?: () => number;
  /** Wall clock, for a Retry-After given as a date. */
  wallClock?: () => Date;
  /**
   * How a judge expectation's guideline is fetched (once per run): through the library in the
   * app, so its version is kept; from the platform client with the run's target when absent.
   */
  fetchGuideline?: GuidelineFetch;
}

/** One request of the run as sent and judged: `result` is the full exchange, as the Response view shows it. */
export interface RunResult {
  planned: PlannedCase;
  result: InvokeResult;
  expectations: ExpectationOutcome[];
  passed: boolean;
  /** Times it was sent (more than 1 after 429s). */
  attempts: number;
  /** The judge expectation's verdict in full (each rule's, the judge's exchange), when the case has one. */
  judgement?: RunJudgement;
}

export interface RunSummary {
  total: number;
  passed: number;
  failed: number;
  /**
   * Results that ended with `cancelled` (in flight when the run was cancelled) and did not pass:
   * counted among `failed` too, so reports can say how many of the failed were only stopped.
   */
  cancelled: number;
  /** Requests never sent (the run was cancelled or stopped first). */
  notRun: number;
  /** Whether the run was cancelled (or stopped: the server could not be reached, or the first failure under `bail`). */
  stopped: boolean;
  /** The server could not be reached: the first result was a network failure and nothing had answered. */
  unreachable: boolean;
  durationMs: number;
  /** The first requests never sent, in plan order, at most UNSENT_KEPT (for reports that list them as skipped); `notRun` counts them all. */
  unsent: PlannedCase[];
  /**
   * The error of the first result in plan order that got no answer and was not cancelled (or,
   * when every such result was cancelled, of the first of those); null when every result had one.
   */
  firstError: { code: string; message: string } | null;
}

/** The requests never sent that a summary lists (reports list them as skipped, then say how many more). */
export const UNSENT_KEPT = 1000;

/**
 * Why a run stopped before the platform answered anything: it could not be reached, or it refused
 * the key. A setup problem (where the run sends, the network, the key), not the cases'.
 */
export type SetupFailure = 'unreachable' | 'key_refused';

export type RunEvent =
  | {
      type: 'result';
      result: RunResult;
      completed: number;
      total: number;
      passed: number;
      failed: number;
      /** On the result that stopped the run as a setup problem (stopWhenUnreachable, stopWhenKeyRefused); absent otherwise. */
      stopsRun?: SetupFailure;
    }
  | { type: 'waiting'; reason: 'retry_after'; ms: number; caseIndex: number }
  | { type: 'finished'; summary: RunSummary };

export interface RunHandle {
  /** Stops new requests at once and aborts those in flight. */
  cancel(): void;
  /** The summary, once the last request in flight has ended. */
  done: Promise<RunSummary>;
  /** Receives every event from now on; returns an unsubscribe. */
  subscribe(listener: (event: RunEvent) => void): () => void;
}

export const DEFAULT_CONCURRENCY = 8;
const DEFAULT_RETRY_WAIT_MS = 1000;
/** How long an answer waits to be judged when no request is being written meanwhile. */
const JUDGING_DELAY_MS = 20;

/** A request's last answer, not announced yet (judged already under `bail`). */
interface Answered {
  planned: PlannedCase;
  result: InvokeResult;
  attempts: number;
  judged?: ExpectationOutcome[];
  stopsRun?: SetupFailure;
  /** The judge expectation's outcome, once the judge has answered. */
  verdict?: Judged;
}

/** Milliseconds a Retry-After header asks for (seconds, or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, wallClock: () => Date): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - wallClock().getTime());
}

/**
 * A result Cancel stopped in flight that did not pass: one of the failed, though nothing failed.
 * (A stopped request can still pass: `status: 500` judged on the status line alone.)
 */
export function isStoppedUnpassed(result: Pick<RunResult, 'result' | 'passed'>): boolean {
  return !result.passed && !result.result.ok && result.result.error.code === 'cancelled';
}

const isKeyRefused = (status: number | null | undefined) => status === 401 || status === 403;

/** Which setup failure a result is (before anything answered), or null: the server not reached, or the key refused. */
function setupFailureOf(result: InvokeResult): SetupFailure | null {
  if (result.ok) return null;
  if (result.error.code === 'network') return 'unreachable';
  return result.error.code === 'http_status' && isKeyRefused(result.error.exchange?.status) ? 'key_refused' : null;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The judged expectations, or, when judging throws (whatever the cause), one failed outcome
 * saying so: an error in one result fails that result, never the run.
 */
function judgeSafely({ planned, result, verdict }: Answered): ExpectationOutcome[] {
  try {
    return [...judge(planned.expect, planned.payload, result), ...(verdict ? [verdict.outcome] : [])];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [{ kind: 'judging', passed: false, expected: 'the result is judged', actual: `could not be judged: ${message}` }];
  }
}

/** Starts a run on the next tick (so subscribers added right away see every event). */
export function startRun(plan: PlanSource, deps: RunDeps, options: RunOptions = {}): RunHandle {
  const now = deps.now ?? (() => performance.now());
  const wallClock = deps.wallClock ?? (() => new Date());
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const interval = options.ratePerSecond ? 1000 / options.ratePerSecond : 0;
  const on429 = options.on429 ?? 'wait';
  const maxRetries = options.maxRetries ?? 5;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
  const controller = new AbortController();
  /** Aborted when no request may start any more (cancel, or the first failure under `bail`); in-flight ones go on. */
  const sending = new AbortController();
  controller.signal.addEventListener('abort', () => sending.abort(), { once: true });
  const delayMs = options.delayMs ?? 0;
  const listeners = new Set<(event: RunEvent) => void>();
  const emit = (event: RunEvent) => {
    for (const listener of listeners) listener(event);
  };
  const pending = plan.cases()[Symbol.asyncIterator]();
  /** Pulls are chained: each worker takes the next request in plan order. */
  let pulling: Promise<unknown> = Promise.resolve();
  let exhausted = false;
  /** Requests taken from the plan but never sent (the run stopped first). */
  const dropped: PlannedCase[] = [];
  let planError: unknown = null;
  let completed = 0;
  let cancelled = 0;
  /** The first failures without an answer (not cancelled, and cancelled), by plan index. */
  let firstError: { index: number; error: { code: string; message: string } } | null = null;
  let firstCancelled: { index: number; error: { code: string; message: string } } | null = null;
  let passed = 0;
  let failed = 0;
  /** Whether the platform has answered (a refused key is no answer under `stopWhenKeyRefused`). */
  let answered = false;
  let unreachable = false;
  /** The setup failure that stopped the run, once one has. */
  let stoppedFor: SetupFailure | null = null;
  /** When the last request started, under the rate limit. */
  let lastStart = Number.NEGATIVE_INFINITY;
  /** After a 429, no request starts before this (the server asked everyone to wait, not one request). */
  let pausedUntil = 0;

  async function waitForTurn(): Promise<void> {
    if (pausedUntil > now()) await pause(pausedUntil - now(), sending.signal);
    if (interval > 0) {
      // Spaced from the last request that actually started, looked at again after each wait:
      // timers that fire late together (a busy machine) must not start their requests together.
      for (;;) {
        const wait = lastStart + interval - now();
        if (wait <= 0 || sending.signal.aborted) break;
        await pause(wait, sending.signal);
      }
      lastStart = now();
    }
  }

  /** One request of the plan sent (again after 429s) until it has a result to judge; null when cancelled before sending. */
  async function sendOne(planned: PlannedCase): Promise<Answered | null> {
    const sent = await send({ agentId: planned.agentId, text: planned.text, payload: planned.payload }, planned.index);
    return sent && { planned, ...sent };
  }

  /** A request sent in its turn (again after 429s) until it has a result; null when cancelled before sending. */
  async function send(request: InvokeRequest, caseIndex: number): Promise<{ result: InvokeResult; attempts: number } | null> {
    let attempts = 0;
    for (;;) {
      await waitForTurn();
      if (sending.signal.aborted) return null;
      attempts += 1;
      const result = await deps.client.invoke(deps.target, request, controller.signal, { onSent: judgeSoon });
      const exchange = result.ok ? result.value.exchange : result.error.exchange;
      if (exchange?.status != null && !(options.stopWhenKeyRefused && isKeyRefused(exchange.status))) answered = true;
      if (!result.ok && exchange?.status === 429 && on429 === 'wait' && attempts <= maxRetries && !sending.signal.aborted) {
        const asked = retryAfterMs(exchange.responseHeaders['retry-after'], wallClock) ?? DEFAULT_RETRY_WAIT_MS;
        if (asked <= maxRetryWaitMs) {
          pausedUntil = Math.max(pausedUntil, now() + asked);
          emit({ type: 'waiting', reason: 'retry_after', ms: asked, caseIndex });
          continue;
        }
      }
      return { result, attempts };
    }
  }

  const guideline = guidelinesOnce(deps.fetchGuideline ?? ((guidelineId) => deps.client.getGuideline(deps.target, { guidelineId })));

  /**
   * The judge expectation of an answered request: its guideline (fetched once per run), then the
   * judge agent asked in the worker's turn, as any request of the run (so it counts against the
   * run's concurrency and rate limit). Whatever goes wrong fails the expectation, saying what.
   */
  async function askJudge({ planned, result }: Answered): Promise<Judged> {
    const spec = planned.expect.judge!;
    try {
      if (!result.ok) return notJudged(spec, null, `no answer to judge (${result.error.code})`);
      const agentId = spec.agent ?? options.judgeAgent;
      if (agentId === undefined)
        return notJudged(spec, null, 'no judge agent: name one in the expectation, or give the run a default judge');
      const fetched = await guideline(spec.guideline);
      if (!fetched.ok) return notJudged(spec, null, `the guideline could not be fetched (${fetched.error.code}): ${fetched.error.message}`);
      const asked = judgeRequest(agentId, spec, fetched.value, result.value.response.answer, planned.text);
      const sent = await send(asked.request, planned.index);
      if (sent === null) return notJudged(spec, fetched.value, 'the judge was not asked: the run stopped first');
      return judgedBy(spec, fetched.value, asked, sent.result);
    } catch (error) {
      return notJudged(spec, null, `could not be judged: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /*
   * Answers are judged and announced once the next requests are on their way: answers arrive
   * together (an agent answers a batch in about the same time), and a worker that judged and
   * told its subscribers first (reports, the database, the screen) would hold back every request
   * behind it in that batch. So judging waits for a request to be written (the transport says
   * when), then for the event loop to write the others of its turn; when nothing is written (a
   * server that cannot be reached, the run's end), it waits at most JUDGING_DELAY_MS. The queue
   * is always emptied before `finished`.
   */
  const unjudged: Answered[] = [];
  let judgingSoon = false;
  let judgingTimer: NodeJS.Timeout | null = null;

  function judgeLater(answer: Answered): void {
    unjudged.push(answer);
    judgingTimer ??= setTimeout(judgeWaiting, JUDGING_DELAY_MS);
  }

  function judgeSoon(): void {
    if (judgingSoon || unjudged.length === 0) return;
    judgingSoon = true;
    setImmediate(judgeWaiting);
  }

  function judgeWaiting(): void {
    judgingSoon = false;
    if (judgingTimer) clearTimeout(judgingTimer);
    judgingTimer = null;
    for (const answer of unjudged.splice(0)) {
      const { planned, result: invoked, attempts, judged, stopsRun, verdict } = answer;
      const expectations = judged ?? judgeSafely(answer);
      const result: RunResult = {
        planned,
        result: invoked,
        expectations,
        attempts,
        passed: expectations.every((outcome) => outcome.passed),
        ...(verdict ? { judgement: verdict.judgement } : {}),
      };
      completed += 1;
      if (result.passed) passed += 1;
      else failed += 1;
      if (isStoppedUnpassed(result)) cancelled += 1;
      if (!invoked.ok) {
        const error = { code: invoked.error.code, message: invoked.error.message };
        const which = invoked.error.code === 'cancelled' ? firstCancelled : firstError;
        if (which === null || planned.index < which.index) {
          if (invoked.error.code === 'cancelled') firstCancelled = { index: planned.index, error };
          else firstError = { index: planned.index, error };
        }
      }
      emit({ type: 'result', result, completed, total: plan.total, passed, failed, ...(stopsRun ? { stopsRun } : {}) });
    }
  }

  /** The next request of the plan, or null when there is none or none may start; a plan that cannot be read stops the run. */
  function pull(): Promise<PlannedCase | null> {
    const taken = pulling.then(async () => {
      if (exhausted || sending.signal.aborted) return null;
      try {
        const step = await pending.next();
        if (!step.done) return step.value;
      } catch (error) {
        planError ??= error;
        sending.abort();
      }
      exhausted = true;
      return null;
    });
    pulling = taken;
    return taken;
  }

  async function worker(): Promise<void> {
    let first = true;
    while (!sending.signal.aborted) {
      if (!first && delayMs > 0) {
        await pause(delayMs, sending.signal);
        if (sending.signal.aborted) return;
      }
      first = false;
      const planned = await pull();
      if (planned === null) return;
      const answer = await sendOne(planned);
      if (answer === null) {
        dropped.push(planned);
        return;
      }
      // A judge expectation's judge is asked by this worker, before it takes its next request.
      if (planned.expect.judge !== undefined) answer.verdict = await askJudge(answer);
      // Under bail, judged at once: the next request must not start before a failure is known.
      if (options.bail) {
        answer.judged = judgeSafely(answer);
        if (!answer.judged.every((outcome) => outcome.passed)) sending.abort();
      }
      const setup = answered || stoppedFor !== null ? null : setupFailureOf(answer.result);
      if (setup !== null && (setup === 'unreachable' ? options.stopWhenUnreachable : options.stopWhenKeyRefused)) {
        answer.stopsRun = stoppedFor = setup;
        unreachable = setup === 'unreachable';
        (unreachable ? controller : sending).abort();
      }
      judgeLater(answer);
    }
  }

  /** The first requests never sent, in plan order: those taken but not sent, then the plan's rest, up to UNSENT_KEPT. */
  async function unsentKept(): Promise<PlannedCase[]> {
    const kept = dropped.sort((a, b) => a.index - b.index).slice(0, UNSENT_KEPT);
    try {
      while (!exhausted && planError === null && kept.length < UNSENT_KEPT) {
        const step = await pending.next();
        if (step.done) break;
        kept.push(step.value);
      }
    } catch {
      // The plan could not be read on: the list is what it is (the count is right all the same).
    }
    await pending.return?.().catch(() => undefined);
    return kept;
  }

  const started = now();
  const done = new Promise<RunSummary>((resolve, reject) => {
    setImmediate(() => {
      const workers = Array.from({ length: Math.max(1, Math.min(concurrency, plan.total)) }, () => worker());
      void Promise.all(workers)
        .then(async () => {
          judgeWaiting();
          const unsent = await unsentKept();
          if (planError !== null) throw planError;
          const summary: RunSummary = {
            total: plan.total,
            passed,
            failed,
            cancelled,
            notRun: plan.total - completed,
            stopped: sending.signal.aborted,
            unreachable,
            durationMs: now() - started,
            unsent,
            firstError: (firstError ?? firstCancelled)?.error ?? null,
          };
          emit({ type: 'finished', summary });
          resolve(summary);
        })
        .catch(reject);
    });
  });

  return {
    cancel: () => controller.abort(),
    done,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
