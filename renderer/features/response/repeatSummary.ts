import type { RunResultRow } from '../../../electron/shared/api';

/**
 * Folding the results of a Repeat run into what a person compares: percentiles of the two
 * times, failures by code, and identical answers grouped. Pure and incremental: each result
 * row the host pushes (RunProgress.rows) is added as it arrives, and only one copy of each
 * distinct answer is kept.
 *
 * A row carries the answer's start (its first 200 characters on one line, as the runs
 * contract sends it), not the whole answer, so answers are grouped by that start: two answers
 * that agree for 200 characters and differ later count as one. The whole of any result opens
 * from the run's record (getRunResult) when that matters.
 */

/** Most runs one Repeat may make: each is billed, and the confirmation names the number. */
export const MAX_RUNS = 50;
/** Most runs in flight at once. */
export const MAX_CONCURRENCY = 10;

/** A set of identical answers. */
export interface AnswerGroup {
  answer: string;
  count: number;
  /** Run number (1-based: the row's iteration) of the earliest run that gave it. */
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

/** What a failed row is listed under: "HTTP 503" for an HTTP status, else its code ("timeout"). */
function failureLabel(row: Pick<RunResultRow, 'errorCode' | 'status'>): string {
  return row.errorCode === 'http_status' && row.status !== null ? `HTTP ${row.status}` : (row.errorCode ?? 'unknown');
}

/**
 * The tally with one more result in it (a new object; the old one is unchanged). A row is
 * answered when its request succeeded (no error code), as an invoke that came back ok; an
 * expectation of the run does not make it a failure here (Repeat sets none of its own).
 */
export function addRow(tally: RepeatTally, row: RunResultRow): RepeatTally {
  const done = tally.done + 1;
  if (row.errorCode !== null) {
    const code = failureLabel(row);
    const known = tally.failures.some((failure) => failure.code === code);
    const failures = known
      ? tally.failures.map((failure) => (failure.code === code ? { ...failure, count: failure.count + 1 } : failure))
      : [...tally.failures, { code, count: 1 }];
    return { ...tally, done, failures };
  }
  const answer = row.answerStart;
  const known = tally.groups.some((group) => group.answer === answer);
  const groups = known
    ? tally.groups.map((group) =>
        group.answer === answer ? { ...group, count: group.count + 1, firstRun: Math.min(group.firstRun, row.iteration) } : group,
      )
    : [...tally.groups, { answer, count: 1, firstRun: row.iteration }];
  return {
    ...tally,
    done,
    answered: tally.answered + 1,
    serverMs: row.serverMs === null ? tally.serverMs : [...tally.serverMs, row.serverMs],
    roundTripMs: row.roundTripMs === null ? tally.roundTripMs : [...tally.roundTripMs, row.roundTripMs],
    groups,
  };
}

/** The tally of many rows at once (a finished run read back from its record). */
export function tallyOf(rows: readonly RunResultRow[]): RepeatTally {
  return rows.reduce(addRow, EMPTY_TALLY);
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
