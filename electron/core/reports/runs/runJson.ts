import { wholeReport, type ReportWriter } from './reportWriter';
import type { RunReport } from './runReport';

/**
 * A run as JSON (docs/formats/report-format.md, "Runs"): `JSON.stringify(report, null, 2)` and a
 * newline, with DEL and the C1 controls escaped too, written a result at a time (reportWriter.ts):
 * the command line writes each result while the run waits for answers.
 */

/** The run as JSON: two-space indents and a final newline. */
export function jsonReport(report: RunReport): string {
  return wholeReport(jsonWriter, report);
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
/** A result stringified as `{"results": [result]}` comes out at the depth the report has it. */
const ONE_OPEN = '{\n  "results": [';
const ONE_CLOSE = '\n  ]\n}';

/**
 * Each result is stringified inside an object of one `results` field, which puts it at its depth
 * in the report (four spaces), so no line is indented again afterwards; results after the first
 * have the comma JSON.stringify puts between them. The report's other fields come from
 * stringifying it with `results: []`, split at that empty array.
 */
export function jsonWriter(): ReportWriter {
  let written = 0;
  return {
    sections: 1,
    add(result) {
      const text = json({ results: [result] });
      const piece = `${written > 0 ? ',' : ''}${text.slice(ONE_OPEN.length, text.length - ONE_CLOSE.length)}`;
      written += 1;
      return [piece];
    },
    frame(head) {
      const skeleton = json({ ...head, results: [] });
      const slot = skeleton.indexOf(RESULTS_SLOT);
      return [
        `${skeleton.slice(0, slot)}\n  "results": [`,
        `${written > 0 ? '\n  ' : ''}],${skeleton.slice(slot + RESULTS_SLOT.length)}\n`,
      ];
    },
  };
}
