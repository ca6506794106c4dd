import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate } from '../../../../electron/core/db/migrations';
import { niceWidth } from '../../../../electron/core/runs/histogram';
import { createSqliteRunStore, storedResults } from '../../../../electron/core/runs/runStore';
import type { RunResultRow } from '../../../../electron/shared/api';
import { database, keep, result, runRecord } from './runFixtures';

/**
 * The run view's aggregates as database queries (SQLite in memory, the real migrations): latency
 * percentiles and histograms, the matrix a page at a time, and two runs compared. The figures
 * are what the in-memory versions they replaced gave on the same results.
 */

const times = (values: Array<number | null>) => values.map((value, index) => ({ index, roundTripMs: value, serverMs: value }));

describe('latency', () => {
  it('has nothing for a run with no results, or none measured', async () => {
    const { store } = database();
    await keep(store, 'empty', []);
    await keep(store, 'cancelled', [
      { index: 0, answer: null },
      { index: 1, answer: null, passed: false },
    ]);
    for (const runId of ['empty', 'cancelled'])
      expect(await store.latency(runId)).toEqual({ roundTrip: null, server: null, roundTripBins: [], serverBins: [] });
  });

  it('takes percentiles by nearest rank, leaving out results with no time', async () => {
    const { store } = database();
    await keep(store, 'one', times([7]));
    await keep(store, 'hundred', times(Array.from({ length: 100 }, (_, index) => 100 - index)));
    await keep(store, 'four', times([4, 1, null, 3, 2]));
    await keep(store, 'thirteen', times(Array.from({ length: 13 }, (_, index) => index + 1)));
    await keep(store, 'ties', times([5, 5, 5, 1, 9, 9]));
    expect((await store.latency('one')).roundTrip).toEqual({ p50: 7, p95: 7, p99: 7, count: 1 });
    expect((await store.latency('hundred')).server).toEqual({ p50: 50, p95: 95, p99: 99, count: 100 });
    expect((await store.latency('four')).roundTrip).toEqual({ p50: 2, p95: 4, p99: 4, count: 4 });
    // Rank ⌈0.95 × 13⌉ = 13, not the 12 a rounded rank gives.
    expect((await store.latency('thirteen')).roundTrip).toMatchObject({ p50: 7, p95: 13 });
    expect((await store.latency('ties')).roundTrip).toEqual({ p50: 5, p95: 9, p99: 9, count: 6 });
    const { roundTrip, server } = await store.latency('ties');
    expect(await store.percentiles('ties')).toEqual({ roundTrip, server });
  });

  it('bins values into round-width bins that count every value once', async () => {
    const { store } = database();
    await keep(store, 'equal', times([7, 7, 7]));
    await keep(store, 'sixteen', times(Array.from({ length: 16 }, (_, index) => index + 1)));
    expect((await store.latency('equal')).roundTripBins).toEqual([{ start: 7, end: 8, count: 3 }]);
    // 16 values: about 4 bins; (16 - 1) / 4 = 3.75 rounds up to a width of 5.
    expect((await store.latency('sixteen')).serverBins).toEqual([
      { start: 0, end: 5, count: 4 },
      { start: 5, end: 10, count: 5 },
      { start: 10, end: 15, count: 5 },
      { start: 15, end: 20, count: 2 },
    ]);
  });

  it('keeps 10,000 values within the bin limit, with round edges', async () => {
    const { store } = database();
    await keep(store, 'many', times(Array.from({ length: 10_000 }, (_, i) => 0.1 + ((i * 7919) % 10_000) / 37)));
    const bins = (await store.latency('many')).roundTripBins;
    expect(bins.length).toBeLessThanOrEqual(40);
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(10_000);
    expect(bins[0]!.start).toBe(0);
    for (const bin of bins) expect(String(bin.end)).not.toMatch(/0000000|9999999/);
  });

  it('rounds widths to 1, 2 or 5 times a power of ten', () => {
    expect([0.3, 1, 1.2, 3, 7, 30, 450].map(niceWidth)).toEqual([0.5, 1, 2, 5, 10, 50, 500]);
  });
});

