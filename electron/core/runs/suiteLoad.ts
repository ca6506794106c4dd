import path from 'node:path';
import { compilePattern, escapePatternText, MAX_PATTERN_SIZE } from '../../shared/answerPattern';
import { readCapped } from '../storage/cappedFile';
import { DATA_FILE_NAME, openDataBeside, openOwnDataFile } from './dataFile';
import { rowSteps, scanData, type DataRowRead, type DataSource } from './dataRows';
import type { PlanSource } from './planSource';
import { DATA_LIMITS, MAX_RUN_REQUESTS, MAX_SUITE_BYTES, type DataLimits } from '../../shared/runs/runLimits';
import { referencedColumns, substitutePayload, substituteText } from './substitute';
import type { DataRow, Suite, SuiteProblem } from '../../shared/runs/suiteTypes';
import { checkColumnReferences, checkSuiteShape, withDefaults } from './suiteValidate';

/**
 * From a suite file on disk to the requests a run sends: read and parse the suite, check it,
 * read its data file through once (its limits, columns and rows), check every `{{column}}`,
 * then a plan that expands cases × rows × agents with the row's values substituted as the run
 * sends them, reading the data file again for each case: memory holds a row, whatever the
 * file's size. Every problem is collected and returned together; a suite with any problem gives
 * no plan, so nothing is sent.
 *
 * Files are read as core/runs/dataFile.ts says, the desktop's own check: the suite up to 5 MB,
 * its `data` only inside its folder; `dataFile` (the person's `--data`) from anywhere.
 */

interface LoadedSuite {
  suite: Suite;
  /** The data file used (absolute; or its name, when the page sent it), or null. */
  dataFile: string | null;
  /** The requests, made as the run sends them (the data file is read again for each case). */
  plan: PlanSource;
  /** The agents the plan sends to, each once, in plan order (the first MAX_AGENTS_LISTED). */
  agents: string[];
}

export type LoadResult = { ok: true; value: LoadedSuite } | { ok: false; problems: SuiteProblem[] };

export interface LoadOptions {
  /** A data file to use instead of the suite's own (`--data`): the person's choice, read from anywhere. */
  dataFile?: string;
  /** The plan may hold at most this many requests (checked before it is made, and a data file's rows with it); 100,000 when absent. */
  maxRequests?: number;
  /** The run's default judge agent (`--judge-agent`): judge expectations that name none use it. */
  judgeAgent?: string;
}

/** The agents a run's record lists at most (a data column may name a different agent on each row). */
const MAX_AGENTS_LISTED = 1000;

