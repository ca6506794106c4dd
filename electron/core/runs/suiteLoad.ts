import path from 'node:path';
import { isJsonValue, isPlainObject, MAX_JSON_DEPTH } from '../../shared/check';
import { csvRows } from '../../shared/runs/csv';
import { compilePattern, escapePatternText, MAX_PATTERN_SIZE } from '../../shared/answerPattern';
import { readCapped } from '../storage/cappedFile';
import { DATA_FILE_NAME, readDataBeside, readOwnDataFile } from './dataFile';
import { DATA_LIMITS, MAX_RUN_REQUESTS, MAX_SUITE_BYTES, tooMuchData, type DataLimits } from '../../shared/runs/runLimits';
import { referencedColumns, substitutePayload, substituteText } from './substitute';
import type { DataRow, PlannedCase, Suite, SuiteProblem } from '../../shared/runs/suiteTypes';
import { checkColumnReferences, checkSuiteShape, withDefaults } from './suiteValidate';

/**
 * From a suite file on disk to the list of requests a run sends: read and parse the suite, check
 * it, read its data file, check every `{{column}}`, then expand cases × rows × agents with the
 * row's values substituted. Every problem is collected and returned together; a suite with any
 * problem gives no plan, so nothing is sent.
 *
 * Files are read as core/runs/dataFile.ts says, the desktop's own check: the suite up to 5 MB,
 * its `data` only inside its folder; `dataFile` (the person's `--data`) from anywhere.
 */

interface LoadedSuite {
  suite: Suite;
  /** The data file used (absolute; or its name, when the page sent its text), or null. */
  dataFile: string | null;
  plan: PlannedCase[];
}

export type LoadResult = { ok: true; value: LoadedSuite } | { ok: false; problems: SuiteProblem[] };

export interface LoadOptions {
  /** A data file to use instead of the suite's own (`--data`): the person's choice, read from anywhere. */
  dataFile?: string;
  /** The plan may hold at most this many requests (checked before it is made, and a data file's rows with it); 100,000 when absent. */
  maxRequests?: number;
}

interface DataTable {
  columns: string[];
  rows: Array<{ number: number; values: DataRow }>;
}

type DataResult = { ok: true; value: DataTable } | { ok: false; problems: SuiteProblem[] };

/** The limits of a data file for a run of at most `maxRequests` requests (a row is at least one request). */
function dataLimits(maxRequests: number | undefined): DataLimits {
  return { ...DATA_LIMITS, maxRows: maxRequests ?? MAX_RUN_REQUESTS };
}

/** Reads a data file the person named (`--data`) and parses it; problems name the file and the line. */
async function readDataFile(file: string, shown: string, limits: DataLimits = DATA_LIMITS): Promise<DataResult> {
  const read = await readOwnDataFile(file);
  if (!read.ok) return { ok: false, problems: [{ file: shown, field: '(file)', message: read.reason }] };
  return parseDataText(read.text, file, shown, limits);
}

/**
 * A data file's text as rows: JSON Lines when `name` ends in .jsonl, CSV otherwise (the app's
 * page reads the file and sends its text; the command line reads it from disk). Rows, columns
 * and values are counted as they are parsed, and parsing stops at the first past a limit.
 */
export function parseDataText(text: string, name: string, shown: string, limits: DataLimits = DATA_LIMITS): DataResult {
  const fail = (field: string, message: string) => ({ ok: false as const, problems: [{ file: shown, field, message }] });
  if (/\.jsonl$/i.test(name)) return parseJsonLines(text.replace(/^\uFEFF/, ''), limits, fail);
  const parsed = csvRows(text, limits);
  if (!parsed.ok) return fail(`line ${parsed.line}`, parsed.message);
  if (parsed.rows.length === 0) return fail('(file)', 'the data file has a header but no rows');
  return {
    ok: true,
    value: { columns: parsed.columns, rows: parsed.rows.map((row, index) => ({ number: index + 1, values: row.values })) },
  };
}

/** JSON Lines: one object a line (blank lines skipped), each a row; its keys are the columns, in order of first use. */
function parseJsonLines(
  text: string,
  limits: DataLimits,
  fail: (field: string, message: string) => { ok: false; problems: SuiteProblem[] },
): DataResult {
  const columns = new Set<string>();
  const rows: DataTable['rows'] = [];
  let values = 0;
  // Line by line through the text, not split whole: parsing stops at a limit without the rest.
  for (let start = 0, number = 1; start < text.length; number += 1) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
    start = end === -1 ? text.length : end + 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      return fail(`line ${number}`, `not JSON (${(error as Error).message})`);
    }
    if (!isPlainObject(value)) return fail(`line ${number}`, 'each line must be a JSON object (one row)');
    if (!isJsonValue(value)) return fail(`line ${number}`, `nests deeper than ${MAX_JSON_DEPTH} levels`);
    if (rows.length === limits.maxRows) return fail(`line ${number}`, tooMuchData('rows', limits.maxRows));
    const keys = Object.keys(value);
    values += keys.length;
    if (values > limits.maxValues) return fail(`line ${number}`, tooMuchData('values', limits.maxValues));
    for (const key of keys) columns.add(key);
    if (columns.size > limits.maxColumns) return fail(`line ${number}`, tooMuchData('columns', limits.maxColumns));
    rows.push({ number: rows.length + 1, values: value as DataRow });
  }
  if (rows.length === 0) return fail('(file)', 'the data file has no rows');
  return { ok: true, value: { columns: [...columns], rows } };
}

