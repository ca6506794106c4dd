import { describe, expect, it } from 'vitest';
import type { ExchangeRecord, InvokeResult } from '../../../../electron/shared/api';
import { judge } from '../../../../electron/core/runs/expectations';

function exchange(status: number | null, roundTripMs = 12): ExchangeRecord {
  return {
    method: 'POST',
    url: 'http://x/api/agent/a/invoke/',
    requestBody: '{}',
    status,
    statusText: '',
    responseHeaders: {},
    responseBody: '',
    responseBytes: 0,
    responseBodyTruncated: false,
    roundTripMs,
    startedAt: '2026-11-23T08:00:00.000Z',
    timing: null,
  };
}
function answered(
  answer: string,
  options: { token?: string; duration?: string; ms?: number | null; roundTripMs?: number } = {},
): InvokeResult {
  const response = { answer, duration: options.duration ?? '850ms', ...(options.token === undefined ? {} : { token: options.token }) };
  return {
    ok: true,
    value: {
      response,
      serverDuration: { raw: response.duration, ms: options.ms === undefined ? 850 : options.ms },
      exchange: exchange(200, options.roundTripMs),
    },
  };
}
const failed = (code: 'http_status' | 'contract' | 'network', status: number | null): InvokeResult => ({
  ok: false,
  error: { code, message: `failed ${code}`, exchange: exchange(status) },
});
const outcome = (kind: string, outcomes: ReturnType<typeof judge>) => outcomes.find((item) => item.kind === kind);

describe('each expectation is judged on its own', () => {
  it('status defaults to 200 and contract to true', () => {
    const ok = judge({}, {}, answered('Hi'));
    expect(ok.map((item) => [item.kind, item.passed])).toEqual([
      ['status', true],
      ['contract', true],
    ]);
    const notFound = judge({}, {}, failed('http_status', 404));
    expect(outcome('status', notFound)).toMatchObject({ passed: false, expected: '200', actual: '404' });
    expect(outcome('contract', notFound)).toMatchObject({ passed: false, actual: 'not checked (http_status)' });
  });

  it('an expected error status does not ask for the contract check unless told', () => {
    expect(judge({ status: 404 }, {}, failed('http_status', 404)).map((item) => [item.kind, item.passed])).toEqual([['status', true]]);
    expect(outcome('contract', judge({ status: 200, contract: true }, {}, failed('contract', 200)))).toMatchObject({
      passed: false,
      actual: 'failed: failed contract',
    });
    expect(outcome('contract', judge({ contract: false }, {}, failed('contract', 200)))?.passed).toBe(true);
  });

  it('answerContains and answerNotContains, a text or a list', () => {
    expect(outcome('answerContains', judge({ answerContains: ['Dana', 'refund'] }, {}, answered('Hi Dana, your refund')))?.passed).toBe(
      true,
    );
    expect(outcome('answerContains', judge({ answerContains: ['Dana', 'Lee'] }, {}, answered('Hi Dana')))).toMatchObject({
      passed: false,
      actual: 'missing "Lee" in "Hi Dana"',
    });
    expect(outcome('answerContains', judge({ answerContains: 'x' }, {}, failed('network', null)))).toMatchObject({
      passed: false,
      actual: 'no answer (network)',
    });
    expect(outcome('answerNotContains', judge({ answerNotContains: 'error' }, {}, answered('fine')))?.passed).toBe(true);
    expect(outcome('answerNotContains', judge({ answerNotContains: ['x', 'error'] }, {}, answered('an error')))).toMatchObject({
      passed: false,
      actual: 'found "error"',
    });
  });

  it('answerMatches', () => {
    expect(outcome('answerMatches', judge({ answerMatches: '^Order NW-\\d+' }, {}, answered('Order NW-48213 is out')))?.passed).toBe(true);
    expect(outcome('answerMatches', judge({ answerMatches: '^Order NW-\\d+' }, {}, answered('order NW-4')))?.passed).toBe(false);
  });

  it('payloadReflected: every top-level payload value, strings as they are and others as JSON', () => {
    const payload = { customer_name: 'Dana', order_id: 42, empty: '' };
    expect(outcome('payloadReflected', judge({ payloadReflected: true }, payload, answered('Dana: order 42')))?.passed).toBe(true);
    expect(outcome('payloadReflected', judge({ payloadReflected: true }, payload, answered('Dana: order 4')))).toMatchObject({
      passed: false,
      actual: 'not reflected: order_id',
    });
  });

  it('token present or absent', () => {
    expect(outcome('token', judge({ token: 'present' }, {}, answered('a', { token: 't1' })))?.passed).toBe(true);
    expect(outcome('token', judge({ token: 'present' }, {}, answered('a')))).toMatchObject({ passed: false, actual: 'absent' });
    expect(outcome('token', judge({ token: 'absent' }, {}, answered('a')))?.passed).toBe(true);
    expect(outcome('token', judge({ token: 'absent' }, {}, answered('a', { token: 't' })))?.passed).toBe(false);
    expect(outcome('token', judge({ token: 'absent' }, {}, failed('http_status', 500)))?.passed).toBe(false);
  });

  it('maxServerMs reads the parsed duration; an unparsed one fails', () => {
    expect(outcome('maxServerMs', judge({ maxServerMs: 900 }, {}, answered('a', { ms: 850 })))?.passed).toBe(true);
    expect(outcome('maxServerMs', judge({ maxServerMs: 800 }, {}, answered('a', { ms: 850 })))).toMatchObject({
      passed: false,
      actual: '850 ms',
    });
    expect(outcome('maxServerMs', judge({ maxServerMs: 800 }, {}, answered('a', { duration: 'soon', ms: null })))).toMatchObject({
      passed: false,
      actual: 'duration "soon" not understood',
    });
  });

  it('maxRoundTripMs reads the measured round trip', () => {
    expect(outcome('maxRoundTripMs', judge({ maxRoundTripMs: 20 }, {}, answered('a', { roundTripMs: 12 })))?.passed).toBe(true);
    expect(outcome('maxRoundTripMs', judge({ maxRoundTripMs: 10 }, {}, answered('a', { roundTripMs: 12 })))).toMatchObject({
      passed: false,
      actual: '12 ms',
    });
    expect(outcome('maxRoundTripMs', judge({ maxRoundTripMs: 10 }, {}, failed('network', null)))?.passed).toBe(false);
  });
});

