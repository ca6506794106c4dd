import type { RunOutcome } from './repeatRunner';

/**
 * Folding repeat outcomes into what a person compares: percentiles of the two times, failures
 * by code, and identical answers grouped. Pure and incremental: each outcome is added as it
 * arrives, and only one copy of each distinct answer is kept (fifty copies of a large answer
 * would otherwise sit in memory just to be compared).
 */

/** A set of identical answers. */
export interface AnswerGroup {
  answer: string;
  count: number;
  /** Run number (1-based) of the first run that gave it. */
  firstRun: number;
}

/** Everything the summary needs from the runs so far. */
export interface RepeatTally {
  done: number;
  answered: number;
  /** Server times (ms) of answered runs whose duration could be read. */
  serverMs: number[];
  /** Round trips (ms) of answered runs. */
  roundTripMs: number[];
  /**
   * Failed runs by what failed, in order of first appearance: `HTTP 503` for an HTTP status
   * (so a 503 and a 401 are told apart), else the error code (`timeout`, `network`, ...).
   */
  failures: { code: string; count: number }[];
  /** Distinct answers in order of first appearance. */
  groups: AnswerGroup[];
}

/** The tally before any run has ended. */
export const EMPTY_TALLY: RepeatTally = { done: 0, answered: 0, serverMs: [], roundTripMs: [], failures: [], groups: [] };

/** What a failure is listed under: "HTTP 503" for an HTTP status, else its code ("timeout"). */
export function failureLabel(outcome: Extract<RunOutcome, { kind: 'failure' }>): string {
  return outcome.code === 'http_status' && outcome.status !== undefined ? `HTTP ${outcome.status}` : outcome.code;
}

/** The tally with one more outcome in it (a new object; the old one is unchanged). */
export function addOutcome(tally: RepeatTally, outcome: RunOutcome): RepeatTally {
  const done = tally.done + 1;
  if (outcome.kind === 'failure') {
    const code = failureLabel(outcome);
    const known = tally.failures.some((failure) => failure.code === code);
    const failures = known
      ? tally.failures.map((failure) => (failure.code === code ? { ...failure, count: failure.count + 1 } : failure))
      : [...tally.failures, { code, count: 1 }];
    return { ...tally, done, failures };
  }
  const known = tally.groups.some((group) => group.answer === outcome.answer);
  const groups = known
    ? tally.groups.map((group) => (group.answer === outcome.answer ? { ...group, count: group.count + 1 } : group))
    : [...tally.groups, { answer: outcome.answer, count: 1, firstRun: outcome.index + 1 }];
  return {
    ...tally,
    done,
    answered: tally.answered + 1,
    serverMs: outcome.serverMs === null ? tally.serverMs : [...tally.serverMs, outcome.serverMs],
    roundTripMs: [...tally.roundTripMs, outcome.roundTripMs],
    groups,
  };
}

/**
 * The p-th percentile by the nearest-rank method: the smallest value with at least p% of the
 * values at or below it. It is always one of the measured values (never interpolated), which
 * is what a person checking "95% of runs were this fast or faster" expects. Null when empty.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

/** Groups with the most common answer first; ties keep the order they first appeared in. */
export function groupsByCount(groups: readonly AnswerGroup[]): AnswerGroup[] {
  return [...groups].sort((a, b) => b.count - a.count || a.firstRun - b.firstRun);
}

/** The first line of an answer, cut to `max` characters, for a one-line list. */
export function firstLine(answer: string, max = 120): string {
  const end = answer.indexOf('\n');
  const line = end === -1 ? answer.slice(0, max + 1) : answer.slice(0, Math.min(end, max + 1));
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
