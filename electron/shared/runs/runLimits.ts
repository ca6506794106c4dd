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

/**
 * A run sends at most this many requests (cases × rows × agents × iterations) unless the person
 * sets another limit (the app's settings, the command line's --max-requests). Runs are streamed,
 * so this is no memory guard: it stops a typo in iterations or a wrong data file from sending
 * millions of paid requests. A million covers the evaluation sets people run.
 */
export const MAX_RUN_REQUESTS = 1_000_000;
/** The most that limit may be set to (a billion requests is years of a platform's time). */
export const MAX_RUN_REQUESTS_SETTING = 1_000_000_000;

/** The largest suite file read (a suite is cases, not data: 5 MB is far beyond any real one). */
export const MAX_SUITE_BYTES = 5 * 1024 * 1024;

/**
 * The largest data file read whole: the one the desktop's Open suite reads beside the suite for
 * the page, and the one the page holds as text (kept with the suite's draft, its rows counted as
 * it is picked). A larger file the person picks stays a file the page reads only to send it.
 */
export const MAX_DATA_BYTES = 16 * 1024 * 1024;

/**
 * The app's page sends a run's data file to the host in pieces of at most this many characters
 * (escaped as JSON, a piece stays under the browser-mode host's 16 MB request limit), and the
 * host writes them to a file the run reads row by row: a data file is limited by this size
 * and by the requests a run may send, as the command line's `--data` is by the latter alone.
 */
export const MAX_DATA_PIECE_CHARS = 1024 * 1024;
export const MAX_UPLOADED_DATA_BYTES = 4 * 1024 * 1024 * 1024;

/**
 * A data file's columns and values (rows × columns), counted while it is read, which stops at
 * the first one past a limit. Rows are read as the run needs them and not kept, so values cost
 * no memory: their cap only bounds the time a check of the file takes (it is read once to be
 * checked, then once for each case). A row is at most MAX_ROW_CHARS characters: the reader holds
 * one row at a time, and a quote never closed must not make it hold the whole file.
 */
const MAX_DATA_COLUMNS = 1000;
const MAX_DATA_VALUES = 100_000_000;
export const MAX_ROW_CHARS = 16 * 1024 * 1024;

/** What a data file may hold; the rows are limited by the requests a run may send (a row is at least one). */
export interface DataLimits {
  maxRows: number;
  maxColumns: number;
  maxValues: number;
  /** A row's length in characters; MAX_ROW_CHARS when absent. */
  maxRowChars?: number;
}

export const DATA_LIMITS: DataLimits = { maxRows: MAX_RUN_REQUESTS, maxColumns: MAX_DATA_COLUMNS, maxValues: MAX_DATA_VALUES };

/** Why a data file is refused at a limit, in words a person reads. */
export function tooMuchData(what: 'rows' | 'columns' | 'values', max: number): string {
  const limit = max.toLocaleString('en-US');
  if (what === 'rows') return `the data file has more than ${limit} rows: a run sends at most ${limit} requests`;
  if (what === 'columns') return `the data file has more than ${limit} columns`;
  return `the data file has more than ${limit} values (rows × columns)`;
}
