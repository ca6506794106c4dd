import { DATA_LIMITS, tooMuchData, type DataLimits } from './runLimits';

/**
 * A CSV reader (RFC 4180) for run data files. No CSV package is among the app's dependencies and
 * the format is small, so it is parsed here, carefully: fields in double quotes may hold commas,
 * quotes (doubled) and line breaks; CRLF and LF both end a record; a UTF-8 BOM is dropped; a
 * blank last line is not a record. Anything malformed is an error with its line, never a guess.
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
  for (const step of csvRecords(input)) {
    if (!step.ok) return step;
    records.push(step.record);
  }
  return { ok: true, records };
}

/**
 * The records one at a time, as they are parsed: a reader that has seen enough stops, and the
 * rest of the text is never parsed. A problem is the last step; so is a record of more than
 * `maxFields` fields, found before they are all kept.
 */
function* csvRecords(input: string, maxFields = Infinity): Generator<CsvStep, void> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  let fields: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;
  // Fields are cut out with slice between the characters that matter (found by indexOf and a
  // sticky pattern), not built a character at a time: a 1000-row file parses in a fraction of
  // the time, which a command's start feels.
  while (i < text.length) {
    let field: string;
    if (text[i] === '"') {
      // A quoted field: runs to the next quote that is not doubled.
      const openedOn = line;
      field = '';
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) {
          yield { ok: false, line: openedOn, message: 'a quoted field is not closed' };
          return;
        }
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
        yield { ok: false, line, message: 'text follows a closing quote (a quote inside a field must be doubled: "")' };
        return;
      }
    } else {
      PLAIN.lastIndex = i;
      field = PLAIN.exec(text)![0];
      i = PLAIN.lastIndex;
      if (text[i] === '"') {
        yield { ok: false, line, message: 'a quote inside an unquoted field (quote the whole field and double the quote)' };
        return;
      }
    }
    fields.push(field);
    if (fields.length > maxFields) {
      yield { ok: false, line: recordLine, message: tooMuchData('columns', maxFields) };
      return;
    }
    const char = text[i];
    if (char === ',') {
      i += 1;
      // "a,b," at the very end still ends with an empty field.
      if (i === text.length) fields.push('');
      continue;
    }
    // A line break or the end of the text ends the record.
    yield { ok: true, record: { line: recordLine, fields } };
    fields = [];
    if (char === undefined) break;
    i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
    line += 1;
    recordLine = line;
  }
  if (fields.length > 0) yield { ok: true, record: { line: recordLine, fields } };
}

export type CsvRows =
  | { ok: true; columns: string[]; rows: Array<{ line: number; values: Record<string, string> }> }
  | { ok: false; line: number; message: string };

/**
 * A CSV file as rows keyed by its header line, or the first problem with its line. Rows,
 * columns and values are counted as the records are parsed: past a limit it stops there, so a
 * huge file costs no more than its first allowed part.
 */
export function csvRows(input: string, limits: DataLimits = DATA_LIMITS): CsvRows {
  const records = csvRecords(input, limits.maxColumns);
  const first = records.next();
  if (!first.done && !first.value.ok) return first.value;
  const header = first.done || !first.value.ok ? undefined : first.value.record;
  if (!header || (header.fields.length === 1 && header.fields[0] === ''))
    return { ok: false, line: 1, message: 'the file is empty: the first line must name the columns' };
  const columns = header.fields.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of columns) {
    if (name === '') return { ok: false, line: header.line, message: 'a column has no name' };
    if (seen.has(name)) return { ok: false, line: header.line, message: `the column "${name}" is named twice` };
    seen.add(name);
  }
  const rows: Array<{ line: number; values: Record<string, string> }> = [];
  for (const step of records) {
    if (!step.ok) return step;
    const record = step.record;
    if (record.fields.length !== columns.length) {
      return { ok: false, line: record.line, message: `${record.fields.length} fields where the header has ${columns.length}` };
    }
    if (rows.length === limits.maxRows) return { ok: false, line: record.line, message: tooMuchData('rows', limits.maxRows) };
    if ((rows.length + 1) * columns.length > limits.maxValues)
      return { ok: false, line: record.line, message: tooMuchData('values', limits.maxValues) };
    // Object.fromEntries: a column named "__proto__" is a column like any other.
    const values: Record<string, string> = Object.fromEntries(columns.map((name, index) => [name, record.fields[index] ?? '']));
    rows.push({ line: record.line, values });
  }
  return { ok: true, columns, rows };
}