describe('answerMatches runs where a pattern cannot stall the host', () => {
  it('judges a pattern that backtracks exponentially in a backtracking engine at once', { timeout: 5_000 }, () => {
    // In a backtracking engine `(a+)+$` took 25 s against 27 characters, doubling with each more.
    const answer = `${'a'.repeat(27)}!`;
    expect(outcome('answerMatches', judge({ answerMatches: '(a+)+$' }, {}, answered(answer)))).toMatchObject({
      passed: false,
      actual: expect.stringContaining('no match in "aaaa'),
    });
    expect(outcome('answerMatches', judge({ answerMatches: '(a+)+!$' }, {}, answered(answer)))?.passed).toBe(true);
  });

  it('reports "timed out" as the outcome when one answer takes too long to match', () => {
    // A linear engine still walks a long answer with a large pattern: a megabyte of this takes
    // tens of seconds unguarded.
    // (Irregular text, so no small set of states covers it: a fixed pseudo-random sequence.)
    let answer = '';
    for (let i = 0, seed = 7; i < 1_000_000; i += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      answer += seed & 0x10000 ? 'a' : 'b';
    }
    const judged = outcome('answerMatches', judge({ answerMatches: 'a.{999}$' }, {}, answered(answer)));
    expect(judged).toMatchObject({
      passed: false,
      actual: expect.stringMatching(/^timed out after \d+ ms matching an answer of 1,000,000 characters/),
    });
  }, 20_000);

  it('fails a pattern the engine cannot compile, saying why, instead of throwing', () => {
    expect(outcome('answerMatches', judge({ answerMatches: 'a{1,0}' }, {}, answered('a')))).toMatchObject({
      passed: false,
      actual: expect.stringContaining('not a valid pattern'),
    });
  });

  it('accepts RE2 syntax: (?i:…) parts and \\x{…} code points', () => {
    expect(outcome('answerMatches', judge({ answerMatches: '^(?i:order) \\x{4E}W' }, {}, answered('ORDER NW-1')))?.passed).toBe(true);
  });
});