/** The limits of a data file for a run of at most `maxRequests` requests (a row is at least one request). */
function dataLimits(maxRequests: number | undefined): DataLimits {
  return { ...DATA_LIMITS, maxRows: maxRequests ?? MAX_RUN_REQUESTS };
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
 * Checks a parsed suite and plans it (see loadSuite). The suite's own `data` is read only
 * inside the folder of `suiteFile`; `dataFile` is the person's and read where it is.
 */
async function planSuite(raw: unknown, options: LoadOptions & { suiteFile: string }): Promise<LoadResult> {
  const shown = path.basename(options.suiteFile);
  const problems = checkSuiteShape(raw, shown, options.judgeAgent === undefined ? {} : { judgeAgent: options.judgeAgent });
  if (problems.length > 0) return { ok: false, problems };
  const suite = raw as Suite;
  if (options.dataFile !== undefined) {
    const file = path.resolve(options.dataFile);
    const opened = await openOwnDataFile(file);
    if (!opened.ok) return { ok: false, problems: [{ file: path.basename(file), field: '(file)', message: opened.reason }] };
    return planChecked(suite, shown, { source: opened.source, kept: file }, options.maxRequests ?? MAX_RUN_REQUESTS);
  }
  if (suite.data !== undefined) {
    const opened = await openDataBeside(options.suiteFile, suite.data);
    if (!opened.ok) {
      const message = `the data file "${suite.data}" was not read: ${opened.reason}; to use a file of your own, name it with --data`;
      return { ok: false, problems: [{ file: shown, field: 'data', message }] };
    }
    const kept = path.resolve(path.dirname(options.suiteFile), suite.data);
    return planChecked(suite, shown, { source: opened.source, kept }, options.maxRequests ?? MAX_RUN_REQUESTS);
  }
  return planChecked(suite, shown, null, options.maxRequests ?? MAX_RUN_REQUESTS);
}

export interface TextPlanOptions {
  /** The suite's file name, as problems show it. */
  suiteFile: string;
  /** The data file the page sent (its name, and its rows to read); null without one. */
  data: { name: string; source: DataSource } | null;
  /** The plan may hold at most this many requests (checked before it is made). */
  maxRequests?: number;
  /**
   * Repeat's one request, sent as typed: without a data file, `{{…}}` in it is text (a person
   * may be testing an agent with braces), not a column reference to refuse.
   */
  literal?: boolean;
}

/**
 * planSuite for the app's host: the page opened the files and sent the suite as parsed JSON and
 * its data file in pieces (dataUploads.ts); the host never reads a path the page names. A suite
 * that names a data file needs one sent. The data is read row by row as the run goes.
 */
export async function planSuiteText(raw: unknown, options: TextPlanOptions): Promise<LoadResult> {
  const shown = path.basename(options.suiteFile);
  const problems = checkSuiteShape(raw, shown);
  if (problems.length > 0) return { ok: false, problems };
  const suite = raw as Suite;
  if (options.data === null && suite.data !== undefined) {
    return { ok: false, problems: [{ file: shown, field: 'data', message: `the suite names the data file "${suite.data}": open it too` }] };
  }
  if (options.data === null) return planChecked(suite, shown, null, options.maxRequests, options.literal === true);
  const { name, source } = options.data;
  if (!DATA_FILE_NAME.test(name))
    return { ok: false, problems: [{ file: name, field: '(file)', message: 'a data file is .csv, .jsonl or .json' }] };
  return planChecked(suite, shown, { source, kept: name }, options.maxRequests);
}

/** A checked data file: its source, and how many rows it has. */
interface DataTable {
  source: DataSource;
  rows: number;
  limits: DataLimits;
}

/** The agents each case sends to (its own, or the suite's). */
function agentsOf(suite: Suite): string[][] {
  return suite.cases.map((item) => {
    const fields = withDefaults(item, suite.defaults);
    return fields.agent !== undefined ? [fields.agent] : (suite.agents ?? []);
  });
}

/**
 * The checks that need the data, then the plan: the file is read once (its limits, columns and
 * rows, and the agents the rows name), then once more for each case whose pattern takes a row's
 * value; nothing is held but a row and counts. Problems come all together, before anything is sent.
 */
async function planChecked(
  suite: Suite,
  shown: string,
  data: { source: DataSource; kept: string } | null,
  maxRequests?: number,
  literal = false,
): Promise<LoadResult> {
  const caseAgents = agentsOf(suite);
  const agents = caseAgents.map(() => new Set<string>());
  let listed = 0;
  const noteAgents = (values: DataRow | null) => {
    caseAgents.forEach((list, caseIndex) => {
      for (const agent of list) {
        if (listed >= MAX_AGENTS_LISTED) return;
        const named = substituteText(agent, values);
        if (agents[caseIndex]!.has(named)) continue;
        agents[caseIndex]!.add(named);
        listed += 1;
      }
    });
  };
  let table: DataTable | null = null;
  if (data !== null) {
    const limits = dataLimits(maxRequests);
    const scan = await scanData(data.source, limits, (row) => noteAgents(row.values));
    if (!scan.ok) return { ok: false, problems: [{ file: data.source.shown, field: scan.field, message: scan.message }] };
    // Literal (Repeat, no data file): nothing is substituted without a row, so nothing to check.
    const columnProblems = checkColumnReferences(suite, shown, scan.columns, data.source.shown);
    if (columnProblems.length > 0) return { ok: false, problems: columnProblems };
    table = { source: data.source, rows: scan.rows, limits };
  } else {
    const columnProblems = literal ? [] : checkColumnReferences(suite, shown, null, null);
    if (columnProblems.length > 0) return { ok: false, problems: columnProblems };
    noteAgents(null);
  }
  const rows = table ? table.rows : 1;
  const size = caseAgents.reduce((sum, list) => sum + rows * list.length, 0);
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
  if (table !== null) {
    const patternProblems = await checkRowPatterns(suite, shown, table);
    if (patternProblems.length > 0) return { ok: false, problems: patternProblems };
  }
  const listedAgents = [...new Set(agents.flatMap((set) => [...set]))];
  return { ok: true, value: { suite, dataFile: data?.kept ?? null, plan: planOf(suite, table, size), agents: listedAgents } };
}

/** A pass over a checked file's rows; a problem now (the file changed since its check) stops the run. */
async function* rowsOf(table: DataTable): AsyncGenerator<DataRowRead> {
  let count = 0;
  for await (const step of rowSteps(table.source, table.limits)) {
    if (step.kind === 'problem') throw new Error(`the data file changed after it was checked (${step.field}: ${step.message})`);
    if (step.kind !== 'row') continue;
    count += 1;
    if (count > table.rows) break;
    yield step.row;
  }
  if (count !== table.rows) throw new Error(`the data file changed after it was checked: it had ${table.rows} rows, now ${count}`);
}

/** Whether a case's pattern takes a row's value (and so is compiled for each row before the run). */
function rowPattern(pattern: string | undefined, table: DataTable | null): pattern is string {
  return pattern !== undefined && table !== null && referencedColumns(pattern).length > 0;
}

/**
 * Compiling a row's pattern costs about 1.5 µs per step of it: all the distinct patterns of a
 * plan may add up to this many steps (some seconds), which 100,000 rows of a short pattern fit.
 */
const ROW_PATTERN_BUDGET = 5_000_000;
/** A pattern that every row breaks is told for its first few rows, not for each. */
const ROW_PROBLEMS_SHOWN = 5;
/** The patterns already compiled are remembered up to this many (then forgotten together): a repeat is not compiled again. */
const PATTERNS_REMEMBERED = 100_000;

/**
 * A value put into a pattern matches itself literally ("1.5" must not match "105"), but it can
 * still break the pattern around it (`a{1,{{n}}}` with n = 0): each row's is compiled, by the
 * engine that will run it, each distinct one once.
 */
async function checkRowPatterns(suite: Suite, shown: string, table: DataTable): Promise<SuiteProblem[]> {
  const problems: SuiteProblem[] = [];
  const checked = new Map<string, string | null>();
  let spent = 0;
  for (const [caseIndex, item] of suite.cases.entries()) {
    const fields = withDefaults(item, suite.defaults);
    const template = fields.expect?.answerMatches;
    if (!rowPattern(template, table)) continue;
    const where = { case: { number: caseIndex + 1, ...(item.name === undefined ? {} : { name: item.name }) } };
    const patternField =
      item.expect?.answerMatches !== undefined ? `cases[${caseIndex}].expect.answerMatches` : 'defaults.expect.answerMatches';
    let rowProblems = 0;
    for await (const row of rowsOf(table)) {
      const pattern = substituteText(template, row.values, escapePatternText);
      let problem = checked.get(pattern);
      if (problem === undefined) {
        if (spent > ROW_PATTERN_BUDGET) {
          problems.push({
            file: shown,
            ...where,
            field: patternField,
            message:
              `checking this pattern with each of the ${table.rows.toLocaleString('en-US')} rows is too much work ` +
              `before a run (its patterns add up to over ${ROW_PATTERN_BUDGET.toLocaleString('en-US')} steps): use ` +
              `a shorter pattern, answerContains, or fewer rows`,
          });
          break;
        }
        const compiled = compilePattern(pattern);
        problem = compiled.ok ? null : compiled.problem;
        spent += compiled.ok ? compiled.value.size : MAX_PATTERN_SIZE;
        if (checked.size >= PATTERNS_REMEMBERED) checked.clear();
        checked.set(pattern, problem);
      }
      if (problem === null) continue;
      rowProblems += 1;
      if (rowProblems <= ROW_PROBLEMS_SHOWN)
        problems.push({
          file: shown,
          ...where,
          field: patternField,
          message: `with row ${row.number} of ${table.source.shown} it ${problem}`,
        });
    }
    if (rowProblems > ROW_PROBLEMS_SHOWN) {
      problems.push({
        file: shown,
        ...where,
        field: patternField,
        message: `and ${rowProblems - ROW_PROBLEMS_SHOWN} more rows make it invalid`,
      });
    }
  }
  return problems;
}

/** The checked suite's requests, case after case, each case over every row, each row to each agent, with the row's values put in. */
function planOf(suite: Suite, table: DataTable | null, total: number): PlanSource {
  return {
    total,
    async *cases() {
      let index = 0;
      for (const [caseIndex, item] of suite.cases.entries()) {
        const fields = withDefaults(item, suite.defaults);
        const agents = fields.agent !== undefined ? [fields.agent] : (suite.agents ?? []);
        const caseName = item.name ?? `case ${caseIndex + 1}`;
        const rows: AsyncIterable<DataRowRead | null> | Array<null> = table ? rowsOf(table) : [null];
        for await (const row of rows) {
          const values = row?.values ?? null;
          const expect = { ...fields.expect };
          for (const key of ['answerContains', 'answerNotContains'] as const) {
            const texts = expect[key];
            if (texts !== undefined)
              expect[key] = Array.isArray(texts) ? texts.map((text) => substituteText(text, values)) : substituteText(texts, values);
          }
          if (rowPattern(expect.answerMatches, table))
            expect.answerMatches = substituteText(expect.answerMatches, values, escapePatternText);
          const text = substituteText(fields.text, values);
          const payload = substitutePayload(fields.payload, values);
          for (const agent of agents) {
            yield { index, caseIndex, caseName, row: row?.number ?? null, agentId: substituteText(agent, values), text, payload, expect };
            index += 1;
          }
        }
      }
    },
  };
}
