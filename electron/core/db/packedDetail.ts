import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A run result's detail (its request, the platform's result with the raw exchange, expectations
 * and judgement, as JSON) as it is kept: compressed on its own, so one result is read without any
 * other. A detail is 1.5 to 8 KB of JSON whose keys, header names and the app's own words are the
 * same in every result; alone, DEFLATE halves it (a small input has nothing earlier to point
 * back to). With a preset dictionary holding that common shape, a Sandbox result's detail keeps
 * about a fifth of its bytes (tests/bench/runsStorage.ts measures it).
 *
 * Raw DEFLATE (node:zlib deflateRaw, level 6) against that dictionary, chosen by measuring real
 * Sandbox details one at a time (tests/bench/runsStorage.ts, BENCH_ONLY=runsstorage): 1,880 B of
 * JSON became 375 B (level 1: 390 B, which cost about 40 B more a result on disk, 441 against 398,
 * for packing times the same within the machine's noise); zstd with the same dictionary 410–440 B
 * at about the same time; Brotli (no custom dictionary in node:zlib) 720–790 B, its small sizes at
 * milliseconds a result. DEFLATE unpacks about as fast as zstd here (10–30 µs, most of it the
 * call's own cost), which opening a result and every page of an export pay; and it takes a preset
 * dictionary in every Node the app runs on.
 *
 * The first byte says how the rest is packed. A format, once shipped, is never changed: results
 * out there were written in it (the dictionary included: change it and they cannot be read). A
 * better packing gets a new format byte beside the old.
 */

/** Format 1: raw DEFLATE against DETAIL_DICTIONARY (any level unpacks the same way). */
const FORMAT_1 = 1;

/**
 * Format 1's dictionary: what every detail shares, in the order the app writes it (the keys, an
 * HTTP exchange's common headers and values, the expectations' and judge's own words), and no
 * platform's answer text. The most common strings come last (DEFLATE's nearer matches cost fewer
 * bits). Exported for the bench that compares codecs with it.
 */
export const DETAIL_DICTIONARY = Buffer.from(
  JSON.stringify({
    judgement: {
      passed: false,
      verdict: '',
      failedRules: [],
      rules: [{ rule: 1, pass: true, why: '' }],
      guideline: { id: '', name: '', versionHash: '' },
      exchange: { request: { agentId: '', text: '', payload: { answer: '', text: '', guideline: '', rules: '', name: '' } } },
    },
    error: { code: 'http', message: '', retryable: false, exchange: null },
    expectations: [
      { kind: 'judge', passed: false, expected: 'judge "" rules 1–5 pass', actual: 'rule  failed' },
      { kind: 'answerMatches', passed: false, expected: 'matches', actual: 'no answer' },
      { kind: 'maxRoundTripMs', passed: true, expected: 'at most  ms', actual: ' ms' },
      { kind: 'status', passed: true, expected: '200', actual: '200' },
      { kind: 'contract', passed: true, expected: 'passes', actual: 'passed' },
      { kind: 'answerContains', passed: true, expected: 'contains ""', actual: 'all present' },
    ],
    request: { agentId: '00000000-0000-4000-8000-000000000000', text: '', payload: {} },
    result: {
      ok: true,
      value: {
        response: { answer: '', duration: '', token: 'tok_' },
        serverDuration: { raw: 'ms', ms: 0, roundingMs: 0.5 },
        exchange: {
          method: 'POST',
          url: 'https:///api/agent//invoke/',
          requestBody: '{"text":"","payload":{}}',
          status: 200,
          statusText: 'OK',
          responseHeaders: {
            server: '',
            vary: 'Accept, Origin',
            allow: 'POST, OPTIONS',
            'x-frame-options': 'DENY',
            'referrer-policy': 'same-origin',
            'strict-transport-security': 'max-age=31536000; includeSubDomains',
            'content-encoding': 'gzip',
            'transfer-encoding': 'chunked',
            'content-type': 'application/json; charset=utf-8',
            'content-length': '',
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
            date: 'Sat, 01 Jan 2026 00:00:00 GMT',
            connection: 'keep-alive',
            'keep-alive': 'timeout=5',
          },
          responseBody: '{"answer":"","duration":"","token":"tok_"}',
          responseBytes: 0,
          responseBodyTruncated: false,
          roundTripMs: 0,
          startedAt: '2026-01-01T00:00:00.000Z',
          timing: { dns: null, connect: null, tls: null, send: 0, wait: 0, download: 0, total: 0, reusedConnection: true },
          via: null,
          received: { encoding: null, bytes: 0, head: null, headTruncated: false, inBody: true },
        },
      },
    },
  }),
);

/** A detail's JSON text, packed to keep. */
export function packDetail(json: string): Uint8Array {
  const packed = deflateRawSync(json, { level: 6, dictionary: DETAIL_DICTIONARY });
  const body = new Uint8Array(packed.length + 1);
  body[0] = FORMAT_1;
  body.set(packed, 1);
  return body;
}

/** The JSON text of a kept detail. */
export function unpackDetail(body: Uint8Array): string {
  if (body[0] !== FORMAT_1) throw new Error(`a result's detail is kept in a format this version cannot read (${body[0] ?? 'empty'})`);
  return inflateRawSync(body.subarray(1), { dictionary: DETAIL_DICTIONARY }).toString('utf8');
}
