import type { ServerDuration } from '../../../electron/shared/api';

/**
 * What the round trip says about the time spent outside the server, given that the server's
 * own figure may be rounded ("0.4s" is anything from 0.35 to 0.45 s).
 * - `measured`: the round trip is longer than the server's time even at its most generous
 *   reading; `ms` is the overhead and `roundingMs` its uncertainty (0 when exact).
 * - `rounding`: the difference is smaller than the server's rounding, so it cannot be told
 *   apart from zero; `atMostMs` is the largest overhead the figures allow. Never shown as a
 *   negative number, which would read as a bug.
 * - `inconsistent`: the server reports more than the round trip even allowing for rounding:
 *   the two are not measured alike (a server that counts queueing, or a clock skew).
 */
export type Overhead =
  | { kind: 'measured'; ms: number; roundingMs: number }
  | { kind: 'rounding'; atMostMs: number; roundingMs: number }
  | { kind: 'inconsistent'; ms: number };

/** The overhead reading, or null when the server's duration could not be read. */
export function overheadOf(server: ServerDuration, roundTripMs: number): Overhead | null {
  if (server.ms === null) return null;
  const rounding = server.roundingMs ?? 0;
  const difference = roundTripMs - server.ms;
  if (rounding > 0 && Math.abs(difference) <= rounding) return { kind: 'rounding', atMostMs: difference + rounding, roundingMs: rounding };
  if (difference >= 0) return { kind: 'measured', ms: difference, roundingMs: rounding };
  return { kind: 'inconsistent', ms: difference };
}

/** "±50 ms" or "±0.5 s" for the rounding of a server's figure. */
export function formatRounding(ms: number): string {
  return ms >= 1000 ? `±${ms / 1000} s` : `±${ms} ms`;
}
