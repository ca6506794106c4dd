import type { RunReport, RunReportResult } from './runReport';

/**
 * How every run report format is written, whole (the app's export) or while the run goes (the
 * command line): each result, in plan order, becomes its text in each of the file's sections
 * (HTML has two, its table's rows and the exchanges below it; the other formats one), and once
 * the run is over the text around the sections is made from the report without its results:
 * the totals that JUnit and the JSON report put before the results are known only then.
 *
 * The file is `frame[0] + section 0 + frame[1] + section 1 + ... + frame[sections]`. A writer
 * keeps tallies (how many results it wrote, JUnit's failures and errors), never a result, so a
 * report written while streaming is the very text written whole: one code path makes both.
 */
export interface ReportWriter {
  /** How many sections the results go to. */
  readonly sections: number;
  /** The next result in plan order: its text in each section. */
  add(result: RunReportResult): string[];
  /** The text around the sections (one more than there are sections), from the report with `results: []`. */
  frame(head: RunReport): string[];
}

/** Makes a format's writer for a run of this suite (JUnit names each test case's class after it). */
export type ReportWriterFactory = (suite: string) => ReportWriter;

/** The whole file at once: the format's writer fed every result of the report. */
export function wholeReport(factory: ReportWriterFactory, report: RunReport): string {
  const writer = factory(report.suite);
  const sections = Array.from({ length: writer.sections }, () => [] as string[]);
  for (const result of report.results) writer.add(result).forEach((text, index) => sections[index]!.push(text));
  return writer
    .frame({ ...report, results: [] })
    .map((text, index) => `${text}${sections[index]?.join('') ?? ''}`)
    .join('');
}

/**
 * The file a piece at a time from results that can be read more than once (a kept run, read from
 * the database a page at a time): one pass counts what the frame needs (JUnit's totals come first
 * in the file), then one pass per section writes it, each with a fresh writer, so the text is the
 * very text `wholeReport` makes. Memory holds one result at a time, whatever the run's size.
 */
export async function* streamedReport(
  factory: ReportWriterFactory,
  head: RunReport,
  results: () => AsyncIterable<RunReportResult>,
): AsyncGenerator<string> {
  const tally = factory(head.suite);
  for await (const result of results()) tally.add(result);
  const frame = tally.frame({ ...head, results: [] });
  for (let section = 0; section < tally.sections; section += 1) {
    yield frame[section]!;
    const writer = factory(head.suite);
    for await (const result of results()) yield writer.add(result)[section]!;
  }
  yield frame[tally.sections]!;
}
