import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate } from '../../../../electron/core/db/migrations';
import { createSqliteRunStore } from '../../../../electron/core/runs/runStore';
import { database, judgement, keep, result, type Result } from './runFixtures';

/**
 * The rules view, read by the database (SQLite in memory, the real migrations): the matrix's lines
 * against one guideline's rules, a cell per rule with each agent's verdict and the judge's why,
 * lines judged against another guideline or not at all said so, a page at a time.
 */

const errored = {
  ...judgement({}),
  passed: false,
  verdict: 'the judge could not answer (http_status): HTTP 500',
  rules: [],
  exchange: null,
};

/** Four cases: judged by two agents (b fails rule 4), judged on rules 1–2 only, not judged, judged against another guideline; and a judge that erred. */
const RESULTS: Result[] = [
  { index: 0, caseIndex: 0, caseName: 'refund', agentId: 'a', judgement: judgement({ 1: true, 2: true, 3: true, 4: true }) },
  { index: 1, caseIndex: 0, caseName: 'refund', agentId: 'b', judgement: judgement({ 1: true, 2: true, 3: true, 4: false }) },
  { index: 2, caseIndex: 1, caseName: 'login', agentId: 'a', judgement: judgement({ 1: false, 2: true }) },
  { index: 3, caseIndex: 2, caseName: 'plain', agentId: 'a' },
  { index: 4, caseIndex: 3, caseName: 'tone', agentId: 'a', judgement: judgement({ 1: true }, { guideline: 'g-tone', name: 'Tone' }) },
  { index: 5, caseIndex: 4, caseName: 'broken', agentId: 'a', judgement: errored },
];

describe('the rules view', () => {
  it('gives each line a cell per rule of the most judged guideline, with each verdict and why', async () => {
    const { store } = database();
    await keep(store, 'run', RESULTS);
    const view = await store.rules('run', undefined, 0, 100);
    expect(view.guidelines).toEqual([
      {
        id: 'g-support',
        name: 'Support reply checklist',
        rules: [1, 2, 3, 4].map((rule) => ({ rule, text: `Rule text ${rule}` })),
      },
      { id: 'g-tone', name: 'Tone', rules: [{ rule: 1, text: 'Rule text 1' }] },
    ]);
    expect(view.guidelineId).toBe('g-support');
    expect(view.total).toBe(5);
    expect(view.rows.map((line) => [line.caseName, line.judged.kind])).toEqual([
      ['refund', 'judged'],
      ['login', 'judged'],
      ['plain', 'none'],
      ['tone', 'other'],
      ['broken', 'judged'],
    ]);
    const [refund, login, , tone, broken] = view.rows.map((line) => line.judged);
    if (refund?.kind !== 'judged' || login?.kind !== 'judged' || broken?.kind !== 'judged' || tone?.kind !== 'other')
      throw new Error('kinds');
    expect(refund.cells.map(({ rule, passed, failed, noVerdict }) => [rule, passed, failed, noVerdict])).toEqual([
      [1, 2, 0, 0],
      [2, 2, 0, 0],
      [3, 2, 0, 0],
      [4, 1, 1, 0],
    ]);
    expect(refund.cells[3]!.verdicts).toEqual([
      { index: 0, agentId: 'a', pass: true, why: 'Rule 4 holds.' },
      { index: 1, agentId: 'b', pass: false, why: 'Rule 4 is broken.' },
    ]);
    expect(login.cells.map((cell) => [cell.failed, cell.noVerdict])).toEqual([
      [1, 0],
      [0, 0],
      [0, 1],
      [0, 1],
    ]);
    expect(login.cells[2]!.verdicts[0]!.why).toBe('This rule was not chosen for this case.');
    expect(tone.guidelines).toEqual(['Tone']);
    expect(broken.cells.every((cell) => cell.noVerdict === 1)).toBe(true);
    expect(broken.cells[0]!.verdicts[0]).toEqual({
      index: 5,
      agentId: 'a',
      pass: null,
      why: "No verdict on this rule (the judge's verdict: the judge could not answer (http_status): HTTP 500).",
    });
  });

  it('shows another guideline when asked, a page of lines at a time, and the guidelines alone for 0 lines', async () => {
    const { store } = database();
    await keep(store, 'run', RESULTS);
    const tone = await store.rules('run', 'g-tone', 3, 1);
    expect(tone.guidelineId).toBe('g-tone');
    expect(tone.total).toBe(5);
    expect(tone.rows.map((line) => [line.caseName, line.judged.kind])).toEqual([['tone', 'judged']]);
    expect((await store.rules('run', 'g-tone', 0, 1)).rows[0]!.judged).toEqual({ kind: 'other', guidelines: ['Support reply checklist'] });
    const none = await store.rules('run', undefined, 0, 0);
    expect(none.rows).toEqual([]);
    expect(none.guidelines).toHaveLength(2);
  });

  it('has no guideline for a run without judge verdicts, and forgets the verdicts of a deleted run', async () => {
    const { db, store } = database();
    await keep(store, 'plain', [{ index: 0 }]);
    expect(await store.rules('plain', undefined, 0, 10)).toEqual({ guidelines: [], guidelineId: null, total: 0, rows: [] });
    await keep(store, 'run', RESULTS);
    await store.delete('run');
    const left = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect([left('run_judge_rules'), left('run_judge_columns')]).toEqual([0, 0]);
  });

  it('fills in the verdicts of results kept before they were kept by rule', async () => {
    const db = new DatabaseSync(':memory:');
    onTestFinished(() => db.close());
    migrate(db, 13);
    db.prepare(
      `INSERT INTO runs (id, kind, suite_name, suite_file, profile_id, profile_name, base_url, started_at, finished_at, state,
        total, completed, passed, failed, cancelled, not_run, duration_ms, settings, agents)
        VALUES ('old', 'suite', 's', 's.json', 'p', 'P', 'http://x', 't', 't', 'failed', 2, 2, 1, 1, 0, 0, 1, ?, '["a","b"]')`,
    ).run(JSON.stringify({ concurrency: 8, ratePerSecond: null, on429: 'wait', iterations: 1 }));
    for (const kept of RESULTS.slice(0, 2).map(result)) {
      db.prepare(
        `INSERT INTO run_results (run_id, idx, case_index, case_name, data_row, iteration, agent_id, passed, failed, answer_start,
          attempts, judge, detail, recorded_at) VALUES ('old', ?, 0, 'refund', NULL, 1, ?, 1, '[]', '', 1, ?, ?, 't')`,
      ).run(kept.row.index, kept.row.agentId, JSON.stringify(kept.row.judge), JSON.stringify(kept.detail));
      db.prepare("INSERT OR IGNORE INTO run_lines VALUES ('old', 0, -1, 1, 0)").run();
    }
    migrate(db);
    const view = await createSqliteRunStore(db).rules('old', undefined, 0, 10);
    expect(view.guidelines[0]!.rules).toEqual([1, 2, 3, 4].map((rule) => ({ rule, text: '' })));
    const line = view.rows[0]!.judged;
    expect(line.kind === 'judged' && line.cells.map((cell) => cell.failed)).toEqual([0, 0, 0, 1]);
  });
});
