import { describe, expect, it } from 'vitest';
import { storedResults, type StoredRunResult } from '../../../../electron/core/runs/runStore';
import { exchange } from '../../../support/scriptedPlatform';
import { database, judgement, keep, plan, result, statementsOf, type Result } from './runFixtures';

/**
 * Each result's detail kept apart from its row, packed (migration 16): what is written is what is
 * read back, to the byte of its JSON; a result written again in its place and a deleted run leave
 * no detail behind; reading a detail seeks it by its id.
 */

const count = (db: ReturnType<typeof database>['db'], table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

/** A result whose detail holds unicode, control characters and a large raw body. */
function unusual(index: number): StoredRunResult {
  const kept = result({ index, answer: `Grüße, 世界 👋🏽 “${index}” \u2028 — tab\there` });
  const body = JSON.stringify({ answer: 'é'.repeat(300_000), note: '\u0000\u001f' });
  const value = kept.detail.result.ok ? kept.detail.result.value : null;
  return {
    ...kept,
    detail: {
      ...kept.detail,
      request: { agentId: 'a', text: 'ça va? 🙂', payload: { nested: { list: [1, 2.5, null, true, 'ü'] }, empty: {} } },
      result: {
        ok: true,
        value: {
          ...value!,
          exchange: exchange({ responseBody: body, responseBytes: Buffer.byteLength(body), responseBodyTruncated: false }),
        },
      },
      expectations: [{ kind: 'answerContains', passed: true, expected: 'contains "世界"', actual: 'all present' }],
    },
  };
}

const RESULTS: Result[] = [
  { index: 0 },
  { index: 1, answer: null, passed: false },
  { index: 2, agentId: 'b', judgement: judgement({ 1: true, 2: false }) },
];

describe("a run result's detail", () => {
  it('is read back as it was written, by a result and by an export page, to the byte of its JSON', async () => {
    const { store } = database();
    const written = [...RESULTS.map(result), unusual(3)];
    await keep(store, 'run', []);
    await store.addResults('run', written, { completed: 4, passed: 3, failed: 1, cancelled: 0, notRun: 0 });
    for (const one of written) {
      const read = await store.result('run', one.row.index);
      expect(read).toEqual(one);
      expect(JSON.stringify(read?.detail)).toBe(JSON.stringify(one.detail));
    }
    const all: StoredRunResult[] = [];
    for await (const one of storedResults(store, 'run', 3)) all.push(one);
    expect(all).toEqual(written);
    expect(JSON.stringify(all.map((one) => one.detail))).toBe(JSON.stringify(written.map((one) => one.detail)));
  });

  it('is kept once: a result written again in its place leaves only its new detail', async () => {
    const { db, store } = database();
    await keep(store, 'run', [{ index: 0, answer: 'First.' }]);
    await store.addResults('run', [result({ index: 0, answer: 'Second.' })], {
      completed: 1,
      passed: 1,
      failed: 0,
      cancelled: 0,
      notRun: 0,
    });
    expect(count(db, 'run_details')).toBe(1);
    const read = await store.result('run', 0);
    expect(read?.detail.result.ok && read.detail.result.value.response.answer).toBe('Second.');
  });

  it("goes with its run, over more than one delete batch, and no other run's goes", async () => {
    const { db, store } = database();
    await keep(
      store,
      'big',
      Array.from({ length: 2500 }, (_, index) => ({ index })),
    );
    await keep(store, 'other', [{ index: 0 }, { index: 1 }]);
    expect(count(db, 'run_details')).toBe(2502);
    await store.delete('big');
    expect(count(db, 'run_details')).toBe(2);
    expect((await store.result('other', 1))?.row.index).toBe(1);
  });

  it('is sought by its id: reading results with their details walks no table', async () => {
    const { db, store } = database();
    await keep(store, 'before', RESULTS);
    await keep(store, 'after', [{ index: 0, answer: 'Changed.' }, ...RESULTS.slice(1)]);
    db.exec('UPDATE run_results SET answer_hash = NULL'); // compare hashes them from their details
    const sqls = await statementsOf(async () => {
      await store.result('after', 2);
      for await (const one of storedResults(store, 'after', 2)) expect(one.detail).toBeDefined();
      expect((await store.compare('before', 'after', 10)).answerChanged.items.map((pair) => pair.afterAnswer)).toEqual(['Changed.']);
    });
    const reads = sqls.filter((sql) => /run_details/.test(sql) && /^\s*SELECT/i.test(sql));
    expect(reads.length).toBe(4);
    for (const sql of reads) {
      const steps = plan(db, sql);
      expect(steps, sql).toMatch(/SEARCH run_details USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(steps, sql).not.toMatch(/SCAN/);
    }
  });
});
