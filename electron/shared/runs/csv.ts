import { DATA_LIMITS, MAX_ROW_CHARS, tooMuchData, type DataLimits } from './runLimits';

/**
 * A CSV reader (RFC 4180) for run data files. No CSV package is among the app's dependencies and
 * the format is small, so it is parsed here, carefully: fields in double quotes may hold commas,
 * quotes (doubled) and line breaks; CRLF and LF both end a record; a UTF-8 BOM is dropped; a
 * blank last line is not a record. Anything malformed is an error with its line, never a guess.
 * It reads a file as it comes, a piece at a time (a run's data file, read as the run needs it),
 * and a whole text as one piece (the data-file preview): one parser for both.
 */

interface CsvRecord {
  /** The line the record starts on, 1-based, for messages. */
  line: number;
  fields: string[];
}

export type CsvParsed = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };
type CsvStep = { ok: true; record: CsvRecord } | { ok: false; line: number; message: string };

/** A run of characters that cannot end or quote an unquoted field. */
const PLAIN = /[^",\r\n]*/y;

/** The whole text's records, or its first problem (the data-file preview shows them all). */
export function parseCsv(input: string): CsvParsed {
  const records: CsvRecord[] = [];
  const reader = bomDropped(csvRecordReader());
  for (const step of [...reader.push(input), ...reader.end()]) {
    if (!step.ok) return step;
    records.push(step.record);
  }
  return { ok: true, records };
}

/** A reader fed the text a piece at a time: each piece gives the steps it completes; `end` gives the rest. */
export interface ChunkReader<Step> {
  push(chunk: string): Step[];
  end(): Step[];
}

/** The reader with a UTF-8 byte-order mark at the start of the text dropped (every data format's readers start so). */
export function bomDropped<Step>(reader: ChunkReader<Step>): ChunkReader<Step> {
  let started = false;
  return {
    push(chunk) {
      if (started || chunk === '') return reader.push(chunk);
      started = true;
      return reader.push(chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk);
    },
    end: () => reader.end(),
  };
}

/** One record parsed from `start`, or more text needed to tell where it ends. */
type Attempt = { kind: 'record'; fields: string[]; next: number; lines: number } | { kind: 'need' } | CsvProblem;
type CsvProblem = { kind: 'problem'; line: number; message: string };

/**
 * The records as the text comes, a piece at a time (a whole text is one piece): a reader that
 * has seen enough stops, and the rest is never parsed. A problem is the last step; so is a
 * record of more than `maxFields` fields, or one longer than `maxRecordChars` (an unclosed quote
 * in a huge file must not hold the whole file). A record cut by a piece's end is parsed again
 * from its start once more text has come, at least twice as much, so a long record costs linear time.
 */
function csvRecordReader(maxFields = Infinity, maxRecordChars = Infinity): ChunkReader<CsvStep> {
  let text = '';
  let stopped = false;
  let line = 1;
  let retryAt = 0;
  const run = (final: boolean): CsvStep[] => {
    const steps: CsvStep[] = [];
    if (stopped || (!final && text.length < retryAt)) return steps;
    let at = 0;
    for (;;) {
      if (at === text.length) break;
      const attempt = parseRecord(text, at, line, final, maxFields);
      if (attempt.kind === 'need') {
        if (text.length - at > maxRecordChars) {
          steps.push({ ok: false, line, message: tooLong(maxRecordChars) });
          stopped = true;
        }
        break;
      }
      if (attempt.kind === 'problem') {
        steps.push({ ok: false, line: attempt.line, message: attempt.message });
        stopped = true;
        break;
      }
      steps.push({ ok: true, record: { line, fields: attempt.fields } });
      line += attempt.lines;
      at = attempt.next;
    }
    text = text.slice(at);
    retryAt = text.length * 2;
    return steps;
  };
  return {
    push(chunk) {
      if (stopped) return [];
      text += chunk;
      return run(false);
    },
    end() {
      retryAt = 0;
      const steps = run(true);
      stopped = true;
      return steps;
    },
  };
}

/** Why a record is refused for its length. */
function tooLong(max: number): string {
  return `a row is longer than ${max.toLocaleString('en-US')} characters (is a quote not closed?)`;
}

/**
 * The record that starts at `start` (on line `line`). Fields are cut out with slice between the
 * characters that matter (found by indexOf and a sticky pattern), not built a character at a
 * time: a 1000-row file parses in a fraction of the time, which a command's start feels. Not
 * `final`: text that ends before the record can be told whole asks for more.
 */
function parseRecord(text: string, start: number, recordLine: number, final: boolean, maxFields: number): Attempt {
  const fields: string[] = [];
  let line = recordLine;
  let i = start;
  for (;;) {
    let field: string;
    if (text[i] === '"') {
      // A quoted field: runs to the next quote that is not doubled.
      const openedOn = line;
      field = '';
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) return final ? { kind: 'problem', line: openedOn, message: 'a quoted field is not closed' } : { kind: 'need' };
        // Whether the quote is doubled is told by the character after it.
        if (quote + 1 === text.length && !final) return { kind: 'need' };
        const part = text.slice(i, quote);
        for (let at = part.indexOf('\n'); at !== -1; at = part.indexOf('\n', at + 1)) line += 1;
        field += part;
        if (text[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        return { kind: 'problem', line, message: 'text follows a closing quote (a quote inside a field must be doubled: "")' };
      }
    } else {
      PLAIN.lastIndex = i;
      field = PLAIN.exec(text)![0];
      i = PLAIN.lastIndex;
      if (i === text.length && !final) return { kind: 'need' };
      if (text[i] === '"') {
        return { kind: 'problem', line, message: 'a quote inside an unquoted field (quote the whole field and double the quote)' };
      }
    }
    fields.push(field);
    if (fields.length > maxFields) return { kind: 'problem', line: recordLine, message: tooMuchData('columns', maxFields) };
    const char = text[i];
    if (char === ',') {
      i += 1;
      if (i === text.length) {
        if (!final) return { kind: 'need' };
        // "a,b," at the very end still ends with an empty field.
        fields.push('');
        return { kind: 'record', fields, next: i, lines: line - recordLine };
      }
      continue;
    }
    // A line break or the end of the text ends the record; a CR cut from its LF waits for it.
    if (char === undefined) return { kind: 'record', fields, next: i, lines: line - recordLine };
    if (char === '\r' && i + 1 === text.length && !final) return { kind: 'need' };
    const next = i + (char === '\r' && text[i + 1] === '\n' ? 2 : 1);
    return { kind: 'record', fields, next, lines: line - recordLine + 1 };
  }
}

export type CsvRows =
  | { ok: true; columns: string[]; rows: Array<{ line: number; values: Record<string, string> }> }
  | { ok: false; line: number; message: string };

/** What a CSV data file gives, step by step: its header's columns first, then each row, or a problem (the last step). */
export type CsvRowStep =
  | { kind: 'columns'; columns: string[] }
  | { kind: 'row'; line: number; values: Record<string, string> }
  | { kind: 'problem'; line: number; message: string };

/** A whole CSV text as rows keyed by its header line, or the first problem with its line (csvRowReader fed one piece). */
export function csvRows(input: string, limits: DataLimits = DATA_LIMITS): CsvRows {
  const reader = csvRowReader(limits);
  let columns: string[] = [];
  const rows: Array<{ line: number; values: Record<string, string> }> = [];
  for (const step of [...reader.push(input), ...reader.end()]) {
    if (step.kind === 'problem') return { ok: false, line: step.line, message: step.message };
    if (step.kind === 'columns') columns = step.columns;
    else rows.push({ line: step.line, values: step.values });
  }
  return { ok: true, columns, rows };
}

/**
 * A CSV file's rows keyed by its header line, as its text comes a piece at a time. Rows, columns
 * and values are counted as the records are parsed: past a limit it stops there, so a huge file
 * costs no more than its first allowed part, and nothing is kept but the row being read.
 */
export function csvRowReader(limits: DataLimits = DATA_LIMITS): ChunkReader<CsvRowStep> {
  const records = bomDropped(csvRecordReader(limits.maxColumns, limits.maxRowChars ?? MAX_ROW_CHARS));
  let columns: string[] | null = null;
  let rows = 0;
  let stopped = false;
  const problem = (line: number, message: string): CsvRowStep => {
    stopped = true;
    return { kind: 'problem', line, message };
  };
  const header = (record: CsvRecord | undefined): CsvRowStep => {
    if (!record || (record.fields.length === 1 && record.fields[0] === ''))
      return problem(1, 'the file is empty: the first line must name the columns');
    const names = record.fields.map((name) => name.trim());
    const seen = new Set<string>();
    for (const name of names) {
      if (name === '') return problem(record.line, 'a column has no name');
      if (seen.has(name)) return problem(record.line, `the column "${name}" is named twice`);
      seen.add(name);
    }
    columns = names;
    return { kind: 'columns', columns: names };
  };
  const row = (record: CsvRecord, names: string[]): CsvRowStep => {
    if (record.fields.length !== names.length)
      return problem(record.line, `${record.fields.length} fields where the header has ${names.length}`);
    if (rows === limits.maxRows) return problem(record.line, tooMuchData('rows', limits.maxRows));
    if ((rows + 1) * names.length > limits.maxValues) return problem(record.line, tooMuchData('values', limits.maxValues));
    rows += 1;
    // Object.fromEntries: a column named "__proto__" is a column like any other.
    return { kind: 'row', line: record.line, values: Object.fromEntries(names.map((name, index) => [name, record.fields[index] ?? ''])) };
  };
  const steps = (parsed: CsvStep[], final: boolean): CsvRowStep[] => {
    const out: CsvRowStep[] = [];
    for (const step of parsed) {
      if (stopped) break;
      if (!step.ok) out.push(problem(step.line, step.message));
      else out.push(columns === null ? header(step.record) : row(step.record, columns));
    }
    if (final && !stopped && columns === null) out.push(header(undefined));
    return out;
  };
  return {
    push: (chunk) => (stopped ? [] : steps(records.push(chunk), false)),
    end: () => (stopped ? [] : steps(records.end(), true)),
  };
}
