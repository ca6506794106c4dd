import type { HistoryProfile, RunJudgement } from '../../../shared/api';
import { reportEntry, type ReportEntry } from '../../../shared/reports/reportEntry';
import { agentLabel, type AgentNames } from '../../../shared/agentLabel';
import type { ExpectationOutcome } from '../../runs/expectations';
import type { RunResult, RunSummary } from '../../runs/runner';

/**
 * A finished run as the reporters need it: the suite's name, the profile it ran against, and
 * each result as a report entry (the QA report's view of an exchange, docs/formats/report-format.md)
 * with its expectations. The exchanges were redacted by the platform client, so the key is not
 * in anything built from here.
 */

const RUN_FORMAT = 'agent-explorer-run';
const RUN_VERSION = 1;

export interface RunMeta {
  suiteName: string;
  profile: HistoryProfile;
  startedAt: Date;
  appVersion: string;
  /** Agents' names where the catalog or the app knows them: reports show them beside the ids. */
  agentNames?: AgentNames;
}

export interface RunReportResult {
  case: string;
  caseNumber: number;
  /** The data row (1-based), or null without a data file. */
  row: number | null;
  agent: string;
  /** The agent's name, where one is known (absent otherwise). */
  agentName?: string;
  passed: boolean;
  attempts: number;
  expectations: ExpectationOutcome[];
  /** A judge expectation's verdict: the guideline's version and each chosen rule's verdict and why (the judge's exchange stays in the app). */
  judge?: Omit<RunJudgement, 'exchange'> & { agent: string | null };
  entry: ReportEntry;
}

export interface RunReport {
  format: typeof RUN_FORMAT;
  version: typeof RUN_VERSION;
  suite: string;
  startedAt: string;
  durationMs: number;
  app: { name: string; version: string };
  profile: HistoryProfile;
  summary: { total: number; passed: number; failed: number; cancelled: number; notRun: number; stopped: boolean };
  results: RunReportResult[];
  /** The requests never sent (the run was stopped first): the first of them, when there are very many. */
  notRun: Array<{ case: string; caseNumber: number; row: number | null; agent: string; agentName?: string }>;
  /** How many more were never sent than `notRun` lists; present only when there are more. */
  notRunMore?: number;
}

/** The agent's name as a report field: present only where one is known. */
function nameOf(agentId: string, names: AgentNames | undefined): { agentName?: string } {
  const name = names?.get(agentId);
  return name ? { agentName: name } : {};
}

function reportJudge({ exchange, ...judgement }: RunJudgement): NonNullable<RunReportResult['judge']> {
  return { ...judgement, agent: exchange?.request.agentId ?? null };
}

/** "rule 4: The answer does not say "refund"." for each chosen rule that failed, as reports list them under the verdict. */
export function failedRuleLines(judge: RunReportResult['judge']): string[] {
  return (judge?.rules ?? []).filter((rule) => !rule.pass).map((rule) => `rule ${rule.rule}: ${rule.why || 'failed (no reason given)'}`);
}

export function reportResult(result: RunResult, profile: HistoryProfile, agentNames?: AgentNames): RunReportResult {
  const { planned } = result;
  const exchange = result.result.ok ? result.result.value.exchange : result.result.error.exchange;
  return {
    case: planned.caseName,
    caseNumber: planned.caseIndex + 1,
    row: planned.row,
    agent: planned.agentId,
    ...nameOf(planned.agentId, agentNames),
    passed: result.passed,
    attempts: result.attempts,
    expectations: result.expectations,
    ...(result.judgement ? { judge: reportJudge(result.judgement) } : {}),
    entry: reportEntry({
      what: 'invoke',
      request: { agentId: planned.agentId, text: planned.text, payload: planned.payload },
      result: result.result,
      recordedAt: exchange?.startedAt ?? new Date().toISOString(),
      profile,
    }),
  };
}

/** The whole report of a run whose results are all at hand (the app's export of a kept run). */
export function buildRunReport(summary: RunSummary, results: readonly RunResult[], meta: RunMeta): RunReport {
  return { ...runReportHead(summary, meta), results: results.map((result) => reportResult(result, meta.profile, meta.agentNames)) };
}

/** The report without its results (`results: []`, in its place among the fields): for a reporter that writes as results come. */
export function runReportHead(summary: Omit<RunSummary, 'firstError'>, meta: RunMeta): RunReport {
  const { total, passed, failed, cancelled, notRun, stopped } = summary;
  const more = notRun - summary.unsent.length;
  return {
    format: RUN_FORMAT,
    version: RUN_VERSION,
    suite: meta.suiteName,
    startedAt: meta.startedAt.toISOString(),
    durationMs: Math.round(summary.durationMs * 10) / 10,
    app: { name: 'Agent Explorer', version: meta.appVersion },
    profile: meta.profile,
    summary: { total, passed, failed, cancelled, notRun, stopped },
    results: [],
    notRun: summary.unsent.map((planned) => ({
      case: planned.caseName,
      caseNumber: planned.caseIndex + 1,
      row: planned.row,
      agent: planned.agentId,
      ...nameOf(planned.agentId, meta.agentNames),
    })),
    ...(more > 0 ? { notRunMore: more } : {}),
  };
}

/** "and 1,234 more not run" after a list of the requests never sent, when it holds only the first of them; '' otherwise. */
export function moreNotRun(report: Pick<RunReport, 'notRunMore'>): string {
  return report.notRunMore ? `and ${report.notRunMore.toLocaleString('en-US')} more not run` : '';
}

/** "reflects customer [row 14] @ Support reply drafter (3f6c2a8e…)": which request a result is (the id whole where no name is known). */
export function resultLabel(result: Pick<RunReportResult, 'case' | 'row' | 'agent' | 'agentName'>): string {
  return `${result.case}${result.row === null ? '' : ` [row ${result.row}]`} @ ${agentLabel(result.agent, result.agentName)}`;
}

/** "answerContains: expected contains "Dana", got missing "Dana" in …" for each failed expectation. */
export function failedExpectations(expectations: readonly ExpectationOutcome[]): string[] {
  return expectations
    .filter((outcome) => !outcome.passed)
    .map((outcome) => `${outcome.kind}: expected ${outcome.expected}, got ${outcome.actual}`);
}
