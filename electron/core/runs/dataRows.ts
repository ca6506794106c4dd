import { isJsonValue, isPlainObject, MAX_JSON_DEPTH } from '../../shared/check';
import { bomDropped, csvRowReader, type ChunkReader } from '../../shared/runs/csv';
import { MAX_ROW_CHARS, tooMuchData, type DataLimits } from '../../shared/runs/runLimits';
import type { DataRow } from '../../shared/runs/suiteTypes';

/**
 * A data file's rows, read as its text comes, a piece at a time, holding one row: CSV (csv.ts),
 * JSON Lines (one object a line), or a JSON array of objects (what most exported data sets
 * are). Every format counts rows, columns and values as it reads and stops at the first past a
 * limit; a problem is the last step and names the line, as the person's editor shows it.
 *
 * The JSON array is cut into its items here, and each item is read by JSON.parse, as a JSON
 * Lines row is: both formats then refuse the same things with the same words (the line a row
 * starts on, JSON.parse's own reason, the depth check), and an item costs what a line costs.
 */

export type DataFormat = 'csv' | 'jsonl' | 'json';

/** One row: its number (1-based, as a person counts rows) and values keyed by column. */
export interface DataRowRead {
  number: number;
  values: DataRow;
}

export type RowStep =
  { kind: 'columns'; columns: string[] } | { kind: 'row'; row: DataRowRead } | { kind: 'problem'; field: string; message: string };

/** The format a data file's name says: .jsonl, .json, else CSV. */
export function dataFormatOf(name: string): DataFormat {
  if (/\.jsonl$/i.test(name)) return 'jsonl';
  if (/\.json$/i.test(name)) return 'json';
  return 'csv';
}

/** A reader of a data file's text in `format`, fed a piece at a time. */
function dataRowReader(format: DataFormat, limits: DataLimits): ChunkReader<RowStep> {
  if (format === 'csv') {
    let number = 0;
    const reader = csvRowReader(limits);
    const steps = (parsed: ReturnType<typeof reader.push>): RowStep[] =>
      parsed.map((step) => {
        if (step.kind === 'problem') return { kind: 'problem', field: `line ${step.line}`, message: step.message };
        if (step.kind === 'columns') return step;
        number += 1;
        return { kind: 'row', row: { number, values: step.values } };
      });
    return { push: (chunk) => steps(reader.push(chunk)), end: () => steps(reader.end()) };
  }
  return bomDropped(format === 'jsonl' ? jsonLinesReader(limits) : jsonArrayReader(limits));
}

/** Each row's object checked and counted, as JSON Lines and JSON arrays (`unit`: "line", "item") both read them. */
function objectRows(limits: DataLimits, unit: 'line' | 'item') {
  const columns = new Set<string>();
  let rows = 0;
  let values = 0;
  return (text: string, line: number): RowStep => {
    const problem = (message: string): RowStep => ({ kind: 'problem', field: `line ${line}`, message });
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return problem(`not JSON (${(error as Error).message})`);
    }
    if (!isPlainObject(value)) return problem(`each ${unit} must be a JSON object (one row)`);
    if (!isJsonValue(value)) return problem(`nests deeper than ${MAX_JSON_DEPTH} levels`);
    if (rows === limits.maxRows) return problem(tooMuchData('rows', limits.maxRows));
    const keys = Object.keys(value);
    values += keys.length;
    if (values > limits.maxValues) return problem(tooMuchData('values', limits.maxValues));
    for (const key of keys) columns.add(key);
    if (columns.size > limits.maxColumns) return problem(tooMuchData('columns', limits.maxColumns));
    rows += 1;
    return { kind: 'row', row: { number: rows, values: value as DataRow } };
  };
}

function tooLong(line: number, max: number): RowStep {
  return { kind: 'problem', field: `line ${line}`, message: `a row is longer than ${max.toLocaleString('en-US')} characters` };
}