/** Where in a JSON text an error position is, as "line L, column C". */
function positionOf(text: string, message: string): string {
  const match = /position (\d+)/.exec(message);
  if (!match) return '(file)';
  const before = text.slice(0, Number(match[1]));
  const line = before.split('\n').length;
  return `line ${line}, column ${before.length - before.lastIndexOf('\n')}`;
}

export async function loadSuite(suiteFile: string, options: LoadOptions = {}): Promise<LoadResult> {
  const shown = path.basename(suiteFile);
  const read = await readCapped(suiteFile, MAX_SUITE_BYTES, 'suite file');
  if (!read.ok) return { ok: false, problems: [{ file: shown, field: '(file)', message: read.reason }] };
  const text = read.text;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    return { ok: false, problems: [{ file: shown, field: positionOf(text, message), message: `not valid JSON (${message})` }] };
  }
  return planSuite(raw, { suiteFile, ...options });
}

/**
 * Checks a parsed suite and expands it (see loadSuite). The suite's own `data` is read only
 * inside the folder of `suiteFile`; `dataFile` is the person's and read where it is.
 */
async function planSuite(raw: unknown, options: LoadOptions & { suiteFile: string }): Promise<LoadResult> {
  const shown = path.basename(options.suiteFile);
  const problems = checkSuiteShape(raw, shown);
  if (problems.length > 0) return { ok: false, problems };
  const suite = raw as Suite;
  const limits = dataLimits(options.maxRequests);
  let table: DataTable | null = null;
  let data: { name: string; kept: string } | null = null;
  if (options.dataFile !== undefined) {
    const file = path.resolve(options.dataFile);
    const read = await readDataFile(file, path.basename(file), limits);
    if (!read.ok) return read;
    table = read.value;
    data = { name: path.basename(file), kept: file };
  } else if (suite.data !== undefined) {
    const read = await readDataBeside(options.suiteFile, suite.data);
    if (!read.ok) {
      const message = `the data file "${suite.data}" was not read: ${read.reason}; to use a file of your own, name it with --data`;
      return { ok: false, problems: [{ file: shown, field: 'data', message }] };
    }
    const name = path.basename(suite.data);
    const parsed = parseDataText(read.text, suite.data, name, limits);
    if (!parsed.ok) return parsed;
    table = parsed.value;
    data = { name, kept: path.resolve(path.dirname(options.suiteFile), suite.data) };
  }
  return planChecked(suite, shown, table, data, options.maxRequests ?? MAX_RUN_REQUESTS);
}

export interface TextPlanOptions {
  /** The suite's file name, as problems show it. */
  suiteFile: string;
  /** The data file's text as the page read it; null without one. */
  data: { name: string; text: string } | null;
  /** The plan may hold at most this many requests (checked before it is made). */
  maxRequests?: number;
  /**
   * Repeat's one request, sent as typed: without a data file, `{{…}}` in it is text (a person
   * may be testing an agent with braces), not a column reference to refuse.
   */
  literal?: boolean;
}

/**
 * planSuite for the app's host: the page opened the files and sends their text, and the host
 * never reads a path the page names. A suite that names a data file needs its text given.
 */
export function planSuiteText(raw: unknown, options: TextPlanOptions): LoadResult {
  const shown = path.basename(options.suiteFile);
  const problems = checkSuiteShape(raw, shown);
  if (problems.length > 0) return { ok: false, problems };
  const suite = raw as Suite;
  if (options.data === null && suite.data !== undefined) {
    return { ok: false, problems: [{ file: shown, field: 'data', message: `the suite names the data file "${suite.data}": open it too` }] };
  }
  let table: DataTable | null = null;
  if (options.data !== null) {
    if (!DATA_FILE_NAME.test(options.data.name))
      return { ok: false, problems: [{ file: options.data.name, field: '(file)', message: 'a data file is .csv or .jsonl' }] };
    const data = parseDataText(options.data.text, options.data.name, options.data.name, dataLimits(options.maxRequests));
    if (!data.ok) return data;
    table = data.value;
  }
  return planChecked(
    suite,
    shown,
    table,
    options.data === null ? null : { name: options.data.name, kept: options.data.name },
    options.maxRequests,
    options.literal === true && table === null,
  );
}

/** How many requests a checked suite expands to (cases × rows × agents), without making them. */
function planSize(suite: Suite, table: DataTable | null): number {
  const rows = table ? table.rows.length : 1;
  return suite.cases.reduce((sum, item) => {
    const fields = withDefaults(item, suite.defaults);
    return sum + rows * (fields.agent !== undefined ? 1 : (suite.agents ?? []).length);
  }, 0);
}

