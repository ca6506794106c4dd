import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { LATEST_VERSION, migrate, userVersion } from '../../../../electron/core/db/migrations';
import { openAppDatabase } from '../../../../electron/core/db/open';
import { storedResults, type StoredRunResult } from '../../../../electron/core/runs/runStore';
import { createRunMethods } from '../../../../electron/core/runs/runService';
import { createDataUploads } from '../../../../electron/core/runs/dataUploads';
import type { RunRecord } from '../../../../electron/shared/api';
import { okInvoke } from '../../../support/fakeApi';
import { testClient } from '../../../support/platformClient';
import { memoryDatabase } from '../../../support/memoryDatabase';
import { createExportTickets } from '../../../../electron/core/reports/runs/exportTickets';

/** The run store, on the app's database in memory (the real migrations) and in its file (migration 8). */

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-runs-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function runRecord(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    runId: 'run-1',
    kind: 'suite',
    suiteName: 'orders',
    suiteFile: 'orders.json',
    profile: { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010' },
    startedAt: '2026-11-23T09:00:00.000Z',
    finishedAt: null,
    state: 'running',
    total: 4,
    completed: 0,
    passed: 0,
    failed: 0,
    cancelled: 0,
    notRun: 4,
    durationMs: null,
    settings: { concurrency: 8, ratePerSecond: null, on429: 'wait', iterations: 1 },
    agents: ['agent-a'],
    ...overrides,
  };
}

function stored(index: number, passed: boolean): StoredRunResult {
  const answer = `Answer ${index}`;
  return {
    row: {
      index,
      caseIndex: 0,
      caseName: 'reflects customer',
      row: index + 1,
      iteration: 1,
      agentId: 'agent-a',
      passed,
      failed: passed ? [] : ['answerContains: expected contains "x", got missing "x"'],
      status: 200,
      errorCode: null,
      serverMs: 10 + index,
      roundTripMs: 20 + index,
      answerStart: answer,
      attempts: 1,
    },
    detail: {
      request: { agentId: 'agent-a', text: `text ${index}`, payload: { n: index } },
      result: okInvoke(answer),
      expectations: [{ kind: 'status', passed: true, expected: '200', actual: '200' }],
    },
    recordedAt: '2026-11-23T09:00:01.000Z',
  };
}

