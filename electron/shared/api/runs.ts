import type { AppError, ErrorCode, JsonObject, Result } from './common';
import type { HistoryProfile } from './history';
import type { InvokeResult } from './platform';

/**
 * Runs as the page sees them: a suite started on the host's runner, its progress
 * pushed back (HostEvents.onRunProgress: IPC events in the desktop app, Server-Sent Events in
 * browser mode), and every run and result kept in the app's database. The runner, the suite
 * checks and the reports are the command line's (electron/core/runs/); these types are only
 * what crosses to the page. A result never holds the key.
 */

/** A problem with a suite, said where it is: file, case and field (a JSON path, or `line 14` of a data file). */
export interface SuiteProblem {
  file: string;
  /** 1-based case number and its name, when the problem is in a case. */
  case?: { number: number; name?: string };
  field: string;
  message: string;
}

/** A data file's text as the page holds it (the page opens files; the host never reads a path the page names). */
export interface RunDataFile {
  /** The file's name as the suite's `data` names it, or as picked (e.g. "rows.csv"); `.csv`, `.jsonl` or `.json`. */
  name: string;
  text: string;
}

/**
 * A run's data file, sent before the run in pieces (beginRunData, appendRunData) to a file of the
 * host's, which the run reads row by row: no data file crosses to the host whole, whatever its size.
 */
export interface RunDataRef {
  /** The name it was sent with (e.g. "rows.csv"). */
  name: string;
  /** beginRunData's answer; the run that names it takes it (a second run sends the file again). */
  uploadId: string;
}

/** beginRunData's argument: the file's name, whose extension says how its rows are read. */
export interface RunDataStart {
  name: string;
}

/** appendRunData's argument: the next piece of the file's text, at most MAX_DATA_PIECE_CHARS characters. */
export interface RunDataPiece {
  uploadId: string;
  text: string;
}

/** What started a run: a suite, or Repeat (one case sent N times). */
type RunKind = 'suite' | 'repeat';

/** How a run sends its requests; each has the command line's default when absent. */
interface RunSettings {
  /** Requests in flight at once, 1–64; 8 when absent. */
  concurrency?: number;
  /** Requests started per second at most (0.1–1000); no limit when absent or null. */
  ratePerSecond?: number | null;
  /** On a 429: wait as its Retry-After says and send again ('wait', the default), or record it ('fail'). */
  on429?: 'wait' | 'fail';
}

export interface StartRunRequest extends RunSettings {
  /** The profile whose platform and key the run uses (the key stays in the host). */
  profileId: string;
  /** The suite as parsed JSON; checked in full by the host before anything is sent. */
  suite: unknown;
  /** The suite's file name, as problems and the run list show it (e.g. "orders.json"; "Untitled suite.json" when never saved). */
  suiteFile: string;
  /** The data file sent for the run, when the suite names one (or to use instead of the one it names); null without. */
  data: RunDataRef | null;
  /** The whole plan is sent this many times, 1–10,000 (Repeat); 1 when absent. */
  iterations?: number;
  /** 'suite' when absent. */
  kind?: RunKind;
}

interface RunStarted {
  runId: string;
  /** Requests the run will send. */
  total: number;
}

/** Why a run did not start. `bad_suite` carries every problem found; nothing was sent. */
export interface RunStartError extends AppError {
  problems?: SuiteProblem[];
}

/** `running` until it ends; `interrupted` when the app closed during it (found at the next start). */
export type RunState = 'running' | 'passed' | 'failed' | 'cancelled' | 'unreachable' | 'interrupted';

/** A run as listed and as its view's header shows it. */
export interface RunRecord {
  runId: string;
  kind: RunKind;
  /** The suite's `name`, or its file name without `.json`. */
  suiteName: string;
  suiteFile: string;
  profile: HistoryProfile;
  /** ISO 8601. */
  startedAt: string;
  finishedAt: string | null;
  state: RunState;
  total: number;
  completed: number;
  passed: number;
  failed: number;
  /** Results that ended `cancelled` (in flight when the run was cancelled) and did not pass; counted among `failed` too. */
  cancelled: number;
  /** Requests never sent. */
  notRun: number;
  /** Wall time from start to the last result, ms; null while running. */
  durationMs: number | null;
  settings: { concurrency: number; ratePerSecond: number | null; on429: 'wait' | 'fail'; iterations: number };
  /** The agents the plan sends to, in order of first appearance: the matrix's columns. */
  agents: string[];
}

/** One expectation's outcome, as a person reads it. */
export interface RunExpectationOutcome {
  /** The expectation's field name in the suite: `status`, `answerContains`, … */
  kind: string;
  passed: boolean;
  /** What was expected: `200`, `contains "Dana"`. */
  expected: string;
  /** What came: `404`, `no answer (http_status)`. */
  actual: string;
}