/** JSON Lines: one object a line (blank lines skipped), each a row; its keys are the columns, in order of first use. */
function jsonLinesReader(limits: DataLimits): ChunkReader<RowStep> {
  const maxChars = limits.maxRowChars ?? MAX_ROW_CHARS;
  const row = objectRows(limits, 'line');
  let text = '';
  let line = 1;
  let stopped = false;
  const lines = (final: boolean): RowStep[] => {
    const steps: RowStep[] = [];
    let start = 0;
    while (!stopped) {
      const end = text.indexOf('\n', start);
      if (end === -1 && !final) {
        if (text.length - start > maxChars) {
          steps.push(tooLong(line, maxChars));
          stopped = true;
        }
        break;
      }
      const content = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
      if (content.length > maxChars) steps.push(tooLong(line, maxChars));
      else if (content.trim() !== '') steps.push(row(content, line));
      if (steps.at(-1)?.kind === 'problem') stopped = true;
      if (end === -1) {
        start = text.length;
        break;
      }
      start = end + 1;
      line += 1;
    }
    text = text.slice(start);
    return steps;
  };
  return {
    push(chunk) {
      if (stopped) return [];
      text += chunk;
      return lines(false);
    },
    end() {
      const steps = stopped ? [] : lines(true);
      stopped = true;
      return steps;
    },
  };
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * A JSON array of objects, `[{...}, {...}]`: its items are cut out by scanning for the commas
 * and the bracket at its own depth (outside strings), and each is read as a JSON Lines row is.
 */
function jsonArrayReader(limits: DataLimits): ChunkReader<RowStep> {
  const maxChars = limits.maxRowChars ?? MAX_ROW_CHARS;
  const row = objectRows(limits, 'item');
  /** Before `[`; before an item (after `[` or a comma); in an item; after `]`. */
  let state: 'start' | 'before' | 'item' | 'end' = 'start';
  let afterComma = false;
  let line = 1;
  let itemLine = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let pieces: string[] = [];
  let pieceChars = 0;
  let stopped = false;
  const problem = (message: string): RowStep => {
    stopped = true;
    return { kind: 'problem', field: `line ${line}`, message };
  };
  const finishItem = (text: string): RowStep => {
    const item = pieces.join('') + text;
    const step = item.length > maxChars ? tooLong(itemLine, maxChars) : row(item, itemLine);
    pieces = [];
    pieceChars = 0;
    if (step.kind === 'problem') stopped = true;
    return step;
  };
  const scan = (text: string): RowStep[] => {
    const steps: RowStep[] = [];
    let itemStart = state === 'item' ? 0 : -1;
    for (let i = 0; i < text.length && !stopped; i += 1) {
      const char = text[i]!;
      if (state === 'item') {
        if (inString) {
          if (escaped) escaped = false;
          else if (char === '\\') escaped = true;
          else if (char === '"') inString = false;
          else if (char === '\n') line += 1;
          continue;
        }
        if (char === '"') inString = true;
        else if (char === '{' || char === '[') depth += 1;
        else if ((char === '}' || char === ']') && depth > 0) depth -= 1;
        else if (char === '\n') line += 1;
        else if (depth === 0 && (char === ',' || char === ']')) {
          steps.push(finishItem(text.slice(itemStart, i)));
          itemStart = -1;
          state = char === ',' ? 'before' : 'end';
          afterComma = char === ',';
        }
        continue;
      }
      if (char === '\n') line += 1;
      if (WHITESPACE.has(char)) continue;
      if (state === 'start') {
        if (char !== '[') steps.push(problem('a .json data file must be an array of objects, one a row: [{...}, {...}]'));
        state = 'before';
      } else if (state === 'before') {
        if (char === ']' && !afterComma) state = 'end';
        else if (char === ']' || char === ',') steps.push(problem(`not JSON (unexpected "${char}" where an item should be)`));
        else {
          state = 'item';
          itemStart = i;
          itemLine = line;
          i -= 1;
        }
      } else {
        steps.push(problem('not JSON (text after the array\'s closing "]")'));
      }
    }
    if (state === 'item' && !stopped && itemStart !== -1) {
      const rest = text.slice(itemStart);
      pieces.push(rest);
      pieceChars += rest.length;
      if (pieceChars > maxChars) {
        steps.push(tooLong(itemLine, maxChars));
        stopped = true;
      }
    }
    return steps;
  };
  return {
    push(chunk) {
      return stopped ? [] : scan(chunk);
    },
    end() {
      if (stopped) return [];
      stopped = true;
      // Nothing at all, or `[]`: scanData says the file has no rows.
      if (state === 'start' || state === 'end') return [];
      return [{ kind: 'problem', field: `line ${line}`, message: 'not JSON (the array is not closed with "]")' }];
    },
  };
}

/**
 * Where a run's data comes from: a file read again for each pass over it (the check, then each
 * case), whether the person's own or the host's copy of one the app's page sent (dataUploads.ts);
 * or text held whole (textSource). `chunks` throws an Error saying what went wrong when
 * the file can no longer be read as it was.
 */
export interface DataSource {
  /** The file's name as problems show it. */
  shown: string;
  format: DataFormat;
  chunks(): AsyncIterable<string>;
}

/** Characters of held text read at a time: what a file's read gives (dataFile.ts reads 64 KiB). */
const TEXT_PIECE = 65_536;

/**
 * A data file's text held whole (as the tests give it), read a piece at a time as a file
 * is: a pass then holds the rows of one piece, not of the whole file (in one piece, every row
 * became an object at once and stayed for the whole pass). A cut never falls between the two
 * halves of a character (a surrogate pair), so each piece is text a file's decoder could give.
 */
export function textSource(name: string, shown: string, text: string): DataSource {
  return {
    shown,
    format: dataFormatOf(name),
    async *chunks() {
      for (let from = 0; from < text.length;) {
        let to = Math.min(text.length, from + TEXT_PIECE);
        if (to < text.length && /[\uD800-\uDBFF]/.test(text[to - 1]!)) to -= 1;
        yield text.slice(from, to);
        from = to;
      }
    },
  };
}

/** The steps of one pass over a source's rows, a piece of text at a time. */
export async function* rowSteps(source: DataSource, limits: DataLimits): AsyncGenerator<RowStep> {
  const reader = dataRowReader(source.format, limits);
  for await (const chunk of source.chunks()) yield* reader.push(chunk);
  yield* reader.end();
}

export type DataScan = { ok: true; columns: string[]; rows: number } | { ok: false; field: string; message: string };

/**
 * The check before a run: one pass over the file holding one row at a time; the columns (a
 * CSV's header, or the keys in order of first use) and how many rows. `onRow` sees each row.
 */
export async function scanData(source: DataSource, limits: DataLimits, onRow?: (row: DataRowRead) => void): Promise<DataScan> {
  let header: string[] | null = null;
  const keys = new Set<string>();
  let rows = 0;
  try {
    for await (const step of rowSteps(source, limits)) {
      if (step.kind === 'problem') return { ok: false, field: step.field, message: step.message };
      if (step.kind === 'columns') header = step.columns;
      else {
        rows += 1;
        if (header === null) for (const key of Object.keys(step.row.values)) keys.add(key);
        onRow?.(step.row);
      }
    }
  } catch (error) {
    return { ok: false, field: '(file)', message: (error as Error).message };
  }
  if (rows === 0)
    return { ok: false, field: '(file)', message: header ? 'the data file has a header but no rows' : 'the data file has no rows' };
  return { ok: true, columns: header ?? [...keys], rows };
}
