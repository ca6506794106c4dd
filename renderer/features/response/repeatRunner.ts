import type { ErrorCode, InvokeRequest, InvokeResult } from '../../../electron/shared/contract';

/**
 * Repeating one invoke N times, to see how stable an agent's answers and timings are.
 *
 * Pure apart from the functions passed in: `invoke` and `cancel` are the host's (through
 * renderer/queries/repeat.ts), or fakes in tests. Every run is an ordinary invoke of the same
 * agent, text and payload, with a new request id so each can be cancelled on its own. Each
 * run may be billed, so the caller asks the user first; this module only obeys the limits.
 */

/** Most runs one repeat may make. */
export const MAX_RUNS = 50;
/** Most runs in flight at once. */
export const MAX_CONCURRENCY = 10;

/** What one run came to. Only what the summary needs is kept, not the whole result. */
export type RunOutcome =
  | { index: number; kind: 'answer'; answer: string; serverMs: number | null; roundTripMs: number }
  | {
      index: number;
      kind: 'failure';
      code: ErrorCode | 'host';
      message: string;
      roundTripMs: number | null;
      /** The HTTP status of an `http_status` failure, so the summary can tell a 503 from a 401. */
      status?: number;
    };

/** A repeat: what to send, how often and how many at once, and the host's functions to do it with. */
export interface RepeatOptions {
  /** What to send; a `profileId` is named in every run (the host refuses runs once another profile is active). */
  request: Pick<InvokeRequest, 'agentId' | 'text' | 'payload' | 'profileId'>;
  runs: number;
  /** Runs in flight at once; 1 runs them one after another. */
  concurrency: number;
  invoke: (request: InvokeRequest) => Promise<InvokeResult>;
  /** Asks the host to abort one in-flight request; its run then ends as `cancelled`. */
  cancel?: (requestId: string) => unknown;
  newRequestId: () => string;
  /** Stop: no run starts after it aborts, and the ones in flight are cancelled. */
  signal?: AbortSignal;
  onOutcome?: (outcome: RunOutcome) => void;
}

/** How a repeat ended. */
export interface RepeatReport {
  /** How many runs were started (fewer than asked when stopped). */
  started: number;
  stopped: boolean;
}

/** A whole number within [min, max]; anything unreadable becomes `min`. */
export function clampWhole(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

function outcomeOf(index: number, result: InvokeResult): RunOutcome {
  if (result.ok) {
    const { response, serverDuration, exchange } = result.value;
    return { index, kind: 'answer', answer: response.answer, serverMs: serverDuration.ms, roundTripMs: exchange.roundTripMs };
  }
  const { code, message, exchange } = result.error;
  const status = code === 'http_status' && exchange?.status != null ? { status: exchange.status } : {};
  return { index, kind: 'failure', code, message, roundTripMs: exchange?.roundTripMs ?? null, ...status };
}

/**
 * Runs the request `runs` times with at most `concurrency` in flight, reporting each outcome
 * as it arrives. Resolves when every started run has ended. A run whose host call throws is a
 * `host` failure; the others carry on.
 */
export async function runRepeat(options: RepeatOptions): Promise<RepeatReport> {
  const runs = clampWhole(options.runs, 1, MAX_RUNS);
  const concurrency = clampWhole(options.concurrency, 1, Math.min(MAX_CONCURRENCY, runs));
  const inFlight = new Set<string>();
  let nextIndex = 0;
  const stopped = () => options.signal?.aborted === true;

  const onAbort = () => {
    for (const requestId of inFlight) void Promise.resolve(options.cancel?.(requestId)).catch(() => undefined);
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });

  async function worker(): Promise<void> {
    while (!stopped() && nextIndex < runs) {
      const index = nextIndex;
      nextIndex += 1;
      const requestId = options.newRequestId();
      inFlight.add(requestId);
      let outcome: RunOutcome;
      try {
        const { agentId, text, payload, profileId } = options.request;
        const named = profileId === undefined ? {} : { profileId };
        outcome = outcomeOf(index, await options.invoke({ agentId, text, payload, requestId, ...named }));
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The host call failed.';
        outcome = { index, kind: 'failure', code: 'host', message, roundTripMs: null };
      } finally {
        inFlight.delete(requestId);
      }
      options.onOutcome?.(outcome);
    }
  }

  try {
    await Promise.all(Array.from({ length: concurrency }, () => worker()));
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  return { started: nextIndex, stopped: stopped() };
}