describe('the run store', () => {
  it('keeps a run, its results in batches with the counts after each, and its end', async () => {
    const store = memoryDatabase().runs;
    await store.create(runRecord());
    expect(await store.get('run-1')).toEqual(runRecord());
    await store.addResults('run-1', [stored(1, false), stored(0, true)], { completed: 2, passed: 1, failed: 1, cancelled: 0, notRun: 2 });
    expect(await store.get('run-1')).toMatchObject({ state: 'running', completed: 2, passed: 1, failed: 1, notRun: 2 });
    const unsent = [{ caseIndex: 0, caseName: 'reflects customer', row: 3, iteration: 1, agentId: 'agent-a' }];
    await store.finish('run-1', {
      state: 'cancelled',
      finishedAt: '2026-11-23T09:00:02.000Z',
      durationMs: 1234.5,
      counts: { completed: 3, passed: 1, failed: 2, cancelled: 1, notRun: 1 },
      unsent,
    });
    expect(await store.get('run-1')).toMatchObject({
      state: 'cancelled',
      finishedAt: '2026-11-23T09:00:02.000Z',
      durationMs: 1234.5,
      completed: 3,
      cancelled: 1,
      notRun: 1,
    });
    expect(await store.unsent('run-1')).toEqual(unsent);
    // Plan order, whatever the order of arrival.
    expect((await store.results({ runId: 'run-1', offset: 0, limit: 10 })).rows.map((row) => row.index)).toEqual([0, 1]);
    expect(await store.result('run-1', 1)).toEqual(stored(1, false));
    expect(await store.result('run-1', 7)).toBeNull();
    const pages: string[][] = [];
    for await (const result of storedResults(store, 'run-1')) pages.push([result.detail.request.text]);
    expect(pages).toEqual([['text 0'], ['text 1']]);
  });

  it('pages results in plan order, all or the failures, with how many match', async () => {
    const store = memoryDatabase().runs;
    await store.create(runRecord({ total: 10 }));
    await store.addResults(
      'run-1',
      Array.from({ length: 10 }, (_, index) => stored(index, index % 3 !== 0)),
      { completed: 10, passed: 6, failed: 4, cancelled: 0, notRun: 0 },
    );
    const page = await store.results({ runId: 'run-1', offset: 2, limit: 3 });
    expect(page.total).toBe(10);
    expect(page.rows.map((row) => row.index)).toEqual([2, 3, 4]);
    const failures = await store.results({ runId: 'run-1', offset: 1, limit: 10, failuresOnly: true });
    expect(failures.total).toBe(4);
    expect(failures.rows.map((row) => row.index)).toEqual([3, 6, 9]);
    expect(failures.rows[0]).toEqual(stored(3, false).row);
  });

  it('lists newest first, by kind and suite, and deletes a run with its results', async () => {
    const store = memoryDatabase().runs;
    await store.create(runRecord({ runId: 'a' }));
    await store.create(runRecord({ runId: 'b', kind: 'repeat', suiteName: 'Repeat' }));
    await store.create(runRecord({ runId: 'c' }));
    expect((await store.list({})).map((run) => run.runId)).toEqual(['c', 'b', 'a']);
    expect((await store.list({ kind: 'repeat' })).map((run) => run.runId)).toEqual(['b']);
    expect((await store.list({ suiteName: 'orders', limit: 1 })).map((run) => run.runId)).toEqual(['c']);
    await store.addResults('a', [stored(0, true)], { completed: 1, passed: 1, failed: 0, cancelled: 0, notRun: 3 });
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(await store.get('a')).toBeNull();
    expect((await store.results({ runId: 'a', offset: 0, limit: 10 })).rows).toEqual([]);
  });

  it('deletes a run of more results than one delete batch, all of them', async () => {
    const store = memoryDatabase().runs;
    await store.create(runRecord({ runId: 'big', total: 2500 }));
    await store.create(runRecord({ runId: 'other' }));
    await store.addResults(
      'big',
      Array.from({ length: 2500 }, (_, index) => stored(index, true)),
      { completed: 2500, passed: 2500, failed: 0, cancelled: 0, notRun: 0 },
    );
    await store.addResults('other', [stored(0, true)], { completed: 1, passed: 1, failed: 0, cancelled: 0, notRun: 3 });
    expect(await store.delete('big')).toBe(true);
    expect(await store.results({ runId: 'big', offset: 0, limit: 10 })).toEqual({ rows: [], total: 0 });
    expect((await store.results({ runId: 'other', offset: 0, limit: 10 })).total).toBe(1);
  });

  it('marks a run still running as interrupted, with what was never sent', async () => {
    const store = memoryDatabase().runs;
    await store.create(runRecord({ runId: 'cut' }));
    await store.addResults('cut', [stored(0, true)], { completed: 1, passed: 1, failed: 0, cancelled: 0, notRun: 3 });
    await store.create(runRecord({ runId: 'done', state: 'passed', completed: 4, notRun: 0 }));
    expect(await store.interruptRunning()).toBe(1);
    expect(await store.get('cut')).toMatchObject({ state: 'interrupted', completed: 1, notRun: 3 });
    expect(await store.get('done')).toMatchObject({ state: 'passed' });
  });
});

