/**
 * The limits of a run, one set for every host: the app's host checks its arguments against them
 * (runValidate.ts), and the command line takes them as its defaults (some settable there, by the
 * person at the keyboard). Plain values, no imports: the renderer's data-file preview and the
 * command line load this without anything else of the engine.
 */

/** The limits of a run's settings, as the run view's fields also say them. */
export const RUN_LIMITS = {
  concurrency: { min: 1, max: 64 },
  ratePerSecond: { min: 0.1, max: 1000 },
  iterations: { min: 1, max: 10_000 },
} as const;

/** A run sends at most this many requests (cases × rows × agents × iterations): the store, the view and a report stay usable. */
export const MAX_RUN_REQUESTS = 100_000;

/** The largest suite file read (a suite is cases, not data: 5 MB is far beyond any real one). */
export const MAX_SUITE_BYTES = 5 * 1024 * 1024;
/** The largest data file read: the browser-mode host's request limit, so a file that works in one mode works in both. */
export const MAX_DATA_BYTES = 16 * 1024 * 1024;

/**
 * A data file's columns and values (rows × columns), counted while it is parsed, which stops at
 * the first one past a limit. Each value of a row costs about 35 bytes of memory kept (an object
 * per row, keyed by column), whatever its text: 2,000,000 values (100,000 rows of 20 columns)
 * stay under 100 MB, where a 16 MB file of empty fields unchecked took gigabytes.
 */
const MAX_DATA_COLUMNS = 1000;
const MAX_DATA_VALUES = 2_000_000;

/** What a data file may hold; the rows are limited by the requests a run may send (a row is at least one). */
export interface DataLimits {
  maxRows: number;
  maxColumns: number;
  maxValues: number;
}

export const DATA_LIMITS: DataLimits = { maxRows: MAX_RUN_REQUESTS, maxColumns: MAX_DATA_COLUMNS, maxValues: MAX_DATA_VALUES };

/** Why a data file is refused at a limit, in words a person reads. */
export function tooMuchData(what: 'rows' | 'columns' | 'values', max: number): string {
  const limit = max.toLocaleString('en-US');
  if (what === 'rows') return `the data file has more than ${limit} rows: a run sends at most ${limit} requests`;
  if (what === 'columns') return `the data file has more than ${limit} columns`;
  return `the data file has more than ${limit} values (rows × columns)`;
}