function planChecked(
  suite: Suite,
  shown: string,
  table: DataTable | null,
  data: { name: string; kept: string } | null,
  maxRequests?: number,
  literal = false,
): LoadResult {
  // Literal (Repeat, no data file): nothing is substituted without a row, so nothing to check.
  const columnProblems = literal ? [] : checkColumnReferences(suite, shown, table?.columns ?? null, data?.name ?? null);
  if (columnProblems.length > 0) return { ok: false, problems: columnProblems };
  const size = planSize(suite, table);
  if (maxRequests !== undefined && size > maxRequests) {
    return {
      ok: false,
      problems: [
        {
          file: shown,
          field: 'cases',
          message: `the suite makes ${size} requests (cases × data rows × agents); a run sends at most ${maxRequests}`,
        },
      ],
    };
  }
  const expanded = expand(suite, shown, table, data?.name ?? null);
  if (expanded.problems.length > 0) return { ok: false, problems: expanded.problems };
  return { ok: true, value: { suite, dataFile: data?.kept ?? null, plan: expanded.plan } };
}

/**
 * Compiling a row's pattern costs about 1.5 µs per step of it: all the distinct patterns of a
 * plan may add up to this many steps (some seconds), which 100,000 rows of a short pattern fit.
 */
const ROW_PATTERN_BUDGET = 5_000_000;
/** A pattern that every row breaks is told for its first few rows, not for each. */
const ROW_PROBLEMS_SHOWN = 5;

function expand(
  suite: Suite,
  shown: string,
  table: DataTable | null,
  dataName: string | null,
): { plan: PlannedCase[]; problems: SuiteProblem[] } {
  const plan: PlannedCase[] = [];
  const problems: SuiteProblem[] = [];
  const rows: Array<{ number: number; values: DataRow } | null> = table ? table.rows : [null];
  // Each distinct pattern a row makes is compiled once, by the engine that will run it.
  const checked = new Map<string, string | null>();
  let spent = 0;
  suite.cases.forEach((item, caseIndex) => {
    const fields = withDefaults(item, suite.defaults);
    const agents = fields.agent !== undefined ? [fields.agent] : (suite.agents ?? []);
    const where = { case: { number: caseIndex + 1, ...(item.name === undefined ? {} : { name: item.name }) } };
    const patternField =
      item.expect?.answerMatches !== undefined ? `cases[${caseIndex}].expect.answerMatches` : 'defaults.expect.answerMatches';
    let rowProblems = 0;
    for (const row of rows) {
      const values = row?.values ?? null;
      const expect = { ...fields.expect };
      for (const key of ['answerContains', 'answerNotContains'] as const) {
        const texts = expect[key];
        if (texts !== undefined)
          expect[key] = Array.isArray(texts) ? texts.map((text) => substituteText(text, values)) : substituteText(texts, values);
      }
      // A value put into a pattern matches itself literally ("1.5" must not match "105"), but
      // it can still break the pattern around it (`a{1,{{n}}}` with n = 0): each row's is compiled.
      if (expect.answerMatches !== undefined && row !== null && referencedColumns(expect.answerMatches).length > 0) {
        const pattern = substituteText(expect.answerMatches, values, escapePatternText);
        let problem = checked.get(pattern);
        if (problem === undefined) {
          if (spent > ROW_PATTERN_BUDGET) {
            problems.push({
              file: shown,
              ...where,
              field: patternField,
              message:
                `checking this pattern with each of the ${rows.length.toLocaleString('en-US')} rows is too much work ` +
                `before a run (its patterns add up to over ${ROW_PATTERN_BUDGET.toLocaleString('en-US')} steps): use ` +
                `a shorter pattern, answerContains, or fewer rows`,
            });
            return;
          }
          const compiled = compilePattern(pattern);
          problem = compiled.ok ? null : compiled.problem;
          spent += compiled.ok ? compiled.value.size : MAX_PATTERN_SIZE;
          checked.set(pattern, problem);
        }
        if (problem !== null) {
          rowProblems += 1;
          if (rowProblems <= ROW_PROBLEMS_SHOWN)
            problems.push({
              file: shown,
              ...where,
              field: patternField,
              message: `with row ${row.number} of ${dataName ?? 'the data file'} it ${problem}`,
            });
          continue;
        }
        expect.answerMatches = pattern;
      }
      const text = substituteText(fields.text, values);
      const payload = substitutePayload(fields.payload, values);
      for (const agent of agents) {
        plan.push({
          index: plan.length,
          caseIndex,
          caseName: item.name ?? `case ${caseIndex + 1}`,
          row: row?.number ?? null,
          agentId: substituteText(agent, values),
          text,
          payload,
          expect,
        });
      }
    }
    if (rowProblems > ROW_PROBLEMS_SHOWN) {
      problems.push({
        file: shown,
        ...where,
        field: patternField,
        message: `and ${rowProblems - ROW_PROBLEMS_SHOWN} more rows make it invalid`,
      });
    }
  });
  return { plan, problems };
}