/** A judge's verdict on one rule of the guideline. `why` is the judge's own text: untrusted, render as text. */
export interface RunJudgeRule {
  /** The rule's number in the guideline (1-based, as the History checklist numbers it). */
  rule: number;
  pass: boolean;
  why: string;
}

/** A judge expectation's verdict in one line, as the results table shows it. */
export interface RunJudgeSummary {
  passed: boolean;
  /** "all 5 rules passed", "rule 4 failed", or why there is no verdict (the judge erred, its answer was unreadable). */
  verdict: string;
  /** The chosen rules that failed (or that the judge said nothing of), in rule order. */
  failedRules: number[];
}

/** A judge expectation's outcome in full: the guideline's version, each rule's verdict, and the judge's own exchange. */
export interface RunJudgement extends RunJudgeSummary {
  /** The guideline judged against, with the hash of the version fetched (as the library keeps versions); null when it could not be fetched. */
  guideline: { id: string; name: string; versionHash: string } | null;
  /** Each chosen rule's verdict, in rule order (a rule the judge said nothing of fails, saying so); empty when the judge answered in a word or not at all. */
  rules: RunJudgeRule[];
  /** The judge's own request and exchange, to open in the Response view; null when the judge was not asked (no answer to judge, no guideline). */
  exchange: { request: { agentId: string; text: string; payload: JsonObject }; result: InvokeResult } | null;
}

/** One result as a row of the results table. Answer text is untrusted: render as text. */
export interface RunResultRow {
  /** Position in the run's plan, 0-based (the key of a result within its run). */
  index: number;
  /** Which case of the suite, 0-based, and its name (`case 3` when it has none). */
  caseIndex: number;
  caseName: string;
  /** The data row, 1-based; null without a data file. */
  row: number | null;
  /** Which pass of the plan, 1-based (Repeat's N; 1 for a suite run once). */
  iteration: number;
  agentId: string;
  passed: boolean;
  /** The failed expectations, one line each (`answerContains: expected contains "Dana", got …`). */
  failed: string[];
  status: number | null;
  /** The error's code when the request did not succeed; null when it did. */
  errorCode: ErrorCode | null;
  /** The server's own `duration`, parsed to ms; null when absent or unreadable. */
  serverMs: number | null;
  /** The measured round trip, ms; null when nothing was measured. */
  roundTripMs: number | null;
  /** The answer's first 200 characters (or the error's message), one line. */
  answerStart: string;
  /** Times it was sent (more than 1 after 429s). */
  attempts: number;
  /** The judge's verdict, when the case has a judge expectation. */
  judge?: RunJudgeSummary;
}

export interface RunRef {
  runId: string;
}

export interface ListRunsRequest {
  /** Only runs of this kind; both when absent. */
  kind?: RunKind;
  /** Only runs of this suite (its `suiteName`); all when absent. */
  suiteName?: string;
  /** At most this many, newest first; 200 when absent. */
  limit?: number;
}

export interface RunResultsQuery {
  runId: string;
  /** Rows in plan order from this position among the matching ones. */
  offset: number;
  /** At most this many, 1–1,000. */
  limit: number;
  /** Only failed results. */
  failuresOnly?: boolean;
}

export interface RunResultsPage {
  rows: RunResultRow[];
  /** How many results match (all, or the failures), for the virtualized table's height. */
  total: number;
}

export interface RunResultRef {
  runId: string;
  index: number;
}

/** One result in full, to open in the Response view: the request as sent and the exchange as the Response view shows it. */
export interface RunResultDetail {
  row: RunResultRow;
  expectations: RunExpectationOutcome[];
  request: { agentId: string; text: string; payload: JsonObject };
  result: InvokeResult;
  /** The judge expectation's outcome in full, when the case has one. */
  judgement?: RunJudgement;
  profile: HistoryProfile;
  /** When the result arrived, ISO 8601. */
  recordedAt: string;
}

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  /** How many values they are taken from. */
  count: number;
}

/** One bin of a latency histogram: results whose time v is start <= v < end (the last bin also holds v === end). */
export interface LatencyBin {
  start: number;
  end: number;
  count: number;
}

/**
 * A run's round trips and server times as the latency tab shows them, counted by the database
 * (a run of any size answers in one small value): the percentiles of each, exact, and a
 * histogram of at most 40 bins of a round width. Null and no bins where nothing was measured.
 */
export interface RunLatency {
  roundTrip: Percentiles | null;
  server: Percentiles | null;
  roundTripBins: LatencyBin[];
  serverBins: LatencyBin[];
}

/** Which lines of a run's matrix to read. */
export interface RunMatrixQuery {
  runId: string;
  /** Lines in plan order (of each line's first result) from this position; 0 when absent. */
  offset?: number;
  /** At most this many lines, 1–1,000; 1,000 when absent. */
  limit?: number;
}

