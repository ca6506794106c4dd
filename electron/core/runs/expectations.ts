import type { InvokeResult, JsonObject } from '../../shared/api';
import { matchPattern, type MatchOutcome } from './patternMatch';
import type { Expectations } from '../../shared/runs/suiteTypes';

/**
 * Judges one exchange against a case's expectations, each on its own, so a report says exactly
 * which held and which did not ("status 200 ✓, answerContains ✗ …").
 */

/** An expectation, or `judging` when a result could not be judged at all (the runner says why). */
type ExpectationKind = keyof Expectations | 'judging';

export interface ExpectationOutcome {
  kind: ExpectationKind;
  passed: boolean;
  /** What was expected, as a person reads it: `200`, `contains "Dana"`. */
  expected: string;
  /** What came: `404`, `no answer (http_status)`. */
  actual: string;
}

function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

function describeMatch(match: MatchOutcome, answer: string): string {
  switch (match.kind) {
    case 'matched':
      return 'matches';
    case 'unmatched':
      return `no match in ${quote(answer)}`;
    case 'invalid':
      return `not a valid pattern: it ${match.problem}`;
    case 'timed_out':
      return `timed out after ${match.ms} ms matching an answer of ${answer.length.toLocaleString('en-US')} characters`;
  }
}

/** A payload value as an agent fills it into its prompt: strings as they are, anything else as JSON. */
function asFilled(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The outcomes, in the order of Expectations. `status` is always judged (default 200) and
 * `contract` too when the expected status is 2xx (default true): a case with no `expect` at all
 * still checks that the call succeeded as the contract says.
 */
export function judge(expect: Expectations, payload: JsonObject, result: InvokeResult): ExpectationOutcome[] {
  const outcomes: ExpectationOutcome[] = [];
  const exchange = result.ok ? result.value.exchange : result.error.exchange;
  const answer = result.ok ? result.value.response.answer : null;
  const noAnswer = result.ok ? '' : `no answer (${result.error.code})`;
  const status = expect.status ?? 200;
  outcomes.push({
    kind: 'status',
    passed: exchange?.status === status,
    expected: String(status),
    actual: exchange?.status == null ? `no status (${result.ok ? 'none' : result.error.code})` : String(exchange.status),
  });

  const contract = expect.contract ?? (status >= 200 && status < 300);
  if (expect.contract !== undefined || contract) {
    const actual = result.ok
      ? 'passed'
      : result.error.code === 'contract'
        ? `failed: ${result.error.message}`
        : `not checked (${result.error.code})`;
    outcomes.push({ kind: 'contract', passed: contract ? result.ok : !result.ok, expected: contract ? 'passes' : 'does not pass', actual });
  }

  const onAnswer = (kind: ExpectationKind, expected: string, test: (text: string) => boolean, actual: (text: string) => string) => {
    if (answer === null) outcomes.push({ kind, passed: false, expected, actual: noAnswer });
    else outcomes.push({ kind, passed: test(answer), expected, actual: actual(answer) });
  };
  const list = (texts: string | string[] | undefined) => (texts === undefined ? undefined : Array.isArray(texts) ? texts : [texts]);
  const contains = list(expect.answerContains);
  if (contains) {
    onAnswer(
      'answerContains',
      `contains ${contains.map(quote).join(', ')}`,
      (text) => contains.every((part) => text.includes(part)),
      (text) => {
        const missing = contains.filter((part) => !text.includes(part));
        return missing.length === 0 ? 'all present' : `missing ${missing.map(quote).join(', ')} in ${quote(text)}`;
      },
    );
  }
  const notContains = list(expect.answerNotContains);
  if (notContains) {
    onAnswer(
      'answerNotContains',
      `does not contain ${notContains.map(quote).join(', ')}`,
      (text) => notContains.every((part) => !text.includes(part)),
      (text) => {
        const found = notContains.filter((part) => text.includes(part));
        return found.length === 0 ? 'none present' : `found ${found.map(quote).join(', ')}`;
      },
    );
  }
  if (expect.answerMatches !== undefined) {
    const pattern = expect.answerMatches;
    const expected = `matches /${pattern}/`;
    if (answer === null) outcomes.push({ kind: 'answerMatches', passed: false, expected, actual: noAnswer });
    else {
      // Matched once, in the shared engine, under a time limit (patternMatch.ts). The suite
      // check compiled it with every row; a plan made elsewhere may not have been checked.
      const match = matchPattern(pattern, answer);
      outcomes.push({ kind: 'answerMatches', passed: match.kind === 'matched', expected, actual: describeMatch(match, answer) });
    }
  }
  if (expect.payloadReflected) {
    const values = Object.entries(payload).filter(([, value]) => asFilled(value) !== '');
    onAnswer(
      'payloadReflected',
      'every payload value in the answer',
      (text) => values.every(([, value]) => text.includes(asFilled(value))),
      (text) => {
        const missing = values.filter(([, value]) => !text.includes(asFilled(value))).map(([key]) => key);
        return missing.length === 0 ? 'all reflected' : `not reflected: ${missing.join(', ')}`;
      },
    );
  }
  if (expect.token !== undefined) {
    const token = result.ok ? result.value.response.token : undefined;
    const present = token !== undefined && token !== '';
    const actual = result.ok ? (present ? 'present' : 'absent') : noAnswer;
    outcomes.push({ kind: 'token', passed: result.ok && present === (expect.token === 'present'), expected: expect.token, actual });
  }
  if (expect.maxServerMs !== undefined) {
    const ms = result.ok ? result.value.serverDuration.ms : null;
    const actual = !result.ok ? noAnswer : ms === null ? `duration "${result.value.serverDuration.raw}" not understood` : `${ms} ms`;
    outcomes.push({
      kind: 'maxServerMs',
      passed: ms !== null && ms <= expect.maxServerMs,
      expected: `at most ${expect.maxServerMs} ms`,
      actual,
    });
  }
  if (expect.maxRoundTripMs !== undefined) {
    const ms = exchange?.status != null ? exchange.roundTripMs : null;
    outcomes.push({
      kind: 'maxRoundTripMs',
      passed: ms !== null && ms <= expect.maxRoundTripMs,
      expected: `at most ${expect.maxRoundTripMs} ms`,
      actual: ms === null ? noAnswer || 'no response' : `${ms} ms`,
    });
  }
  return outcomes;
}
