import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InvokeSuccess, RunRecord } from '../../electron/shared/api';
import { openHistoryDatabase } from '../../electron/core/db/database';
import { LATEST_VERSION } from '../../electron/core/db/migrations';
import { createSqliteRunStore, type StoredRunResult } from '../../electron/core/runs/runStore';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { testClient, testTarget } from '../support/platformClient';

/**
 * The stored runs the large run view bench opens, kept through the app's own run store in the
 * app's database file: two agents and two cases so the matrix has lines, every result answered,
 * Echo's half failing. Each result's exchange has a real Sandbox answer's shape (its method,
 * address, status and round trip) with a short answer and no bodies, as it had when a detail in
 * its row made a full exchange cost 5 KB a result (details are kept apart and packed since
 * migration 16: BENCH_ONLY=runsstorage measures full ones); the seeded runs stay the same runs.
 *
 * A seeded file is kept in the system's temporary folder under its shape (sizes, seed format and
 * schema version), and copied for each bench: seeding a million results takes minutes, a copy seconds.
 */

/** Bumped whenever what is seeded changes, so an older kept file is not reused. */
const SEED_FORMAT = 2;
const KEY = 'bench-runs-view-key-0123456789';
/** Results per store batch (each one transaction). */
const BATCH = 10_000;

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;
const CASES = ['greets the customer', 'names the order'];
/** The profile's address, as the run and each exchange name it. */
const BASE_URL = 'http://127.0.0.1:1';

/** One real answer's success, taken from the Sandbox: the shape every seeded result's detail copies. */
async function realSuccess(): Promise<InvokeSuccess> {
  const sandbox = await startSandbox({ apiKey: KEY, latency: 'none' });
  try {
    const result = await testClient().invoke(testTarget(sandbox.url, KEY), {
      agentId: drafter.id,
      text: 'Where is order 1 please',
      payload: { customer_name: 'Customer 1', company: 'Northwind', topic: 'an order' },
    });
    if (!result.ok) throw new Error(`the Sandbox did not answer: ${result.error.message}`);
    return result.value;
  } finally {
    await sandbox.close();
  }
}

/** What each seeded exchange has in place of the real one's bodies, headers and timing: the view of a run reads none of them. */
const SMALL_EXCHANGE = {
  requestBody: '',
  responseBody: '',
  responseBytes: 0,
  responseHeaders: {},
  timing: null,
  received: undefined,
};

/** The result at `index` of a run: data row × case × agent in plan order. */
function resultAt(index: number, template: InvokeSuccess, recordedAt: string): StoredRunResult {
  const agentId = index % 2 === 0 ? drafter.id : echo.id;
  const caseIndex = Math.floor(index / 2) % CASES.length;
  const row = Math.floor(index / (2 * CASES.length)) + 1;
  // Echo does not name the customer: its half fails, as in the live runs bench.
  const ok = agentId === drafter.id;
  const text = `Where is order ${row} please`;
  const answer = ok ? `Hi Customer ${row}, your order ${row} is on its way.` : `You said: ${text}`;
  const serverMs = 40 + ((index * 7919) % 900);
  return {
    row: {
      index,
      caseIndex,
      caseName: CASES[caseIndex]!,
      row,
      iteration: 1,
      agentId,
      passed: ok,
      failed: ok ? [] : ['answerContains'],
      status: 200,
      errorCode: null,
      serverMs,
      roundTripMs: serverMs + 3,
      answerStart: answer.slice(0, 120),
      attempts: 1,
    },
    detail: {
      request: { agentId, text, payload: {} },
      result: {
        ok: true,
        value: {
          ...template,
          response: { answer, duration: template.response.duration },
          // The exchange's shape without its bodies and with one header (see the file's comment).
          exchange: { ...template.exchange, ...SMALL_EXCHANGE, url: `${BASE_URL}/api/agent/${agentId}/invoke/` },
        },
      },
      expectations: [{ kind: 'answerContains', passed: ok, expected: `contains "Customer ${row}"`, actual: answer.slice(0, 20) }],
    },
    recordedAt,
  };
}

export interface SeededRun {
  runId: string;
  total: number;
  startedAt: string;
  suiteName: string;
}

/** Keeps finished runs in `file` as the run service would: created, results in batches, finished. */
async function seed(file: string, runs: readonly SeededRun[], template: InvokeSuccess): Promise<void> {
  const opened = openHistoryDatabase(file);
  if (opened.kind !== 'open') throw new Error(`the bench database could not be opened: ${opened.problem}`);
  const { db } = opened;
  // A bench's scratch file: no commit needs to survive a power cut, and a big page cache keeps index inserts in memory.
  db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -262144');
  const store = createSqliteRunStore(db);
  try {
    for (const { runId, total, startedAt, suiteName } of runs) {
      const record: RunRecord = {
        runId,
        kind: 'suite',
        suiteName,
        suiteFile: 'bench.json',
        profile: { id: 'sandbox', name: 'Sandbox', baseUrl: BASE_URL },
        startedAt,
        finishedAt: null,
        state: 'running',
        total,
        completed: 0,
        passed: 0,
        failed: 0,
        cancelled: 0,
        notRun: 0,
        durationMs: null,
        settings: { concurrency: 8, ratePerSecond: null, on429: 'wait', iterations: 1 },
        agents: [drafter.id, echo.id],
      };
      await store.create(record);
      let passed = 0;
      for (let start = 0; start < total; start += BATCH) {
        const batch: StoredRunResult[] = [];
        for (let index = start; index < Math.min(total, start + BATCH); index += 1) batch.push(resultAt(index, template, startedAt));
        passed += batch.filter((result) => result.row.passed).length;
        const completed = start + batch.length;
        await store.addResults(runId, batch, { completed, passed, failed: completed - passed, cancelled: 0, notRun: 0 });
      }
      const counts = { completed: total, passed, failed: total - passed, cancelled: 0, notRun: 0 };
      await store.finish(runId, { state: 'failed', finishedAt: startedAt, durationMs: total, counts, unsent: [] });
    }
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/**
 * A data folder for the bench holding `runs` in its history.sqlite: copied from the kept seed of
 * the same shape, seeded first when there is none. Returns the folder, and whether it was seeded now.
 */
export async function seededDataDir(
  dataDir: string,
  runs: readonly SeededRun[],
): Promise<{ seconds: number; reused: boolean; mb: number }> {
  const shape = `${SEED_FORMAT}-${LATEST_VERSION}-${runs.map((run) => `${run.runId}.${run.total}`).join('-')}`;
  const kept = path.join(tmpdir(), `ae-bench-runsview-seed-${shape}`);
  const keptFile = path.join(kept, 'history.sqlite');
  const complete = path.join(kept, 'complete');
  const started = performance.now();
  const reused = existsSync(complete);
  if (!reused) {
    rmSync(kept, { recursive: true, force: true });
    mkdirSync(kept, { recursive: true });
    await seed(keptFile, runs, await realSuccess());
    writeFileSync(complete, shape);
  }
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(keptFile, path.join(dataDir, 'history.sqlite'));
  return { seconds: (performance.now() - started) / 1000, reused, mb: statSync(keptFile).size / 1e6 };
}
