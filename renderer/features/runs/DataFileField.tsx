import { useId, useRef, useState } from 'react';
import { parseCsv } from '../../../electron/shared/runs/csv';
import { MAX_DATA_BYTES } from '../../../electron/shared/runs/runLimits';
import { formatBytes } from '../../lib/format';
import type { HeldDataFile } from './sendRunData';

/**
 * How many data rows a file holds, as the runner counts them (a CSV's header is not a row), or
 * why it cannot tell; for a file too large to hold as text, its size (the host counts its rows
 * as the run starts).
 */
export function dataRowCount(data: HeldDataFile): { rows: number } | { problem: string } | { bytes: number } {
  if ('file' in data) return { bytes: data.file.size };
  if (/\.jsonl$/i.test(data.name)) return { rows: data.text.split(/\r?\n/).filter((line) => line.trim() !== '').length };
  if (/\.json$/i.test(data.name)) {
    // The host reads it item by item and says which item is wrong; here, only how many there are.
    try {
      const value: unknown = JSON.parse(data.text.replace(/^\uFEFF/, ''));
      return Array.isArray(value) ? { rows: value.length } : { problem: 'it is not a JSON array of objects' };
    } catch (error) {
      return { problem: error instanceof Error ? error.message : String(error) };
    }
  }
  const parsed = parseCsv(data.text);
  if (!parsed.ok) return { problem: `line ${parsed.line}: ${parsed.message}` };
  return { rows: Math.max(0, parsed.records.length - 1) };
}

function countText(count: ReturnType<typeof dataRowCount>): string {
  if ('bytes' in count) return `${formatBytes(count.bytes)}; its rows are read as the run starts`;
  if ('problem' in count) return `cannot be read (${count.problem})`;
  return count.rows === 1 ? '1 row' : `${count.rows.toLocaleString()} rows`;
}

/**
 * The suite's data file: every case runs once per row. The page reads the file the person picks
 * (the host never reads a path the page names) and sends it with the run, in pieces; the suite's
 * `data` keeps the file's name, as it is found beside the suite file. A file up to MAX_DATA_BYTES
 * is held as text (its rows counted here, kept with the draft); a larger one stays the picked file.
 */
export function DataFileField({
  data,
  onChange,
  note,
}: {
  data: HeldDataFile | null;
  onChange: (data: HeldDataFile | null) => void;
  note: string | null;
}) {
  const inputId = useId();
  const chosenId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const count = data ? dataRowCount(data) : null;
  return (
    <div className="field suite-data" data-focus-area="data">
      <label htmlFor={inputId}>Data file (.csv, .jsonl or .json)</label>
      {/*
        The browser's file input says "No file chosen" beside a chosen file (its value is cleared so
        the same file can be picked again): it is hidden from sight, still the keyboard's stop with
        its label, and our own button and text stand where it was.
      */}
      <div className="file-pick">
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          className="visually-hidden file-pick-input"
          aria-describedby={chosenId}
          accept=".csv,.jsonl,.json"
          data-focus="data"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!/\.(csv|jsonl|json)$/i.test(file.name)) {
              setReadError(`${file.name} is not a .csv, .jsonl or .json file.`);
              return;
            }
            if (file.size > MAX_DATA_BYTES) {
              setReadError(null);
              onChange({ name: file.name, file });
              return;
            }
            file.text().then(
              (text) => {
                setReadError(null);
                onChange({ name: file.name, text });
              },
              (error: unknown) => setReadError(`${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`),
            );
          }}
        />
        <span className="button-quiet button-small file-pick-button" aria-hidden="true" onClick={() => inputRef.current?.click()}>
          Choose file…
        </span>
        {!data && (
          <span id={chosenId} className="file-pick-chosen small muted">
            No data file chosen
          </span>
        )}
      </div>
      {data && count && (
        <p className="field-hint" role="status">
          <span id={chosenId}>
            <span className="mono">{data.name}</span>: {countText(count)}
          </span>{' '}
          <button type="button" className="button-link" onClick={() => onChange(null)}>
            Remove data file
          </button>
        </p>
      )}
      {!data && <p className="field-hint">Without one, each case runs once. With one, {'{{column}}'} in a case takes each row’s value.</p>}
      {note && <p className="field-warning">{note}</p>}
      {readError && (
        <p className="field-error" role="alert">
          {readError}
        </p>
      )}
    </div>
  );
}