/** A line of the matrix: a case on a data row in one pass of the plan (named as its first result names it). */
interface RunMatrixLine {
  caseIndex: number;
  caseName: string;
  row: number | null;
  iteration: number;
}

/** A suite with several agents: lines are case × data row (× iteration), columns are the run's agents; read a page of lines at a time. */
export interface RunMatrix {
  agents: string[];
  /** How many lines the whole matrix has (the page is `rows`). */
  total: number;
  rows: Array<
    RunMatrixLine & {
      /** One per agent, in `agents` order; null where that agent had no request (never sent, or the case named another agent). */
      cells: Array<{ index: number; passed: boolean; status: number | null; answerStart: string; failed: string[] } | null>;
    }
  >;
}

/** Which lines of a run's rules view to read (a run with judge expectations). */
export interface RunRulesQuery {
  runId: string;
  /** The guideline whose rules are the columns; the one most results were judged against when absent. */
  guidelineId?: string;
  /** Lines in plan order from this position (the matrix's lines); 0 when absent. */
  offset?: number;
  /** At most this many lines, 0–1,000 (0: the guidelines alone); 1,000 when absent. */
  limit?: number;
}

/** A guideline a run's results were judged against, with the rules the judge was asked about (its columns). */
export interface RunRulesGuideline {
  id: string;
  name: string;
  /** Rule numbers as the verdicts number them, in order, each with its text as the judge was sent it ('' when not known). Untrusted text. */
  rules: Array<{ rule: number; text: string }>;
}

/** One result's verdict on one rule. `pass` is null where there is none; `why` is the judge's own text (untrusted: render as text) or why there is no verdict. */
interface RunRuleVerdict {
  index: number;
  agentId: string;
  pass: boolean | null;
  why: string;
}

/** One rule of one line: how many of the line's results (one per agent) passed, failed or have no verdict on it, and each verdict. */
export interface RunRuleCell {
  rule: number;
  passed: number;
  failed: number;
  noVerdict: number;
  verdicts: RunRuleVerdict[];
}

/**
 * The matrix by rule: lines are the matrix's (case × data row × iteration), columns the chosen
 * guideline's rules. A line is `judged` against the guideline (a cell per rule), judged against
 * `other` guidelines only (named), or has `none` (no judge expectation).
 */
export interface RunRules {
  /** Every guideline the run's results were judged against, most judged first; empty when none was. */
  guidelines: RunRulesGuideline[];
  /** The guideline shown (the query's, else the first); null when the run has none. */
  guidelineId: string | null;
  /** How many lines the whole view has (the page is `rows`). */
  total: number;
  rows: Array<
    RunMatrixLine & { judged: { kind: 'judged'; cells: RunRuleCell[] } | { kind: 'other'; guidelines: string[] } | { kind: 'none' } }
  >;
}

export interface CompareRunsRequest {
  /** The earlier run (the baseline). */
  before: string;
  after: string;
  /** How many of each list to give, the first in the later run's plan order: 1–1,000; 100 when absent. */
  limit?: number;
}

/** A result of each run with the same case, data row, iteration and agent. */
export interface RunPair {
  before: RunResultRow;
  after: RunResultRow;
}

/** The first `items` of a list of pairs, and how many the list holds in all. */
export interface ComparedList<T> {
  items: T[];
  total: number;
}

/** A pair whose judge passed rules in the baseline that fail in the later run, against the same guideline. */
export interface RunRulePair extends RunPair {
  /** The guideline both were judged against (its name as the later run has it). */
  guideline: { id: string; name: string };
  /** The rules newly failing, in rule order, each with the later judge's why (untrusted text). */
  rules: Array<{ rule: number; why: string }>;
}

/** Two runs of the same suite set side by side (results matched by case name, data row, iteration and agent). */
export interface RunComparison {
  before: RunRecord;
  after: RunRecord;
  /** Passed before, failed after. */
  newlyFailing: ComparedList<RunPair>;
  /** Failed before, passed after. */
  newlyPassing: ComparedList<RunPair>;
  /** Both answered and the answers differ (the whole answers, for a word diff; untrusted text). */
  answerChanged: ComparedList<RunPair & { beforeAnswer: string; afterAnswer: string }>;
  /**
   * Pairs both judged against one guideline with rules that passed before and fail now; `rules`:
   * how many such rule verdicts in all, `cases`: over how many cases (a case on a data row).
   */
  rulesNewlyFailing: ComparedList<RunRulePair> & { rules: number; cases: number };
  /** Results of one run with no partner in the other. */
  onlyBefore: number;
  onlyAfter: number;
  latency: {
    before: { roundTrip: Percentiles | null; server: Percentiles | null };
    after: { roundTrip: Percentiles | null; server: Percentiles | null };
  };
}

