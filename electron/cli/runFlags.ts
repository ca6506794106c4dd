import { RUN_LIMITS } from '../shared/runs/runLimits';
import type { PlanSource } from '../core/runs/planSource';
import { repeatPlan } from '../core/runs/iterations';
import type { RunSummary } from '../core/runs/runner';
import { numberIn, type Checked, type OptionTable, type OptionValues } from '../shared/commandLine';

/**
 * The options of `agent-explorer run` that newman and bru users reach for: stop at the first
 * failure, send each case several times, a per-request time-out, a pause between requests, and a
 * workspace file's profile in place of the environment's variables. Their table is spread into the
 * run's (runArgs.ts), so the help lists them and parseArgs reads them with the others.
 */

/** The per-request time-out's bounds, in ms (the profile form's upper bound: ten minutes). */
const TIMEOUT_LIMITS = { min: 1, max: 600_000 } as const;
/** The pause between one worker's requests, in ms: a minute at most, which is already a very gentle pace. */
const DELAY_LIMITS = { min: 0, max: 60_000 } as const;

const count = (value: number) => value.toLocaleString('en-US');
const { iterations: ITERATIONS } = RUN_LIMITS;

export const RUN_FLAG_OPTIONS = {
  bail: { type: 'boolean', help: 'stop sending at the first failed case (requests in flight finish); exit 1' },
  iterations: {
    type: 'string',
    value: 'N',
    help: () => `send each case N times, ${ITERATIONS.min} to ${count(ITERATIONS.max)} (default 1)`,
  },
  timeout: {
    type: 'string',
    value: 'MS',
    help: () =>
      `a request with no complete answer within MS milliseconds fails, 1 to\n${count(TIMEOUT_LIMITS.max)} (default: the profile's time-out, else 60,000)`,
  },
  delay: {
    type: 'string',
    value: 'MS',
    help: () => `each worker waits MS milliseconds between its requests, 0 to ${count(DELAY_LIMITS.max)}\n(with --rate, both hold)`,
  },
  workspace: {
    type: 'string',
    value: 'FILE',
    help:
      "the platform from a workspace file's profile (with --profile): its base URL,\nkey presentation, " +
      'time-out, proxy and TLS settings; the key still from\nAGENT_EXPLORER_API_KEY; the options given here ' +
      "override the profile's",
  },
  profile: { type: 'string', value: 'NAME', help: 'the profile of the --workspace file to use, by name' },
} as const satisfies OptionTable;

export interface RunFlags {
  bail: boolean;
  /** Each case sent this many times (1: once). */
  iterations: number;
  /** A whole exchange's time-out, in ms; absent: the profile's. */
  timeoutMs?: number;
  /** Each worker's pause between requests, in ms; absent: none. */
  delayMs?: number;
  /** A workspace file and the name of its profile to run against. */
  workspace?: { file: string; profile: string };
}

/** The flags' own rules over the values parseArgs read; `sandbox` is whether --sandbox was given. */
export function checkRunFlags(values: OptionValues<typeof RUN_FLAG_OPTIONS>, sandbox: boolean): Checked<RunFlags> {
  const iterations = numberIn(values.iterations, '--iterations', ITERATIONS.min, ITERATIONS.max, true);
  const timeoutMs = numberIn(values.timeout, '--timeout', TIMEOUT_LIMITS.min, TIMEOUT_LIMITS.max, true);
  const delayMs = numberIn(values.delay, '--delay', DELAY_LIMITS.min, DELAY_LIMITS.max, true);
  for (const checked of [iterations, timeoutMs, delayMs]) if (typeof checked === 'string') return { ok: false, message: checked };
  const { workspace, profile } = values;
  if (workspace === '') return { ok: false, message: '--workspace needs a file name' };
  if (profile !== undefined && profile.trim() === '') return { ok: false, message: '--profile needs a profile name' };
  if (profile !== undefined && workspace === undefined)
    return { ok: false, message: '--profile needs --workspace, the workspace file the profile is in' };
  if (workspace !== undefined && sandbox)
    return { ok: false, message: '--sandbox runs against an embedded Sandbox, so --workspace would not be used: give one or the other' };
  return {
    ok: true,
    value: {
      bail: values.bail === true,
      iterations: (iterations as number | undefined) ?? 1,
      ...(timeoutMs === undefined ? {} : { timeoutMs: timeoutMs as number }),
      ...(delayMs === undefined ? {} : { delayMs: delayMs as number }),
      // A missing --profile is said once the file is read, with the names it holds.
      ...(workspace === undefined ? {} : { workspace: { file: workspace, profile: profile?.trim() ?? '' } }),
    },
  };
}

/**
 * The plan sent `iterations` times (the app's runs repeat it the same way), each case named with
 * its pass in the reports when there is more than one; refused when that is more than the run may send.
 */
export function iteratedPlan(plan: PlanSource, iterations: number, maxRequests: number): Checked<PlanSource> {
  const total = plan.total * iterations;
  if (total > maxRequests) {
    return {
      ok: false,
      message:
        `the run would send ${count(total)} requests (${count(plan.total)} × ${count(iterations)} ` +
        `iterations); a run sends at most ${count(maxRequests)} (--max-requests); nothing was sent`,
    };
  }
  return { ok: true, value: repeatPlan(plan, iterations, true) };
}

/** What stopped the run early, said after the summary line: the first failure under --bail, or Ctrl+C. */
export function stopLine(summary: Pick<RunSummary, 'stopped' | 'failed'>, bail: boolean, interrupted: boolean): string {
  if (interrupted) return '\nstopped by Ctrl+C: the report holds the results that had come';
  if (bail && summary.stopped && summary.failed > 0) return '\nstopped at the first failed case (--bail)';
  return '';
}