describe('the matrix', () => {
  const cellOf = (line: { cells: Array<{ index: number; passed: boolean } | null> }) =>
    line.cells.map((cell) => (cell === null ? null : [cell.index, cell.passed]));

  it('has lines of case × data row × iteration in the order of their first result, a cell per agent', async () => {
    const { store } = database();
    await keep(store, 'run', [
      { index: 0, caseIndex: 1, caseName: 'second', row: 2, agentId: 'b' },
      { index: 1, caseIndex: 0, row: 1, passed: false },
      { index: 2, caseIndex: 1, caseName: 'renamed', row: 2, agentId: 'a' },
      { index: 3, caseIndex: 0, row: null, agentId: 'other' },
      { index: 4, caseIndex: 0, row: 1, iteration: 2, agentId: 'b', answer: null, passed: false },
      // A second result of one agent in a line takes its cell.
      { index: 5, caseIndex: 1, row: 2, agentId: 'b', passed: false },
    ]);
    const matrix = await store.matrix('run', ['a', 'b'], 0, 1000);
    expect(matrix.total).toBe(4);
    expect(matrix.rows.map((line) => [line.caseName, line.row, line.iteration, cellOf(line)])).toEqual([
      [
        'second',
        2,
        1,
        [
          [2, true],
          [5, false],
        ],
      ],
      ['greeting', 1, 1, [[1, false], null]],
      ['greeting', null, 1, [null, null]],
      ['greeting', 1, 2, [null, [4, false]]],
    ]);
    expect(matrix.rows[1]!.cells[0]).toEqual({
      index: 1,
      passed: false,
      status: 200,
      answerStart: 'Hi.',
      failed: ['answerContains: expected contains "Hi", got "Bye."'],
    });
    expect(matrix.rows[3]!.cells[1]).toMatchObject({ status: null, answerStart: expect.stringContaining('cancelled') });
  });

  it('is read a page of lines at a time, with how many lines it has', async () => {
    const { store } = database();
    await keep(
      store,
      'run',
      Array.from({ length: 50 }, (_, index) => ({ index, row: Math.floor(index / 2) + 1, agentId: index % 2 ? 'b' : 'a' })),
    );
    const page = await store.matrix('run', ['a', 'b'], 10, 3);
    expect(page.total).toBe(25);
    expect(page.rows.map((line) => [line.row, cellOf(line)])).toEqual([
      [
        11,
        [
          [20, true],
          [21, true],
        ],
      ],
      [
        12,
        [
          [22, true],
          [23, true],
        ],
      ],
      [
        13,
        [
          [24, true],
          [25, true],
        ],
      ],
    ]);
    expect(await store.matrix('run', ['a', 'b'], 25, 3)).toEqual({ total: 25, rows: [] });
    await keep(store, 'empty', []);
    expect(await store.matrix('empty', ['a', 'b'], 0, 1000)).toEqual({ total: 0, rows: [] });
  });

  it('places a line by its first result when results arrive out of order, batch after batch', async () => {
    const { store } = database();
    await store.create(runRecord({ runId: 'run', total: 4 }));
    const counts = { completed: 0, passed: 0, failed: 0, cancelled: 0, notRun: 0 };
    // Concurrency: the second line's results and one of the first line's come before the first result.
    await store.addResults('run', [result({ index: 3, row: 2, agentId: 'b' }), result({ index: 1, row: 1, agentId: 'b' })], counts);
    await store.addResults('run', [result({ index: 2, row: 2, agentId: 'a', caseName: 'later' }), result({ index: 0, row: 1 })], counts);
    const matrix = await store.matrix('run', ['a', 'b'], 0, 10);
    expect(matrix.rows.map((line) => [line.caseName, line.row, cellOf(line)])).toEqual([
      [
        'greeting',
        1,
        [
          [0, true],
          [1, true],
        ],
      ],
      [
        'later',
        2,
        [
          [2, true],
          [3, true],
        ],
      ],
    ]);
  });

  it('has the lines of results kept before lines were (migration 11 reads them), and none left of a deleted run', async () => {
    const db = new DatabaseSync(':memory:');
    onTestFinished(() => db.close());
    migrate(db, 10);
    const insert = db.prepare(
      `INSERT INTO run_results (run_id, idx, case_index, case_name, data_row, iteration, agent_id, passed, failed, answer_start, attempts, detail, recorded_at)
        VALUES ('old', ?, 0, 'greeting', ?, 1, ?, 1, '[]', 'Hi.', 1, '{}', '2026-11-23T09:00:00.000Z')`,
    );
    for (const [idx, row, agent] of [
      [0, 1, 'a'],
      [1, 1, 'b'],
      [2, null, 'a'],
    ] as const)
      insert.run(idx, row, agent);
    migrate(db);
    const store = createSqliteRunStore(db);
    const matrix = await store.matrix('old', ['a', 'b'], 0, 10);
    expect(matrix.total).toBe(2);
    expect(matrix.rows.map((line) => [line.row, cellOf(line)])).toEqual([
      [
        1,
        [
          [0, true],
          [1, true],
        ],
      ],
      [null, [[2, true], null]],
    ]);
    await keep(store, 'kept', [{ index: 0 }, { index: 1, row: 2 }]);
    await store.delete('kept');
    expect(db.prepare('SELECT run_id, count(*) AS n FROM run_lines GROUP BY run_id').all()).toEqual([{ run_id: 'old', n: 2 }]);
  });
});

