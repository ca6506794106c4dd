import type { ServerDuration } from '../../shared/api';

/**
 * Normalises the server's `duration` text to milliseconds.
 *
 * The contract only says "a text value with a unit" whose format varies ("850ms", "1.2s",
 * "2 seconds"). The forms understood, all here:
 * - a number followed by a known unit, or a sequence of them ("1m 30s", "1h2m");
 * - a clock, "[D ]HH:MM:SS[.ffffff]": what Django's DurationField sends through Django REST
 *   Framework ("0:00:00.120000" is 120 ms, "1 02:00:00" a day and two hours);
 * - ISO 8601's time part, "PT1.2S", "P1DT2H", "PT0.120000S" (Django's ISO form).
 * Anything else, including a bare number whose unit we would have to guess, comes back with
 * `ms: null` so the UI can show it as unparsed instead of inventing a value.
 */

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  nanosecond: 1e-6,
  nanoseconds: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  microsecond: 1e-3,
  microseconds: 1e-3,
  ms: 1,
  msec: 1,
  msecs: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hrs: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
};

// µ and μ (micro sign, Greek mu) written as escapes: a source file of ASCII only is read and parsed
// faster by Node at every start of the command line (see tests/unit/cli/main.test.ts).
const PART = /(\d+(?:\.\d+)?|\.\d+)\s*([a-z\u00b5\u03bc]+)\s*/gy;

/** A duration understood: its value, and the finest step its text can express (both in ms). */
interface ParsedDuration {
  ms: number;
  /** "0.4s" → 100 (one tenth of a second), "850ms" → 1, "1m 30s" → 1000. */
  stepMs: number;
}

/** Parses a duration text to milliseconds, or null when the format is not one we know. */
export function parseDurationMs(text: string): number | null {
  return parseDuration(text)?.ms ?? null;
}

/** "[D ]H:MM:SS[.f]" (hours may pass 24 without days; minutes and seconds are two digits under 60). */
const CLOCK = /^(?:(\d{1,6}) )?(\d{1,6}):([0-5]\d):([0-5]\d(?:\.\d{1,9})?)$/;
/** ISO 8601 durations of days and time (no years or months: their length in ms depends on the calendar). */
const ISO = /^p(?:(\d+(?:\.\d+)?)d)?(?:t(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s)?)?$/;

/** What the clock's and ISO's four groups count, in ms: days, hours, minutes, seconds. */
const FIELD_MS = [86_400_000, 3_600_000, 60_000, 1000];

/** The groups of a clock or ISO match summed; the step is the finest the text's decimals express. */
function fromFields(match: RegExpExecArray): ParsedDuration | null {
  let total = 0;
  let stepMs = Infinity;
  FIELD_MS.forEach((factor, field) => {
    const value = match[field + 1];
    if (value === undefined) return;
    total += Number(value) * factor;
    stepMs = Math.min(stepMs, factor / 10 ** (value.split('.')[1]?.length ?? 0));
  });
  // "P" and "PT" alone say nothing.
  return stepMs === Infinity || !Number.isFinite(total) ? null : { ms: Math.round(total * 1000) / 1000, stepMs };
}

function parseDuration(text: string): ParsedDuration | null {
  const input = text.trim().toLowerCase();
  if (input === '' || input.length > 64) return null;
  const fields = CLOCK.exec(input) ?? ISO.exec(input);
  if (fields) return fromFields(fields);
  PART.lastIndex = 0;
  let total = 0;
  let parts = 0;
  let stepMs = Infinity;
  while (PART.lastIndex < input.length) {
    const match = PART.exec(input);
    if (!match) return null;
    const factor = UNIT_MS[match[2] ?? ''];
    if (factor === undefined) return null;
    total += Number(match[1]) * factor;
    parts += 1;
    const decimals = match[1]!.split('.')[1]?.length ?? 0;
    stepMs = Math.min(stepMs, factor / 10 ** decimals);
  }
  if (parts === 0 || !Number.isFinite(total)) return null;
  return { ms: Math.round(total * 1000) / 1000, stepMs };
}

/**
 * The server's duration as sent and as understood. `roundingMs` is how far the true time may
 * be from the figure, judged from the text's precision: the server rounded to its last
 * digit, so "0.4s" means 0.35–0.45 s (±50 ms), "850ms" ±0.5 ms, "2 seconds" ±0.5 s. Without
 * it a coarse "0.4s" beside a 380 ms round trip would read as a negative overhead.
 */
export function normaliseDuration(raw: string): ServerDuration {
  const parsed = parseDuration(raw);
  if (!parsed) return { raw, ms: null };
  return { raw, ms: parsed.ms, roundingMs: Math.round((parsed.stepMs / 2) * 1e6) / 1e6 };
}
