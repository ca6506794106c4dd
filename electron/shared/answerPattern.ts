import { RE2JS } from 're2js';

/**
 * The one engine for `answerMatches` patterns, wherever one is checked, compiled or run: RE2
 * syntax through re2js (a pure JavaScript port of RE2). Its matching time grows linearly with
 * the answer, never exponentially as a backtracking engine's does on `(a+)+$`, so a suite cannot
 * make one pattern hang the host. The price is RE2's syntax: no lookahead or lookbehind, no
 * backreferences; `(?i:…)`, `\d`, `\w`, `\b`, `\x{…}`, `\p{L}` and named groups work.
 *
 * The size of a compiled pattern is capped too: matching walks the answer once per step of the
 * pattern at worst, so the cap bounds that cost, and RE2's own limit of 1000 on a counted repeat
 * (`{n}`) keeps a short pattern from compiling to a huge one.
 */

/** At most this many steps (RE2 instructions) in a compiled pattern: about 1000 `.{n}` positions ten times over. */
export const MAX_PATTERN_SIZE = 10_000;

export interface AnswerPattern {
  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean;
  /** The compiled size in steps: what matching an answer costs per character at worst. */
  readonly size: number;
}

export type CompiledPattern = { ok: true; value: AnswerPattern } | { ok: false; problem: string };

/** What a person is told about the syntax when a pattern does not compile. */
const PATTERN_SYNTAX = 'RE2 syntax (lookahead, lookbehind and backreferences are not supported)';

export function compilePattern(source: string): CompiledPattern {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      problem: `is not a valid regular expression in ${PATTERN_SYNTAX}: ${message.replace(/^error parsing regexp: /, '')}`,
    };
  }
  const size = compiled.programSize();
  if (size > MAX_PATTERN_SIZE) {
    return {
      ok: false,
      problem:
        `is too large: it compiles to ${size.toLocaleString('en-US')} steps, ` +
        `and a pattern may have at most ${MAX_PATTERN_SIZE.toLocaleString('en-US')} (use answerContains for long literal texts, ` +
        'or smaller counted repeats)',
    };
  }
  return { ok: true, value: { test: (text) => compiled.test(text), size } };
}

/** The problem with a pattern (as compilePattern says it), or null when it compiles. */
export function patternProblem(source: string): string | null {
  const compiled = compilePattern(source);
  return compiled.ok ? null : compiled.problem;
}

/** The characters escapePatternText puts a backslash before. */
export const PATTERN_SPECIAL_CHARACTERS = '\\^$.*+?()[]{}|/-';
const PATTERN_SPECIAL = /[\\^$.*+?()[\]{}|/-]/g;

/**
 * `text` escaped so that it matches itself literally in a pattern: every ASCII punctuation
 * character RE2 may read as an operator gets a backslash (RE2 takes `\` before any punctuation
 * as that character). The redactor knows this form of a key (core/redact.ts).
 */
export function escapePatternText(text: string): string {
  return text.replace(PATTERN_SPECIAL, '\\$&');
}
