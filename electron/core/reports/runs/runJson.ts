import type { RunReport, RunReportResult } from './runReport';

/**
 * A run as JSON (docs/formats/report-format.md, "Runs"), whole or in pieces: the command line
 * turns the results into text while the run goes on, and never holds a large run's report whole.
 */

/** The run as JSON (docs/formats/report-format.md, "Runs"): two-space indents and a final newline. */
export function jsonReport(report: RunReport): string {
  return [...jsonReportPieces({ ...report, results: [] }, report.results)].join('');
}

// JSON.stringify escapes the C0 controls in strings but leaves DEL and the C1 controls raw; a
// terminal may act on those, so they are escaped too (they can only occur inside strings, and
// JSON.parse reads the same value back).
const JSON_RAW_CONTROLS = /[\u007f-\u009f]/g;
function json(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(JSON_RAW_CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Where the results go in the JSON of a report whose results are empty: its only line at this depth with this text. */
const RESULTS_SLOT = '\n  "results": [],';

/** How many results are turned into text together: a piece of the report is about 200 KB. */
export const RESULTS_PER_PIECE = 64;
/** A batch of results stringified as `{"results": [...]}` comes out at the depth the report has them. */
const BATCH_OPEN = '{\n  "results": [';
const BATCH_CLOSE = '\n  ]\n}';

/**
 * The JSON report's results turned into text as they come, in any order, a batch at a time in
 * plan order: the command line feeds each result while the run waits for answers, so at the end
 * only the last batch and the head are left to write. Joined, the pieces are exactly
 * `JSON.stringify(report, null, 2)` and a newline (with DEL and the C1 controls escaped as
 * `\u0080`, which JSON.stringify leaves raw), whatever the batches were. Each batch is
 * stringified inside an object of one `results` field, which puts its results at their depth in
 * the report (four spaces), so no line is indented again afterwards.
 */
export function createJsonResultsText(): {
  /** A result, by its place in the plan (results may come in any order, and places may be left empty). */
  add(index: number, result: RunReportResult): void;
  /**
   * The whole report, `head` being the report with `results: []`, in its place among the fields;
   * the results already as UTF-8 bytes (encoding 6 MB of text took about 80 ms after the run).
   */
  pieces(head: RunReport): Generator<string | Uint8Array>;
} {
  const waiting = new Map<number, RunReportResult>();
  const written: Uint8Array[] = [];
  let next = 0;
  let batch: RunReportResult[] = [];
  const flush = () => {
    written.push(Buffer.from(batchText(batch, written.length === 0), 'utf8'));
    batch = [];
  };
  const take = (result: RunReportResult) => {
    batch.push(result);
    if (batch.length === RESULTS_PER_PIECE) flush();
  };
  return {
    add(index, result) {
      waiting.set(index, result);
      for (let found = waiting.get(next); found !== undefined; found = waiting.get(next)) {
        waiting.delete(next);
        next += 1;
        take(found);
      }
    },
    *pieces(head) {
      // Places left empty (a cancelled run's requests that were never sent): the rest, in plan order.
      for (const index of [...waiting.keys()].sort((a, b) => a - b)) take(waiting.get(index)!);
      waiting.clear();
      if (batch.length > 0) flush();
      yield* reportAround(head, written);
    },
  };
}

/** A batch of results as the text of the report's results array; `first`: no comma before it. */
function batchText(batch: RunReportResult[], first: boolean): string {
  const text = json({ results: batch });
  return `${first ? '' : ','}${text.slice(BATCH_OPEN.length, text.length - BATCH_CLOSE.length)}`;
}

/** The report's text around its results' pieces. */
function* reportAround<Piece extends string | Uint8Array>(head: RunReport, results: Iterable<Piece>): Generator<string | Piece> {
  const skeleton = json(head);
  const slot = skeleton.indexOf(RESULTS_SLOT);
  yield `${skeleton.slice(0, slot)}\n  "results": [`;
  let any = false;
  for (const piece of results) {
    any = true;
    yield piece;
  }
  yield `${any ? '\n  ' : ''}],${skeleton.slice(slot + RESULTS_SLOT.length)}\n`;
}

/**
 * The JSON report as consecutive pieces of text, for results already in plan order, each batch
 * turned into text when its turn comes (a large report is written piece by piece).
 */
export function jsonReportPieces(head: RunReport, results: Iterable<RunReportResult>): Generator<string> {
  return reportAround(
    head,
    (function* () {
      let batch: RunReportResult[] = [];
      let first = true;
      for (const result of results) {
        batch.push(result);
        if (batch.length === RESULTS_PER_PIECE) {
          yield batchText(batch, first);
          first = false;
          batch = [];
        }
      }
      if (batch.length > 0) yield batchText(batch, first);
    })(),
  );
}
