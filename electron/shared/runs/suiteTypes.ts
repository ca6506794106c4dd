import type { JsonObject } from '../api';

/**
 * The suite file format: plain JSON that lives in git, described for editors by
 * schemas/suite.schema.json and checked in full by suiteValidate.ts before anything is sent.
 */

/** What a case expects of its exchange. Every field is optional; each is reported on its own. */
export interface Expectations {
  /** The HTTP status; 200 when absent. */
  status?: number;
  /**
   * The contract check passes (answer, duration and token of the right types). Defaults to true
   * when the expected status is 2xx, and to "not checked" otherwise (an error body has no answer).
   */
  contract?: boolean;
  /** Each text appears in the answer (a string, or a list of strings). */
  answerContains?: string | string[];
  /** No text of these appears in the answer. */
  answerNotContains?: string | string[];
  /** A regular expression (JavaScript syntax, no flags; `(?i:…)` for case-insensitive parts) the answer matches. */
  answerMatches?: string;
  /** Every top-level payload value appears in the answer (as the agent fills its placeholders). */
  payloadReflected?: boolean;
  token?: 'present' | 'absent';
  /** The server's own `duration`, parsed, is at most this many milliseconds. */
  maxServerMs?: number;
  /** The measured round trip is at most this many milliseconds. */
  maxRoundTripMs?: number;
  /** A judge agent of the platform checks the answer against a guideline's rules (judged last). */
  judge?: JudgeExpectation;
}

/** A judge agent's verdict on the answer, against a guideline's rules. */
export interface JudgeExpectation {
  /** The judge agent's id; the run's default judge (`--judge-agent`) when absent. */
  agent?: string;
  /** The guideline's id: fetched once per run. */
  guideline: string;
  /** The word that means pass when the judge answers in words rather than JSON; PASS when absent. */
  passWhen?: string;
  /** The rule numbers that count (1-based, as the History checklist numbers them); every rule when absent. */
  rules?: number[];
}

/** The fields of a case that suite-level `defaults` may also set. */
export interface CaseFields {
  agent?: string;
  text?: string;
  payload?: JsonObject;
  expect?: Expectations;
}

export interface SuiteCase extends CaseFields {
  name?: string;
}

/**
 * The suite schema's published address (its `$id`; schemas/suite.schema.json is the same file).
 * A suite the app saves names this one: the file can be saved anywhere, where a relative path
 * such as examples' "../../schemas/suite.schema.json" would point at nothing.
 */
export const SUITE_SCHEMA_URL = 'https://a-seed-6469d669.example/agent-explorer/schemas/suite.schema.json';

export interface Suite {
  $schema?: string;
  name?: string;
  /** A data file (.csv, .jsonl, or .json: an array of objects), relative to the suite: every case runs once per row. */
  data?: string;
  /** Agents every case without its own `agent` runs against. */
  agents?: string[];
  defaults?: CaseFields;
  cases: SuiteCase[];
}

/** One row of a data file: column name to value (CSV values are strings; JSONL keeps JSON types). */
export type DataRow = Record<string, unknown>;

/**
 * One request of a run, with everything substituted: the unit the runner sends. `row` is the
 * data row's number (1-based, as a person counts them), null without a data file.
 */
export interface PlannedCase {
  /** Position in the run, 0-based; results carry it so they can be ordered. */
  index: number;
  caseIndex: number;
  caseName: string;
  row: number | null;
  agentId: string;
  text: string;
  payload: JsonObject;
  expect: Expectations;
}

/** A problem with a suite, said where it is: file, case and field (a JSON path). */
export interface SuiteProblem {
  file: string;
  /** 1-based case number and its name, when the problem is in a case. */
  case?: { number: number; name?: string };
  /** Where in the file, e.g. `cases[2].expect.answerMatches`, or `line 14` in a data file. */
  field: string;
  message: string;
}

/** "suite.json: case 3 "reflects customer": cases[2].expect.answerMatches: …" */
export function describeProblem(problem: SuiteProblem): string {
  const where = problem.case ? ` case ${problem.case.number}${problem.case.name ? ` "${problem.case.name}"` : ''}:` : '';
  return `${problem.file}:${where} ${problem.field}: ${problem.message}`;
}
