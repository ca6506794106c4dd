import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderReport, reportWriter, type ReporterName } from '../../../../../electron/core/reports/runs/reporters';
import { openReportSpool } from '../../../../../electron/core/reports/runs/reportSpool';
import type { RunReport, RunReportResult } from '../../../../../electron/core/reports/runs/runReport';
import { writeFileSafely } from '../../../../../electron/core/storage/safeWrite';
import { EMPTY_RUN, STOPPED_RUN } from '../reportSamples';

/**
 * A report written while the run goes (each result to a scratch file beside the report as it
 * comes, the totals at the end) is the very file the reporter writes whole: the golden files
 * under ../golden/ were written by the renderers before reports were streamed, so these tests
 * compare with what was written whole before. A result dropped or two swapped must show.
 */

const golden = (name: string) => readFileSync(new URL(`../golden/${name}.golden`, import.meta.url), 'utf8');

const FORMATS = ['junit', 'json', 'csv', 'html'] as const;
let dir: string;
beforeEach(async (context) => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'report-spool-'));
  context.onTestFinished(() => rm(dir, { recursive: true, force: true }));
});

/** Streams `results` (in this order) into a report at `file`, as the command line does, and reads the file back. */
async function streamed(format: ReporterName, report: RunReport, results: readonly RunReportResult[] = report.results): Promise<string> {
  const file = path.join(dir, `report.${format}`);
  const spool = (await openReportSpool(file)).start(reportWriter(format, report.suite));
  for (const result of results) spool.add(result);
  try {
    await writeFileSafely(file, spool.pieces({ ...report, results: [] }));
  } finally {
    await spool.discard();
  }
  return readFile(file, 'utf8');
}

/** A run of many results, more than one chunk of every section, with text of several bytes a character. */
function large(): RunReport {
  const results = Array.from({ length: 1000 }, (_, index) => {
    const result = STOPPED_RUN.results[index % STOPPED_RUN.results.length]!;
    return { ...result, case: `${result.case} ключ ✓ 😀 ${index}`, row: index + 1 };
  });
  return { ...STOPPED_RUN, results };
}

describe('a report written while the run goes', () => {
  it.each([
    ['stopped', STOPPED_RUN],
    ['empty', EMPTY_RUN],
  ] as const)('is byte for byte the report written whole before (the %s run, every format)', async (name, report) => {
    for (const format of FORMATS) expect(await streamed(format, report), format).toBe(golden(`run-${name}.${format}`));
    // The lines for people written to a file: every result line, without the summary (that goes to the terminal).
    const lines = golden(`run-${name}.pretty`).split('\n');
    expect(await streamed('pretty', report)).toBe(`${lines.slice(0, -2).join('\n')}${lines.length > 2 ? '\n' : ''}`);
  });

  it.each(FORMATS)('is the whole report for a run larger than a chunk, characters split across reads (%s)', async (format) => {
    const report = large();
    const text = await streamed(format, report);
    expect(text.length).toBeGreaterThan(2 * 65_536);
    expect(text).toBe(renderReport(format, report));
  });

  it.each(FORMATS)('differs when a result is dropped or two are swapped (%s)', async (format) => {
    const whole = renderReport(format, STOPPED_RUN);
    const [first, second, ...rest] = STOPPED_RUN.results;
    expect(await streamed(format, STOPPED_RUN, [second!, ...rest])).not.toBe(whole);
    expect(await streamed(format, STOPPED_RUN, [second!, first!, ...rest])).not.toBe(whole);
  });

  it('writes each result to the scratch file beside the report as it comes, and keeps no reference to it', async () => {
    const file = path.join(dir, 'run.json');
    const spool = (await openReportSpool(file)).start(reportWriter('json', STOPPED_RUN.suite));
    const report = large();
    const copies = report.results.map((result) => structuredClone(result));
    for (const result of copies) spool.add(result);
    // Written before the run is over: the scratch file beside the report fills while results come.
    const scratch = async () => (await readdir(dir)).filter((name) => /^run\.json\.[0-9a-f]{12}\.tmp$/.test(name));
    await vi.waitFor(async () => {
      const [name] = await scratch();
      expect((await stat(path.join(dir, name!))).size).toBeGreaterThan(65_536);
    });
    expect((await stat(path.join(dir, (await scratch())[0]!))).mode & 0o777).toBe(0o600);
    // A result changed after it was added changes nothing: its text was made when it came.
    for (const result of copies) result.case = 'changed afterwards';
    await writeFileSafely(file, spool.pieces({ ...report, results: [] }));
    await spool.discard();
    expect(await readFile(file, 'utf8')).toBe(renderReport('json', report));
    expect(await scratch()).toEqual([]);
  });

  it('a place that cannot be written is known when the report is opened, before any result', async () => {
    await expect(openReportSpool(path.join(dir, 'no-such-folder', 'run.xml'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