describe('compare', () => {
  const pairs = (list: { items: Array<{ before: RunResultRow; after: RunResultRow }> }) =>
    list.items.map((pair) => [pair.before.index, pair.after.index]);

  it('matches a second case of one name with the second, not the first', async () => {
    const { store } = database();
    await keep(store, 'before', [
      { index: 0, caseIndex: 0, answer: 'Hi.' },
      { index: 1, caseIndex: 1, answer: 'Hello.' },
    ]);
    await keep(store, 'after', [
      { index: 0, caseIndex: 0, answer: 'Hi.' },
      { index: 1, caseIndex: 1, answer: 'Bye.', passed: false },
    ]);
    const compared = await store.compare('before', 'after', 100);
    expect([compared.onlyBefore, compared.onlyAfter]).toEqual([0, 0]);
    expect(pairs(compared.newlyFailing)).toEqual([[1, 1]]);
    expect(compared.answerChanged.items.map((pair) => [pair.beforeAnswer, pair.afterAnswer])).toEqual([['Hello.', 'Bye.']]);
  });

  it('pairs by case name, data row, iteration and agent; the rest is in one run only', async () => {
    const { store } = database();
    await keep(store, 'before', [
      { index: 0, row: 1 },
      { index: 1, row: 2, passed: false },
      { index: 2, row: null, agentId: 'b' },
      { index: 3, row: 1, iteration: 2 },
      { index: 4, caseName: 'gone', row: 1 },
    ]);
    await keep(store, 'after', [
      // Plan order changed: pairs go by what a result is, not where it is.
      { index: 0, row: 2 },
      { index: 1, row: null, agentId: 'b', passed: false },
      { index: 2, row: 1, passed: false },
      { index: 3, row: 1, iteration: 2 },
      { index: 4, row: 3 },
      { index: 5, row: null, agentId: 'a' },
    ]);
    const compared = await store.compare('before', 'after', 100);
    expect(pairs(compared.newlyFailing)).toEqual([
      [2, 1],
      [0, 2],
    ]);
    expect(pairs(compared.newlyPassing)).toEqual([[1, 0]]);
    expect([compared.onlyBefore, compared.onlyAfter]).toEqual([1, 2]);
  });

  it('says an answer changed only when both answered, whole answers compared', async () => {
    const { store } = database();
    const long = 'x'.repeat(300);
    await keep(store, 'before', [
      { index: 0, row: 1, answer: `${long}a` },
      { index: 1, row: 2, answer: null, passed: false },
      { index: 2, row: 3, answer: 'same' },
      { index: 3, row: 4, answer: '' },
    ]);
    await keep(store, 'after', [
      // The answers start alike (the rows' 200 characters are equal); the whole answers are not.
      { index: 0, row: 1, answer: `${long}b` },
      { index: 1, row: 2, answer: 'Now it answers.' },
      { index: 2, row: 3, answer: null, passed: false },
      { index: 3, row: 4, answer: 'Something.' },
    ]);
    const compared = await store.compare('before', 'after', 100);
    expect(
      compared.answerChanged.items.map((pair) => [pair.before.index, pair.beforeAnswer.slice(-1), pair.afterAnswer.slice(-2)]),
    ).toEqual([
      [0, 'a', 'xb'],
      [3, '', 'g.'],
    ]);
    expect(compared.answerChanged.total).toBe(2);
    expect(pairs(compared.newlyPassing)).toEqual([[1, 1]]);
    expect(pairs(compared.newlyFailing)).toEqual([[2, 2]]);
  });

  it('gives the first page of each list with its total', async () => {
    const { store } = database();
    const many = (passed: boolean, answer: string) => Array.from({ length: 30 }, (_, index) => ({ index, row: index + 1, passed, answer }));
    await keep(store, 'before', many(true, 'old'));
    await keep(store, 'after', many(false, 'new'));
    const compared = await store.compare('before', 'after', 5);
    expect(pairs(compared.newlyFailing)).toEqual([0, 1, 2, 3, 4].map((index) => [index, index]));
    expect(compared.newlyFailing.total).toBe(30);
    expect(compared.answerChanged.items).toHaveLength(5);
    expect(compared.answerChanged.total).toBe(30);
    expect(compared.newlyPassing).toEqual({ items: [], total: 0 });
  });

  it('finds nothing between runs that both failed throughout, or have no results', async () => {
    const { store } = database();
    await keep(store, 'before', [{ index: 0, passed: false }]);
    await keep(store, 'after', [{ index: 0, passed: false }]);
    await keep(store, 'empty', []);
    const none = { items: [], total: 0 };
    expect(await store.compare('before', 'after', 100)).toEqual({
      newlyFailing: none,
      newlyPassing: none,
      answerChanged: none,
      rulesNewlyFailing: { ...none, rules: 0, cases: 0 },
      onlyBefore: 0,
      onlyAfter: 0,
    });
    expect(await store.compare('empty', 'after', 100)).toEqual({
      newlyFailing: none,
      newlyPassing: none,
      answerChanged: none,
      rulesNewlyFailing: { ...none, rules: 0, cases: 0 },
      onlyBefore: 0,
      onlyAfter: 1,
    });
  });

  it('hashes the answers of results kept before answers had hashes, once, when first compared', async () => {
    const { db, store } = database();
    await keep(store, 'before', [
      { index: 0, answer: 'Hi.' },
      { index: 1, row: 2, answer: null },
    ]);
    await keep(store, 'after', [
      { index: 0, answer: 'Hello.' },
      { index: 1, row: 2, answer: null },
    ]);
    const kept = db.prepare('SELECT run_id, idx, answer_hash FROM run_results ORDER BY run_id, idx').all();
    db.exec('UPDATE run_results SET answer_hash = NULL');
    expect((await store.compare('before', 'after', 100)).answerChanged.items.map((pair) => pair.afterAnswer)).toEqual(['Hello.']);
    expect(db.prepare('SELECT run_id, idx, answer_hash FROM run_results ORDER BY run_id, idx').all()).toEqual(kept);
  });
});

describe('reading every result for an export', () => {
  it('reads them in plan order a page at a time', async () => {
    const { store } = database();
    await keep(
      store,
      'run',
      [4, 0, 3, 1, 2].map((index) => ({ index })),
    );
    const pages: number[] = [];
    const read = { detailPage: (runId: string, after: number, size: number) => (pages.push(after), store.detailPage(runId, after, size)) };
    const indexes: number[] = [];
    for await (const stored of storedResults(read, 'run', 2)) indexes.push(stored.row.index);
    expect(indexes).toEqual([0, 1, 2, 3, 4]);
    expect(pages).toEqual([-1, 1, 3]);
    for await (const stored of storedResults(read, 'nothing', 2)) indexes.push(stored.row.index);
    expect(indexes).toHaveLength(5);
  });
});
