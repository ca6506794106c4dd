import type { RunExportFile, RunExportFormat, RunRecord } from '../../../shared/api';
import type { PlannedCase } from '../../../shared/runs/suiteTypes';
import type { ExpectationOutcome } from '../../runs/expectations';
import type { RunResult, RunSummary } from '../../runs/runner';
import type { StoredRunResult, UnsentRequest } from '../../runs/runStore';
import { reportFile } from '../reportFile';
import { streamReport } from './reporters';
import { reportResult, runReportHead } from './runReport';
import { iterationCaseName } from '../../runs/iterations';

/**
 * A kept run as a file, through the command line's own reporters (JUnit XML, JSON, CSV, and
 * the QA report's self-contained HTML): the stored results are turned back into the runner's
 * summary, so the app's export and `agent-explorer run --reporter` make the same files. What
 * is stored was redacted, so no key can get into an export.
 */

/**
 * "orders-run-2026-11-23.xml": the suite's name made a plain file name (letters, digits, `.`,
 * `_` and `-` only, so the save dialog's checks take it), and the day the run started.
 */
function runFileName(record: RunRecord, extension: string): string {
  const base =
    record.suiteName
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80) || 'run';
  return `${base}-run-${record.startedAt.slice(0, 10)}.${extension}`;
}

/** An exported run as the host writes it: its name, its type, and its text a piece at a time. */
export interface RunExportStream {
  fileName: string;
  mediaType: RunExportFile['mediaType'];
  pieces: AsyncGenerator<string>;
}

/**
 * A kept run as a file, its text made a piece at a time from `results`, which reads the run's
 * results in plan order (from the database, a page at a time) and is read once per pass
 * (reportWriter.ts, streamedReport): no layer holds the whole file or every result.
 */
export function exportRun(
  record: RunRecord,
  results: () => AsyncIterable<StoredRunResult>,
  unsent: readonly UnsentRequest[],
  format: RunExportFormat,
  appVersion: string,
): RunExportStream {
  const iterations = record.settings.iterations;
  const asRun = ({ row, detail }: StoredRunResult): RunResult => ({
    planned: {
      index: row.index,
      caseIndex: row.caseIndex,
      caseName: iterationCaseName(row.caseName, row.iteration, iterations),
      row: row.row,
      agentId: row.agentId,
      text: detail.request.text,
      payload: detail.request.payload,
      expect: {},
    },
    result: detail.result,
    expectations: detail.expectations as ExpectationOutcome[],
    passed: row.passed,
    attempts: row.attempts,
    ...(detail.judgement ? { judgement: detail.judgement } : {}),
  });
  const notSent = unsent.map((item, position): PlannedCase => ({
    index: record.total + position,
    caseIndex: item.caseIndex,
    caseName: iterationCaseName(item.caseName, item.iteration, iterations),
    row: item.row,
    agentId: item.agentId,
    text: '',
    payload: {},
    expect: {},
  }));
  const summary: RunSummary = {
    total: record.total,
    passed: record.passed,
    failed: record.failed,
    cancelled: record.cancelled,
    notRun: record.notRun,
    stopped: record.state === 'cancelled' || record.state === 'unreachable' || record.state === 'interrupted',
    unreachable: record.state === 'unreachable',
    durationMs: record.durationMs ?? 0,
    unsent: notSent,
    firstError: null,
  };
  const meta = { suiteName: record.suiteName, profile: record.profile, startedAt: new Date(record.startedAt), appVersion };
  async function* reportResults() {
    for await (const stored of results()) yield reportResult(asRun(stored), meta.profile);
  }
  const { fileName, mediaType } = reportFile(format, '', (extension) => runFileName(record, extension));
  return { fileName, mediaType, pieces: streamReport(format, runReportHead(summary, meta), reportResults) };
}
