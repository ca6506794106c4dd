import { useEffect, useId, useState } from 'react';
import {
  changeRowType,
  emptyRow,
  ROW_TYPE_LABELS,
  ROW_TYPES,
  rowProblems,
  rowsFromText,
  textFromRows,
  type PayloadRow,
  type RowProblem,
  type RowType,
} from '../../../lib/payloadTable';

interface PayloadTableProps {
  text: string;
  onChange: (text: string) => void;
  /** Told whenever the rows' problems change, so sending can be refused while a row is wrong. */
  onProblems: (problems: RowProblem[]) => void;
}

/** The rows and the text they were read from (or last wrote), or why the text is no table. */
type TableState = { text: string; rows: PayloadRow[] | null; reason: string | null };

function read(text: string): TableState {
  const result = rowsFromText(text);
  return result.ok ? { text, rows: result.rows, reason: null } : { text, rows: null, reason: result.message };
}

/**
 * The payload as a key/value table. It edits the same text as the JSON view: rows are read
 * from the text when it changes elsewhere, and each valid edit writes the text back. A row
 * that is not valid keeps what was typed and says why beside it; the text keeps its last
 * valid form until the row is fixed. Text that is not a JSON object is never touched here.
 */
export function PayloadTable({ text, onChange, onProblems }: PayloadTableProps) {
  const [state, setState] = useState<TableState>(() => read(text));
  let current = state;
  // Text changed from outside (the JSON view, an example): read the rows again.
  if (state.text !== text) {
    current = read(text);
    setState(current);
  }
  const rows = current.rows;
  const problems = rows ? rowProblems(rows) : [];
  const problemKey = JSON.stringify(problems);

  useEffect(() => {
    onProblems(JSON.parse(problemKey) as RowProblem[]);
  }, [problemKey, onProblems]);

  if (!rows) {
    return (
      <div className="kv-unavailable" role="note">
        <p>
          <strong>The table cannot show this payload.</strong> {current.reason}
        </p>
        <p className="muted small">Fix it in the JSON view; nothing you typed has been changed.</p>
      </div>
    );
  }

  function update(next: PayloadRow[]) {
    const written = textFromRows(next);
    if (written !== null && written !== text) onChange(written);
    setState({ text: written ?? text, rows: next, reason: null });
  }

  const change = (id: number, patch: (row: PayloadRow) => PayloadRow) => update(rows.map((row) => (row.id === id ? patch(row) : row)));

  return (
    <div className="kv">
      <table className="kv-table" aria-label="Payload fields">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Type</th>
            <th scope="col">Value</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <TableRow
              key={row.id}
              row={row}
              index={index}
              problems={problems.filter((problem) => problem.rowId === row.id)}
              onChange={(patch) => change(row.id, patch)}
              onRemove={() => update(rows.filter((other) => other.id !== row.id))}
            />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="muted small kv-empty">No fields: the payload is an empty object.</p>}
      <button type="button" className="button-quiet button-small" onClick={() => update([...rows, emptyRow()])}>
        Add field
      </button>
    </div>
  );
}

function TableRow({
  row,
  index,
  problems,
  onChange,
  onRemove,
}: {
  row: PayloadRow;
  index: number;
  problems: RowProblem[];
  onChange: (patch: (row: PayloadRow) => PayloadRow) => void;
  onRemove: () => void;
}) {
  const ids = { key: useId(), value: useId() };
  const name = row.key || `row ${index + 1}`;
  const keyProblem = problems.find((problem) => problem.cell === 'key');
  const valueProblem = problems.find((problem) => problem.cell === 'value');
  const valueProps = {
    'aria-label': `Value of ${name}`,
    'aria-invalid': valueProblem ? true : undefined,
    'aria-describedby': valueProblem ? ids.value : undefined,
  };
  const setValue = (value: string) => onChange((current) => ({ ...current, value }));
  return (
    <tr>
      <td>
        <input
          className="input mono"
          aria-label={`Key of row ${index + 1}`}
          value={row.key}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={keyProblem ? true : undefined}
          aria-describedby={keyProblem ? ids.key : undefined}
          onChange={(event) => onChange((current) => ({ ...current, key: event.target.value }))}
        />
        {keyProblem && (
          <p id={ids.key} className="field-error">
            {keyProblem.message}
          </p>
        )}
      </td>
      <td>
        <select
          className="input kv-type"
          aria-label={`Type of ${name}`}
          value={row.type}
          onChange={(event) => onChange((current) => changeRowType(current, event.target.value as RowType))}
        >
          {ROW_TYPES.map((type) => (
            <option key={type} value={type}>
              {ROW_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </td>
      <td>
        {row.type === 'boolean' ? (
          <select className="input" {...valueProps} value={row.value} onChange={(event) => setValue(event.target.value)}>
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        ) : row.type === 'json' ? (
          <textarea
            className="input mono"
            rows={2}
            spellCheck={false}
            {...valueProps}
            value={row.value}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : (
          <input
            className={row.type === 'string' ? 'input' : 'input mono'}
            inputMode={row.type === 'number' ? 'decimal' : undefined}
            spellCheck={false}
            autoComplete="off"
            disabled={row.type === 'null'}
            placeholder={row.type === 'null' ? 'null' : undefined}
            {...valueProps}
            value={row.value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        {valueProblem && (
          <p id={ids.value} className="field-error">
            {valueProblem.message}
          </p>
        )}
      </td>
      <td>
        <button type="button" className="button-quiet button-small kv-remove" aria-label={`Remove ${name}`} onClick={onRemove}>
          ✕
        </button>
      </td>
    </tr>
  );
}
