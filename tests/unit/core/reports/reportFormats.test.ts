import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reportJson } from '../../../../electron/shared/reports/reportBundle';
import { qaReportFile } from '../../../../electron/core/reports/reportFile';
import { renderReportHtml } from '../../../../electron/core/reports/reportHtml';
import { renderReport, resultLine, streamReport, summaryLine } from '../../../../electron/core/reports/runs/reporters';
import type { RunReport } from '../../../../electron/core/reports/runs/runReport';
import { EMPTY_RUN, MANY_ENTRIES, ONE_ENTRY, STOPPED_RUN } from './reportSamples';

/**
 * Every report file, byte for byte: the QA report of history entries (HTML, JSON) and a run's
 * report in each reporter (JUnit, JSON, CSV, HTML, the lines for people), from the samples. The
 * files under golden/ were written by the renderers before the history's and the runs' reports
 * became one module, so a change to any shared piece (the page's head, its style, the escaping,
 * the file's name and type) that alters a byte fails here. A deliberate format change rewrites
 * the file and says so in docs/formats/report-format.md.
 */

const golden = (name: string) => readFileSync(new URL(`golden/${name}.golden`, import.meta.url), 'utf8');

const pretty = (report: RunReport) => `${report.results.map((result) => `${resultLine(result)}\n`).join('')}${summaryLine(report)}\n`;

describe('the QA report of history entries', () => {
  it.each([
    ['qa-many.html', () => renderReportHtml(MANY_ENTRIES)],
    ['qa-one.html', () => renderReportHtml(ONE_ENTRY)],
    ['qa-many.json', () => reportJson(MANY_ENTRIES)],
  ])('%s is unchanged', (name, render) => {
    expect(render()).toBe(golden(name));
  });

  it('is saved as the page or the bundle, named for what it holds and when', () => {
    expect(qaReportFile(MANY_ENTRIES, 'html')).toEqual({
      fileName: 'agent-explorer-report-6-entries-2026-11-23T07-40-00Z.html',
      mediaType: 'text/html',
      content: golden('qa-many.html'),
    });
    expect(qaReportFile(ONE_ENTRY, 'json')).toEqual({
      fileName: 'agent-explorer-report-entry-13-2026-11-23T07-40-00Z.json',
      mediaType: 'application/json',
      content: reportJson(ONE_ENTRY),
    });
  });
});

describe("a run's report", () => {
  it.each([
    ['stopped', STOPPED_RUN],
    ['empty', EMPTY_RUN],
  ] as const)('each reporter writes the %s run unchanged', (name, report) => {
    for (const reporter of ['junit', 'json', 'csv', 'html'] as const) {
      expect(renderReport(reporter, report), `${reporter}`).toBe(golden(`run-${name}.${reporter}`));
    }
    expect(pretty(report)).toBe(golden(`run-${name}.pretty`));
  });

  it.each([
    ['stopped', STOPPED_RUN],
    ['empty', EMPTY_RUN],
  ] as const)('each export writes the %s run unchanged when its results are read a pass at a time', async (name, report) => {
    async function* results() {
      yield* report.results;
    }
    for (const reporter of ['junit', 'json', 'csv', 'html'] as const) {
      let text = '';
      for await (const piece of streamReport(reporter, { ...report, results: [] }, results)) text += piece;
      expect(text, `${reporter}`).toBe(golden(`run-${name}.${reporter}`));
    }
  });
});
