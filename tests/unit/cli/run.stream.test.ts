import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderReport } from '../../../electron/core/reports/runs/reporters';
import type { RunReport } from '../../../electron/core/reports/runs/runReport';
import { runInProcess } from '../../support/cliRun';

/**
 * `agent-explorer run` over a data file read row by row, with its reports written while the run
 * goes: each file is the very text the same reporter writes from the whole report at once.
 */

const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
let dir: string;
beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'run-stream-'))));
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('a run of a .json data file, every report written as results come', () => {
  it('writes reports identical to those written whole from the same results', async () => {
    const rows = Array.from({ length: 300 }, (_, index) => ({ customer: `Customer ${index + 1}`, n: index }));
    await writeFile(path.join(dir, 'rows.json'), JSON.stringify(rows, null, 2));
    await writeFile(
      path.join(dir, 'suite.json'),
      JSON.stringify({
        name: 'stream',
        data: 'rows.json',
        cases: [
          { name: 'greets', agent: AGENT, text: 'Hello {{customer}}', payload: { customer_name: '{{customer}}' } },
          // Fails on every other row, so failures are written among passes.
          { name: 'odd', agent: AGENT, text: '{{n}}', expect: { answerContains: '1' } },
        ],
      }),
    );
    const files = { json: 'r.json', junit: 'r.xml', csv: 'r.csv', html: 'r.html' } as const;
    const ran = await runInProcess(
      [
        'suite.json',
        '--sandbox',
        '--concurrency',
        '8',
        ...Object.entries(files).flatMap(([reporter, file]) => [`--reporter-${reporter}`, file]),
      ],
      { cwd: dir, io: { sandboxKey: 'stream-sandbox-key-123' } },
    );
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toMatch(/^stream: 600 run, \d+ passed, \d+ failed in /m);
    const json = await readFile(path.join(dir, files.json), 'utf8');
    const report = JSON.parse(json) as RunReport;
    expect(report.results).toHaveLength(600);
    expect(report.results.map((result) => [result.case, result.row])).toEqual([
      ...rows.map((_, index) => ['greets', index + 1]),
      ...rows.map((_, index) => ['odd', index + 1]),
    ]);
    for (const [reporter, file] of Object.entries(files) as Array<[keyof typeof files, string]>) {
      expect(await readFile(path.join(dir, file), 'utf8'), reporter).toBe(renderReport(reporter, report));
    }
  });
});