export type RunExportFormat = 'junit' | 'json' | 'csv' | 'html';

export interface ExportRunRequest {
  runId: string;
  format: RunExportFormat;
}

/**
 * An exported run, held by the host (a large run's file is gigabytes: it never crosses whole):
 * the page saves it with saveTextFile `{ suggestedName: fileName, mediaType, ticket }`, and the
 * host writes it a piece at a time from the database, to the file the desktop's dialog chose
 * or as a browser download. Never holds the key.
 */
export interface RunExportFile {
  /** e.g. "orders-run-2026-11-23.xml". */
  fileName: string;
  mediaType: 'application/xml' | 'application/json' | 'text/csv' | 'text/html';
  /** Spent by the one save that writes the file; good for a minute. */
  ticket: string;
}

/** A suite file opened through the desktop's open dialog, with the data file it names read beside it. */
export interface OpenedSuiteFile {
  /** File name without folders. */
  fileName: string;
  /** The file's text (not yet checked: the editor shows it, startRun checks it). */
  text: string;
  /** The data file it names, read from beside it; null when it names none or it could not be read. */
  data: RunDataFile | null;
  /** Why the named data file could not be read (the page then asks the person to pick it). */
  dataProblem: string | null;
}

/**
 * Pushed while a run goes, at most about every 100 ms per run (results arriving faster are
 * batched), and once more when it ends (`state` no longer `running`).
 */
export interface RunProgress {
  runId: string;
  state: RunState;
  total: number;
  completed: number;
  passed: number;
  failed: number;
  /** Of the failed, those Cancel stopped in flight (as RunRecord.cancelled). */
  cancelled: number;
  /** Since the run started, ms. */
  elapsedMs: number;
  /** The results that arrived since the previous event of this run, in arrival order. */
  rows: RunResultRow[];
  /** Set while every request waits out a 429's Retry-After. */
  waitingMs: number | null;
}

/** saveSuiteDraft's argument. */
export interface SuiteDraftSave {
  draft: JsonObject | null;
}

/** The runs' slice of the Api. */
export interface RunsApi {
  /**
   * Checks the suite in full and, when it has no problem, starts it on the host's runner and
   * answers at once; progress comes as HostEvents.onRunProgress. A bad suite answers
   * `bad_suite` with every problem, and nothing is sent.
   */
  startRun(request: StartRunRequest): Promise<Result<RunStarted, RunStartError>>;
  /** Starts sending a run's data file: the host makes a private file for it and answers its id. */
  beginRunData(request: RunDataStart): Promise<Result<{ uploadId: string }>>;
  /** Writes the next piece of a data file being sent; answers the bytes it now holds (`too_large` past the limit). */
  appendRunData(request: RunDataPiece): Promise<Result<{ bytes: number }>>;
  /** Stops new requests at once and aborts those in flight; false when the run had already ended. */
  cancelRun(request: RunRef): Promise<Result<{ cancelled: boolean }>>;
  /** Kept runs, newest first. */
  listRuns(request: ListRunsRequest): Promise<Result<RunRecord[]>>;
  getRun(request: RunRef): Promise<Result<RunRecord>>;
  /** A page of a run's results in plan order (all, or only the failures). */
  listRunResults(request: RunResultsQuery): Promise<Result<RunResultsPage>>;
  /** One result in full, to open in the Response view. */
  getRunResult(request: RunResultRef): Promise<Result<RunResultDetail>>;
  getRunLatency(request: RunRef): Promise<Result<RunLatency>>;
  /** A page of the run's matrix (lines of case × data row × iteration), with how many lines it has. */
  getRunMatrix(request: RunMatrixQuery): Promise<Result<RunMatrix>>;
  /** A page of the run's rules view (lines × the rules of a guideline its judge expectations name), with the guidelines judged against. */
  getRunRules(request: RunRulesQuery): Promise<Result<RunRules>>;
  compareRuns(request: CompareRunsRequest): Promise<Result<RunComparison>>;
  /** Deletes a run that has ended, with its results. */
  deleteRun(request: RunRef): Promise<Result<{ deleted: boolean }>>;
  /** A run as JUnit XML, JSON, CSV or the self-contained HTML report, held for the page to save (RunExportFile). */
  exportRun(request: ExportRunRequest): Promise<Result<RunExportFile>>;
  /**
   * The Runs section's unsaved suite, as the page last saved it (its editor's own document), or
   * null when none is kept. Kept by the host so it outlives a restart in browser mode too, where
   * the page's origin (and so its storage) changes with the host's port.
   */
  loadSuiteDraft(): Promise<Result<{ draft: JsonObject | null }>>;
  /** Keeps the suite being edited (null forgets it); a draft over 20 MB as JSON is `too_large`. */
  saveSuiteDraft(request: SuiteDraftSave): Promise<Result<{ kept: boolean }>>;
}