describe('the run store in the history file', () => {
  it('comes with migration 8, added to a file of format 7 that keeps its entries', async () => {
    const file = path.join(tempDir(), 'history.sqlite');
    const old = new DatabaseSync(file);
    migrate(old, 7);
    old.close();
    const store = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    await store.history.record({
      exchange: { what: 'invoke', request: { agentId: 'a', text: 't', payload: {} }, result: okInvoke('hi') },
      profile: runRecord().profile,
      recordedAt: '2026-11-23T09:00:00.000Z',
    });
    await store.runs.create(runRecord());
    await store.runs.addResults('run-1', [stored(0, true)], { completed: 1, passed: 1, failed: 0, cancelled: 0, notRun: 3 });
    expect((await store.runs.results({ runId: 'run-1', offset: 0, limit: 10 })).total).toBe(1);
    expect((await store.history.list({})).entries).toHaveLength(1);
    store.close();
    await store.checked;
    const reopened = new DatabaseSync(file);
    expect(userVersion(reopened)).toBe(LATEST_VERSION);
    reopened.close();
  });

  it('compares runs a file of format 9 kept, once migration 10 has added its indexes and answer hashes', async () => {
    const file = path.join(tempDir(), 'history.sqlite');
    const old = new DatabaseSync(file);
    migrate(old, 9);
    // Written as version 9 wrote them: no answer hash.
    for (const runId of ['before', 'after']) {
      old
        .prepare(
          "INSERT INTO runs (id, kind, suite_name, suite_file, profile_id, profile_name, base_url, started_at, state, total, completed, passed, failed, cancelled, not_run, settings, agents) VALUES (?, 'suite', 'orders', 'orders.json', 'p', 'P', 'http://127.0.0.1:1', '2026-11-23T09:00:00.000Z', 'passed', 1, 1, 1, 0, 0, 0, '{}', '[\"agent-a\"]')",
        )
        .run(runId);
      const { row, detail } = stored(0, true);
      const answer = runId === 'before' ? 'Answer 0' : 'Answer changed';
      old
        .prepare(
          "INSERT INTO run_results (run_id, idx, case_index, case_name, data_row, iteration, agent_id, passed, failed, status, server_ms, round_trip_ms, answer_start, attempts, detail, recorded_at) VALUES (?, 0, 0, ?, ?, 1, 'agent-a', 1, '[]', 200, 10, 20, ?, 1, ?, '2026-11-23T09:00:01.000Z')",
        )
        .run(runId, row.caseName, row.row, answer, JSON.stringify({ ...detail, result: okInvoke(answer) }));
    }
    old.close();
    const store = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    cleanups.unshift(() => store.close());
    const compared = await store.runs.compare('before', 'after', 10);
    expect(compared.answerChanged.items.map((pair) => [pair.beforeAnswer, pair.afterAnswer])).toEqual([['Answer 0', 'Answer changed']]);
    expect((await store.runs.latency('after')).roundTrip).toEqual({ p50: 20, p95: 20, p99: 20, count: 1 });
  });

  it('says a run the app was closed during is interrupted at the next start', async () => {
    const file = path.join(tempDir(), 'history.sqlite');
    const first = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    await first.runs.create(runRecord());
    await first.runs.addResults('run-1', [stored(0, true), stored(1, false)], {
      completed: 2,
      passed: 1,
      failed: 1,
      cancelled: 0,
      notRun: 2,
    });
    first.close(); // the app quits with the run going
    await first.checked;

    const second = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    cleanups.unshift(() => second.close());
    const runs = createRunMethods({
      store: second.runs,
      client: testClient(),
      resolve: async () => ({ ok: false, error: { code: 'internal', message: 'not used' } }),
      emit: () => undefined,
      wallClock: () => new Date(),
      version: '0.0.0-test',
      exports: createExportTickets(),
      uploads: createDataUploads({ dir: path.join(tmpdir(), 'ae-run-data-never-sent') }), // no run here sends a data file
    });
    const run = await runs.api.getRun({ runId: 'run-1' });
    expect(run).toMatchObject({ ok: true, value: { state: 'interrupted', completed: 2, passed: 1, failed: 1, notRun: 2 } });
    const page = await runs.api.listRunResults({ runId: 'run-1', offset: 0, limit: 10 });
    expect(page.ok && page.value.total).toBe(2);
  });
});
