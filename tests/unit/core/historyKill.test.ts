import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistoryDatabase } from '../../../electron/core/db/database';
import { createSqliteHistoryStore } from '../../../electron/core/history/historyStore';

/**
 * Nothing lost: a writer killed with SIGKILL at random moments, again and again, loses
 * no entry it had acknowledged, and never leaves a database that fails to open or check.
 * Bounded for CI: 30 kills, each after the writer has acknowledged something, at 0-40 ms.
 */

const KILLS = 30;
let dir: string;
let writer: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ae-kill-'));
  writer = path.join(dir, 'writer.mjs');
  // The writer is TypeScript importing the core: bundled once, run by this same Node.
  await build({
    entryPoints: ['tests/support/historyWriter.ts'],
    outfile: writer,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
  });
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the writer until it has acknowledged at least one entry, kills it `delayMs` later, and returns every id it printed. */
function writeUntilKilled(file: string, delayMs: number): Promise<{ acknowledged: number[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writer, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let armed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!armed && stdout.includes('\n')) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    // 'close' comes after the pipes are drained: every id the writer got out is in `stdout`.
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`The writer ended on its own (${code}): ${stderr}`));
      const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1);
      resolve({ acknowledged: complete.split('\n').filter(Boolean).map(Number), stderr });
    });
  });
}

describe('the history under SIGKILL', () => {
  it(`keeps every acknowledged entry and opens cleanly after ${KILLS} kills at random moments`, async () => {
    const file = path.join(dir, 'data', 'history.sqlite');
    const acknowledged: number[] = [];
    for (let round = 0; round < KILLS; round += 1) {
      const run = await writeUntilKilled(file, Math.floor(Math.random() * 40));
      expect(run.stderr, `round ${round}: the writer found nothing wrong at start`).toBe('');
      acknowledged.push(...run.acknowledged);

      // What the next start does: open it (it must not be found damaged), then look.
      const opened = openHistoryDatabase(file);
      expect(opened, `round ${round}`).toMatchObject({ kind: 'open', problem: null });
      if (opened.kind !== 'open') return;
      expect(opened.db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      const kept = new Set((opened.db.prepare('SELECT id FROM history').all() as Array<{ id: number }>).map((row) => row.id));
      const lost = acknowledged.filter((id) => !kept.has(id));
      expect(lost, `round ${round}: acknowledged entries missing`).toEqual([]);
      // The last one is whole, and in the full-text index too.
      const store = createSqliteHistoryStore(opened.db);
      const last = await store.get(run.acknowledged[run.acknowledged.length - 1]!);
      const text = last?.what === 'invoke' ? last.request.text : '';
      expect(text).toMatch(/^write \d+$/);
      expect((await store.search({ text, limit: 500 })).hits.map((hit) => hit.entry.id)).toContain(last!.id);
      opened.db.close();
    }
    expect(acknowledged.length).toBeGreaterThan(KILLS);
    expect(readdirSync(path.dirname(file)).filter((name) => name.includes('damaged'))).toEqual([]);
  });

  it('keeps every acknowledged entry of two processes that create and write the same file at once', async () => {
    for (let round = 0; round < 8; round += 1) {
      // A new file each round: both start together, so both find it missing and create it.
      const file = path.join(dir, `two-${round}`, 'history.sqlite');
      const runs = await Promise.all([
        writeUntilKilled(file, Math.floor(Math.random() * 40)),
        writeUntilKilled(file, Math.floor(Math.random() * 40)),
      ]);
      const acknowledged = runs.flatMap((run) => run.acknowledged);
      for (const run of runs) expect(run.stderr, `round ${round}: neither found the other's new file damaged or busy`).toBe('');
      const opened = openHistoryDatabase(file);
      expect(opened, `round ${round}`).toMatchObject({ kind: 'open', problem: null });
      if (opened.kind !== 'open') return;
      expect(opened.db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      const kept = new Set((opened.db.prepare('SELECT id FROM history').all() as Array<{ id: number }>).map((row) => row.id));
      expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
      expect(new Set(acknowledged).size, 'no id given twice').toBe(acknowledged.length);
      opened.db.close();
    }
  });
});
