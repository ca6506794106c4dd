import { describe, expect, it } from 'vitest';
import { ARGUMENT_VALIDATORS, dispatch } from '../../../../electron/core/validate';
import type { Api } from '../../../../electron/shared/api';
import { MAX_DATA_PIECE_CHARS } from '../../../../electron/shared/runs/runLimits';

/**
 * The run methods' arguments are narrowed in the host: every limit of a run's settings is
 * enforced here, and an unknown field refused, before the service sees anything.
 */

const START = { profileId: 'sandbox', suite: { cases: [{ agent: 'a' }] }, suiteFile: 'orders.json', data: null };

const refused = (method: keyof typeof ARGUMENT_VALIDATORS, raw: unknown) => {
  const result = ARGUMENT_VALIDATORS[method](raw);
  return !result.ok && result.error.code === 'invalid_argument';
};

describe('startRun’s argument', () => {
  it('passes a full request through, keeping only what was given', () => {
    const full = {
      ...START,
      data: { name: 'rows.csv', uploadId: '7d0c1f5e-2a4b-4c3d-9e8f-0a1b2c3d4e5f' },
      concurrency: 64,
      ratePerSecond: 0.1,
      on429: 'fail',
      iterations: 10_000,
      kind: 'repeat',
    };
    expect(ARGUMENT_VALIDATORS.startRun(full)).toEqual({ ok: true, value: full });
    expect(ARGUMENT_VALIDATORS.startRun({ ...START, ratePerSecond: null })).toEqual({ ok: true, value: { ...START, ratePerSecond: null } });
    expect(ARGUMENT_VALIDATORS.startRun(START)).toEqual({ ok: true, value: START });
    // A data file the page sent may be CSV, JSON Lines or a JSON array of objects.
    for (const name of ['rows.csv', 'rows.jsonl', 'export.json']) {
      const request = { ...START, data: { name, uploadId: 'u1' } };
      expect(ARGUMENT_VALIDATORS.startRun(request)).toEqual({ ok: true, value: request });
    }
  });

  it('refuses settings outside their limits', () => {
    for (const bad of [
      { concurrency: 0 },
      { concurrency: 65 },
      { concurrency: 2.5 },
      { ratePerSecond: 0 },
      { ratePerSecond: 0.05 },
      { ratePerSecond: 1001 },
      { ratePerSecond: Number.NaN },
      { iterations: 0 },
      { iterations: 10_001 },
      { iterations: '3' },
      { on429: 'retry' },
      { kind: 'batch' },
    ]) {
      expect(refused('startRun', { ...START, ...bad }), JSON.stringify(bad)).toBe(true);
    }
  });

  it('refuses a missing or unknown field, a suite that is not JSON data, and file names with folders', () => {
    const { data: _data, ...noData } = START;
    for (const bad of [
      noData,
      { ...START, extra: 1 },
      { ...START, profileId: '' },
      { ...START, suite: { cases: [() => 1] } },
      { ...START, suite: { n: Number.POSITIVE_INFINITY } },
      { ...START, suiteFile: '../secrets.json' },
      { ...START, suiteFile: 'a\u202Eb.json' },
      { ...START, data: { name: 'rows.txt', uploadId: 'u1' } },
      { ...START, data: { name: 'rows.csv' } },
      { ...START, data: { name: 'rows.csv', uploadId: '' } },
      // The page's text is never taken whole: a data file is sent in pieces first.
      { ...START, data: { name: 'rows.csv', text: 'a\n1\n' } },
      { ...START, data: { name: 'rows.csv', uploadId: 'u1', path: '/etc/passwd' } },
      { ...START, data: { name: '../rows.csv', uploadId: 'u1' } },
      { ...START, data: 'rows.csv' },
      [START],
      null,
    ]) {
      expect(refused('startRun', bad), JSON.stringify(bad)).toBe(true);
    }
  });
});

