import vm from 'node:vm';
import { compilePattern, type AnswerPattern } from '../../shared/answerPattern';

/**
 * Runs an `answerMatches` pattern against an answer with a time limit. The engine is linear
 * (shared/answerPattern.ts), but linear in answer × pattern: a megabyte of answer against a
 * pattern of a thousand steps can still take tens of seconds. Above a small amount of work the
 * match runs inside `vm` with a timeout: V8 stops the running code when the time is up (a
 * watchdog thread, not a timer on the event loop), so one answer costs the host at most
 * PATTERN_TIME_LIMIT_MS, and the outcome says "timed out".
 */

const PATTERN_TIME_LIMIT_MS = 1000;
/**
 * Below this much work (answer characters × (pattern steps + 40)) a match is run directly: at
 * worst some tens of milliseconds, and the watchdog's own cost (a thread per call, about 0.3 ms)
 * is spared for the usual short answer.
 */
const UNGUARDED_WORK = 250_000;

export type MatchOutcome = { kind: 'matched' | 'unmatched' } | { kind: 'invalid'; problem: string } | { kind: 'timed_out'; ms: number };

/** A few compiled patterns, by source: a run judges the same pattern for every row and agent. */
const recent = new Map<string, AnswerPattern | string>();
const RECENT_MAX = 32;

function compiled(source: string): AnswerPattern | string {
  const known = recent.get(source);
  if (known !== undefined) return known;
  const result = compilePattern(source);
  const value = result.ok ? result.value : result.problem;
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(source, value);
  return value;
}

const context = vm.createContext({ job: null as (() => boolean) | null });
const script = new vm.Script('job()');

export function matchPattern(source: string, text: string): MatchOutcome {
  const pattern = compiled(source);
  if (typeof pattern === 'string') return { kind: 'invalid', problem: pattern };
  if (text.length * (pattern.size + 40) <= UNGUARDED_WORK) return { kind: pattern.test(text) ? 'matched' : 'unmatched' };
  context['job'] = () => pattern.test(text);
  try {
    return { kind: script.runInContext(context, { timeout: PATTERN_TIME_LIMIT_MS }) === true ? 'matched' : 'unmatched' };
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    // Stopped part way: its caches may be half made, so the next use compiles it afresh.
    recent.delete(source);
    return { kind: 'timed_out', ms: PATTERN_TIME_LIMIT_MS };
  } finally {
    context['job'] = null;
  }
}
