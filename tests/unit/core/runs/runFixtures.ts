import { DatabaseSync, StatementSync } from 'node:sqlite';
import { onTestFinished } from 'vitest';
import { migrate } from '../../../../electron/core/db/migrations';
import { createSqliteRunStore, type RunStore, type StoredRunResult } from '../../../../electron/core/runs/runStore';
import type { RunJudgement, RunRecord, RunResultRow } from '../../../../electron/shared/api';
import { cancelledInvoke, okInvoke } from '../../../support/scriptedPlatform';

/** Runs kept in SQLite in memory with the real migrations, for the tests of the run store's reads. */

export function database(): { db: DatabaseSync; store: RunStore } {
  const db = new DatabaseSync(':memory:');
  migrate(db);
  onTestFinished(() => db.close());
  return { db, store: createSqliteRunStore(db) };
}

export type Result = Partial<RunResultRow> & { index: number; answer?: string | null; judgement?: RunJudgement };

export function result({ answer = 'Hi.', judgement, ...row }: Result): StoredRunResult {
  const passed = row.passed ?? true;
  return {
    row: {
      caseIndex: 0,
      caseName: 'greeting',
      row: null,
      iteration: 1,
      agentId: 'a',
      passed,
      failed: passed ? [] : ['answerContains: expected contains "Hi", got "Bye."'],
      status: answer === null ? null : 200,
      errorCode: answer === null ? 'cancelled' : null,
      serverMs: answer === null ? null : 850,
      roundTripMs: answer === null ? null : 12,
      answerStart: answer ?? 'The request was cancelled before an answer arrived.',
      attempts: 1,
      ...(judgement ? { judge: { passed: judgement.passed, verdict: judgement.verdict, failedRules: judgement.failedRules } } : {}),
      ...row,
    },
    detail: {
      request: { agentId: row.agentId ?? 'a', text: 'hello', payload: {} },
      result: answer === null ? cancelledInvoke() : okInvoke(answer),
      expectations: [],
      ...(judgement ? { judgement } : {}),
    },
    recordedAt: '2026-11-23T09:00:00.000Z',
  };
}

export function runRecord(overrides: Partial<RunRecord>): RunRecord {
  return {
    runId: 'run-1',
    kind: 'suite',
    suiteName: 'greetings',
    suiteFile: 'greetings.json',
    profile: { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010' },
    startedAt: '2026-11-23T09:00:00.000Z',
    finishedAt: '2026-11-23T09:00:01.000Z',
    state: 'passed',
    total: 0,
    completed: 0,
    passed: 0,
    failed: 0,
    cancelled: 0,
    notRun: 0,
    durationMs: 1000,
    settings: { concurrency: 8, ratePerSecond: null, on429: 'wait', iterations: 1 },
    agents: ['a', 'b'],
    ...overrides,
  };
}

export async function keep(store: RunStore, runId: string, results: Result[], record: Partial<RunRecord> = {}): Promise<void> {
  await store.create(runRecord({ runId, total: results.length, agents: ['a', 'b'], ...record }));
  const counts = { completed: results.length, passed: 0, failed: 0, cancelled: 0, notRun: 0 };
  await store.addResults(runId, results.map(result), counts);
}

/** A judge's judgement as a run keeps it: `verdicts` by rule (true passes), against `guideline`, the judge asked about `asked` rules. */
export function judgement(
  verdicts: Record<number, boolean>,
  { guideline = 'g-support', name = 'Support reply checklist', asked = Object.keys(verdicts).map(Number) } = {},
): RunJudgement {
  const rules = Object.entries(verdicts).map(([rule, pass]) => ({
    rule: Number(rule),
    pass,
    why: `Rule ${rule} ${pass ? 'holds' : 'is broken'}.`,
  }));
  const failedRules = rules.filter((rule) => !rule.pass).map((rule) => rule.rule);
  return {
    passed: failedRules.length === 0,
    verdict: failedRules.length === 0 ? `all ${rules.length} rules passed` : `rules ${failedRules.join(', ')} failed`,
    failedRules,
    guideline: { id: guideline, name, versionHash: 'abc123' },
    rules,
    exchange: {
      request: { agentId: 'judge', text: '', payload: { rules: asked.map((rule) => `${rule}. Rule text ${rule}`).join('\n') } },
      result: okInvoke('{"verdicts": []}'),
    },
  };
}

/** Every statement run while `work` goes (the store's prepared ones included). */
export async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const seen = new Set<string>();
  const methods = ['get', 'all', 'run', 'iterate'] as const;
  const originals = methods.map((name) => StatementSync.prototype[name]);
  methods.forEach((name, i) => {
    const original = originals[i] as (...args: unknown[]) => unknown;
    (StatementSync.prototype as unknown as Record<string, unknown>)[name] = function (this: StatementSync, ...args: unknown[]) {
      seen.add(this.sourceSQL);
      return original.apply(this, args);
    };
  });
  const restore = () =>
    methods.forEach((name, i) => ((StatementSync.prototype as unknown as Record<string, unknown>)[name] = originals[i]));
  onTestFinished(restore);
  await work();
  restore();
  return [...seen];
}

/** The query plan of `sql`, its steps joined by '; '. */
export const plan = (db: DatabaseSync, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join('; ');
