import { checkPayload } from './payload';
import { compactJson, formatJson } from './jsonFormat';
import { findJsonProblem } from './jsonLocation';
import { topLevelMembers, type MemberKind } from './payloadMembers';

/**
 * The payload as rows of key, type and value: the model behind the Table view.
 *
 * Both views edit the same payload text. The table reads its rows from the text, and writes
 * the text back only when every row is valid; a row that is not (a "number" that is not a
 * number) shows its error where it was typed and the text keeps its last valid form. Values
 * are carried as source text, so a number keeps exactly the digits typed.
 */

/** The types a row can have; objects and arrays are "json", edited as JSON text. */
export type RowType = 'string' | 'number' | 'boolean' | 'null' | 'json';

/** The types in the order the type select lists them. */
export const ROW_TYPES: readonly RowType[] = ['string', 'number', 'boolean', 'null', 'json'];

/** What the type select shows for each type. */
export const ROW_TYPE_LABELS: Record<RowType, string> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  null: 'null',
  json: 'JSON',
};

/** One row of the table. */
export interface PayloadRow {
  /** Stable within one table, for React keys and focus; never sent. */
  id: number;
  key: string;
  type: RowType;
  /** The value as the user sees it: a string's text (no quotes), a number's digits, JSON text. */
  value: string;
}

/** Why a row cannot be written into the payload, and which cell to fix. */
export interface RowProblem {
  rowId: number;
  cell: 'key' | 'value';
  message: string;
}

let nextRowId = 1;

/** A fresh row id; ids only need to differ within one table. */
function newRowId(): number {
  return nextRowId++;
}

/** A new, empty row (blank rows are ignored until something is typed). */
export function emptyRow(): PayloadRow {
  return { id: newRowId(), key: '', type: 'string', value: '' };
}

function rowTypeOf(kind: MemberKind): RowType {
  return kind === 'object' || kind === 'array' ? 'json' : kind;
}

/**
 * The rows for a payload text, or the reason it cannot be shown as a table (the same message
 * the JSON view shows), so the table can say why instead of showing nothing.
 */
export function rowsFromText(text: string): { ok: true; rows: PayloadRow[] } | { ok: false; message: string } {
  const check = checkPayload(text);
  if (!check.ok) return { ok: false, message: check.message };
  const members = topLevelMembers(text) ?? [];
  return {
    ok: true,
    rows: members.map((member) => ({
      id: newRowId(),
      key: member.key,
      type: rowTypeOf(member.kind),
      value:
        member.kind === 'object' || member.kind === 'array'
          ? (compactJson(member.source) ?? member.source)
          : member.kind === 'null'
            ? ''
            : member.text,
    })),
  };
}

/** JSON's number grammar (RFC 8259): no leading zeros, no "+", no bare ".5", no NaN. */
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** True for a row the user has not filled in at all; it is skipped, not an error. */
function isBlankRow(row: PayloadRow): boolean {
  return row.key === '' && row.value === '' && (row.type === 'string' || row.type === 'null');
}

/** The row's value as JSON source text, or the reason it has none. */
function rowValueJson(row: PayloadRow): { ok: true; json: string } | { ok: false; message: string } {
  switch (row.type) {
    case 'string':
      return { ok: true, json: JSON.stringify(row.value) };
    case 'null':
      return { ok: true, json: 'null' };
    case 'boolean':
      return row.value === 'true' || row.value === 'false'
        ? { ok: true, json: row.value }
        : { ok: false, message: 'Choose true or false.' };
    case 'number': {
      const digits = row.value.trim();
      if (digits === '') return { ok: false, message: 'Enter a number.' };
      if (!JSON_NUMBER.test(digits)) {
        return { ok: false, message: `“${digits}” is not a number. Use digits with an optional “.” and exponent, e.g. 12, -3.5, 1e6.` };
      }
      return { ok: true, json: digits };
    }
    case 'json': {
      const problem = findJsonProblem(row.value);
      if (problem) return { ok: false, message: `Invalid JSON at column ${problem.column}: ${problem.reason}` };
      return { ok: true, json: row.value.trim() };
    }
  }
}

/** Every problem in the rows, in table order: empty and duplicate keys, and invalid values. */
export function rowProblems(rows: readonly PayloadRow[]): RowProblem[] {
  const problems: RowProblem[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (isBlankRow(row)) continue;
    if (row.key === '') problems.push({ rowId: row.id, cell: 'key', message: 'This value needs a key.' });
    else if (seen.has(row.key))
      problems.push({ rowId: row.id, cell: 'key', message: `The key “${row.key}” is already used above; each key may appear once.` });
    seen.add(row.key);
    const value = rowValueJson(row);
    if (!value.ok) problems.push({ rowId: row.id, cell: 'value', message: value.message });
  }
  return problems;
}

/** The payload text for valid rows, laid out like Format does; null while any row has a problem. */
export function textFromRows(rows: readonly PayloadRow[]): string | null {
  if (rowProblems(rows).length > 0) return null;
  const lines: string[] = [];
  for (const row of rows) {
    if (isBlankRow(row)) continue;
    const value = rowValueJson(row);
    if (!value.ok) return null;
    const json = row.type === 'json' ? (formatJson(value.json, 2, 2) ?? value.json) : value.json;
    lines.push(`  ${JSON.stringify(row.key)}: ${json}`);
  }
  return lines.length === 0 ? '{}' : `{\n${lines.join(',\n')}\n}`;
}

/**
 * The row with another type, its value carried over where it means the same thing: "42" as
 * a string becomes 42 as a number (or stays "42" and shows an error if it is not one).
 */
export function changeRowType(row: PayloadRow, type: RowType): PayloadRow {
  if (type === row.type) return row;
  switch (type) {
    case 'boolean':
      return { ...row, type, value: row.value.trim() === 'false' ? 'false' : 'true' };
    case 'null':
      return { ...row, type, value: '' };
    case 'json': {
      // A string that already holds an object or array (pasted JSON) is taken as that JSON.
      const holdsJson = row.type === 'string' && /^\s*[[{]/.test(row.value) && findJsonProblem(row.value) === null;
      const value =
        row.type === 'number' || row.type === 'boolean' || holdsJson ? row.value : row.type === 'null' ? 'null' : JSON.stringify(row.value);
      return { ...row, type, value };
    }
    case 'string':
      return { ...row, type, value: row.type === 'null' ? '' : row.value };
    case 'number':
      return { ...row, type, value: row.type === 'null' ? '' : row.value };
  }
}