describe('the data file’s pieces', () => {
  it('begin with a data file’s plain name and carry text up to a piece’s limit', () => {
    expect(ARGUMENT_VALIDATORS.beginRunData({ name: 'rows.jsonl' })).toEqual({ ok: true, value: { name: 'rows.jsonl' } });
    for (const bad of [{ name: 'rows.txt' }, { name: 'a/rows.csv' }, { name: '' }, { name: 'rows.csv', path: '/tmp' }, {}, null]) {
      expect(refused('beginRunData', bad), JSON.stringify(bad)).toBe(true);
    }
    const piece = { uploadId: 'u1', text: 'x'.repeat(MAX_DATA_PIECE_CHARS) };
    expect(ARGUMENT_VALIDATORS.appendRunData(piece)).toEqual({ ok: true, value: piece });
    for (const bad of [
      { uploadId: 'u1', text: 'x'.repeat(MAX_DATA_PIECE_CHARS + 1) },
      { uploadId: 'u1', text: 1 },
      { uploadId: '', text: 'a' },
      { uploadId: 'u1' },
      { uploadId: 'u1', text: 'a', offset: 0 },
    ]) {
      expect(refused('appendRunData', bad), JSON.stringify(bad).slice(0, 80)).toBe(true);
    }
  });
});

describe('the other run methods’ arguments', () => {
  it('take a run id, pages within limits, known formats, and nothing else', () => {
    expect(ARGUMENT_VALIDATORS.getRun({ runId: 'r1' })).toEqual({ ok: true, value: { runId: 'r1' } });
    expect(ARGUMENT_VALIDATORS.listRunResults({ runId: 'r1', offset: 0, limit: 1000, failuresOnly: true })).toEqual({
      ok: true,
      value: { runId: 'r1', offset: 0, limit: 1000, failuresOnly: true },
    });
    expect(ARGUMENT_VALIDATORS.getRunResult({ runId: 'r1', index: 3 })).toEqual({ ok: true, value: { runId: 'r1', index: 3 } });
    expect(ARGUMENT_VALIDATORS.compareRuns({ before: 'a', after: 'b' })).toEqual({ ok: true, value: { before: 'a', after: 'b' } });
    expect(ARGUMENT_VALIDATORS.exportRun({ runId: 'r1', format: 'junit' })).toEqual({ ok: true, value: { runId: 'r1', format: 'junit' } });
    expect(ARGUMENT_VALIDATORS.getRunRules({ runId: 'r1', guidelineId: 'g1', offset: 200, limit: 0 })).toEqual({
      ok: true,
      value: { runId: 'r1', guidelineId: 'g1', offset: 200, limit: 0 },
    });
    expect(ARGUMENT_VALIDATORS.listRuns({})).toEqual({ ok: true, value: {} });
    expect(ARGUMENT_VALIDATORS.listRuns({ kind: 'repeat', suiteName: 'orders', limit: 5 })).toEqual({
      ok: true,
      value: { kind: 'repeat', suiteName: 'orders', limit: 5 },
    });
    const bad: Array<[keyof typeof ARGUMENT_VALIDATORS, unknown]> = [
      ['getRun', {}],
      ['getRun', { runId: '' }],
      ['getRun', { runId: 'x'.repeat(101) }],
      ['cancelRun', { runId: 'r1', force: true }],
      ['deleteRun', { runId: 7 }],
      ['getRunLatency', null],
      ['getRunMatrix', 'r1'],
      ['getRunRules', { runId: 'r1', guidelineId: '' }],
      ['getRunRules', { runId: 'r1', limit: 1001 }],
      ['getRunRules', { runId: 'r1', by: 'agent' }],
      ['listRunResults', { runId: 'r1', offset: -1, limit: 10 }],
      ['listRunResults', { runId: 'r1', offset: 0, limit: 1001 }],
      ['listRunResults', { runId: 'r1', offset: 0, limit: 0 }],
      ['listRunResults', { runId: 'r1', offset: 0, limit: 10, failuresOnly: 'yes' }],
      ['getRunResult', { runId: 'r1', index: 1.5 }],
      ['compareRuns', { before: 'a' }],
      ['exportRun', { runId: 'r1', format: 'pdf' }],
      ['listRuns', { limit: 0 }],
      ['listRuns', { kind: 'all' }],
      ['listRuns', { sort: 'name' }],
    ];
    for (const [method, raw] of bad) expect(refused(method, raw), `${method} ${JSON.stringify(raw)}`).toBe(true);
  });

  it('stops a bad argument before the service is called', async () => {
    let called = false;
    const api = { getRun: async () => ((called = true), { ok: true, value: null }) } as unknown as Api;
    expect(await dispatch(api, 'getRun', { runId: '' })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(called).toBe(false);
  });
});
