import { describe, expect, it } from 'vitest';
import { database, keep, plan, statementsOf, type Result } from './runFixtures';

/**
 * A far page of an ended run's lists (its results, its failures, its matrix's lines) starts from
 * the mark kept every 256 entries (runSummaries.ts, migration 15): it has the rows a walk from the
 * start would give, it reads where the kept mark says, and every statement it runs seeks along an
 * index by result index rather than stepping through the entries before the page.
 */

const end = { state: 'failed' as const, finishedAt: '2026-11-23T09:00:02.000Z', durationMs: 2000, unsent: [] };

/** 1,200 results: 600 data rows × agents a and b (600 lines), every third result failed (400 failures). */
const results: Result[] = Array.from({ length: 1200 }, (_, index) => ({
  index,
  row: Math.floor(index / 2),
  agentId: index % 2 === 0 ? 'a' : 'b',
  passed: index % 3 !== 0,
}));
const failures = results.filter((result) => result.passed === false).map((result) => result.index);

async function ended() {
  const { db, store } = database();
  await keep(store, 'ended', results, { state: 'running' });
  const counts = { completed: 1200, passed: 800, failed: 400, cancelled: 0, notRun: 0 };
  await store.finish('ended', { ...end, counts });
  // The same results still going: no summary and no marks, so its pages step from the start.
  await keep(store, 'going', results, { state: 'running' });
  return { db, store };
}

describe('the marks of an ended run', () => {
  it('give each far page of the results, the failures and the matrix the rows a walk from the start gives', async () => {
    const { db, store } = await ended();
    expect(db.prepare("SELECT list, count(*) AS n FROM run_marks WHERE run_id = 'ended' GROUP BY list ORDER BY list").all()).toEqual([
      { list: 'failures', n: 2 },
      { list: 'lines', n: 3 },
      { list: 'results', n: 5 },
    ]);
    const page = async (runId: string, offset: number, failuresOnly: boolean) =>
      (await store.results({ runId, offset, limit: 3, failuresOnly })).rows.map((row) => row.index);
    for (const offset of [0, 255, 256, 257, 398, 399, 400, 511, 512, 1023, 1024, 1197, 1199, 1200, 5000]) {
      expect(await page('ended', offset, false), `results from ${offset}`).toEqual(
        [offset, offset + 1, offset + 2].filter((i) => i < 1200),
      );
      expect(await page('ended', offset, true), `failures from ${offset}`).toEqual(failures.slice(offset, offset + 3));
      expect(await page('ended', offset, true)).toEqual(await page('going', offset, true));
      const lines = (await store.matrix('ended', ['a', 'b'], offset, 3)).rows;
      expect(
        lines.map((line) => [line.row, line.cells.map((cell) => cell?.index)]),
        `lines from ${offset}`,
      ).toEqual([offset, offset + 1, offset + 2].filter((row) => row < 600).map((row) => [row, [row * 2, row * 2 + 1]]));
      expect(await store.matrix('ended', ['a', 'b'], offset, 3)).toEqual(await store.matrix('going', ['a', 'b'], offset, 3));
    }
    expect((await store.results({ runId: 'ended', offset: 0, limit: 1, failuresOnly: true })).total).toBe(400);
    expect((await store.matrix('ended', ['a', 'b'], 0, 1)).total).toBe(600);
  });

  it('are what a page reads: it starts where the kept mark before it says, stepping no entry before that', async () => {
    const { db, store } = await ended();
    // Changed behind the store's back: a page past the second mark starts from what the mark says.
    db.prepare("UPDATE run_marks SET idx = 900 WHERE run_id = 'ended' AND list = 'failures' AND ordinal = 256").run();
    db.prepare("UPDATE run_marks SET idx = 1000 WHERE run_id = 'ended' AND list = 'lines' AND ordinal = 512").run();
    const failed = await store.results({ runId: 'ended', offset: 257, limit: 2, failuresOnly: true });
    expect(failed.rows.map((row) => row.index)).toEqual([903, 906]);
    expect((await store.matrix('ended', ['a', 'b'], 512, 1)).rows.map((line) => line.row)).toEqual([500]);
  });

  it('are dropped with each batch of results added, and with the run', async () => {
    const { db, store } = await ended();
    const marks = () => (db.prepare("SELECT count(*) AS n FROM run_marks WHERE run_id = 'ended'").get() as { n: number }).n;
    expect(marks()).toBe(10);
    await store.addResults('ended', [], { completed: 1200, passed: 800, failed: 400, cancelled: 0, notRun: 0 });
    expect(marks()).toBe(0);
    // Read again once it has ended: counted and marked on that read.
    expect((await store.results({ runId: 'ended', offset: 399, limit: 5, failuresOnly: true })).rows.map((row) => row.index)).toEqual([
      1197,
    ]);
    expect(marks()).toBe(10);
    await store.delete('ended');
    expect(marks()).toBe(0);
  });

  it('make every statement of a far page seek along an index by result index, none walk a table or step from the start', async () => {
    const { db, store } = await ended();
    const sqls = await statementsOf(async () => {
      await store.results({ runId: 'ended', offset: 1100, limit: 50 });
      await store.results({ runId: 'ended', offset: 390, limit: 50, failuresOnly: true });
      await store.matrix('ended', ['a', 'b'], 590, 50);
    });
    const reads = sqls.filter((sql) => /^\s*SELECT/i.test(sql));
    expect(reads.length).toBeGreaterThan(3);
    for (const sql of reads) {
      const steps = plan(db, sql);
      // (A subquery's own rows are scanned as they come: "SCAN l" is a page's lines, not a table.)
      expect(steps, sql).not.toMatch(/SCAN (run_results|run_lines|run_marks|r)\b/);
      // An offset is stepped only from a key sought (a mark's result index), along the list's own index.
      if (/OFFSET/i.test(sql))
        expect(steps, sql).toMatch(/SEARCH \w+ USING (COVERING )?INDEX \w+ \(run_id=\? (AND passed=\? )?AND (first_)?idx>\?\)/);
    }
  });
});
