/**
 * `agent-explorer import postman COLLECTION.json [--data FILE] [--out FILE]`: a Postman v2.1
 * collection's invoke requests as a suite (shared/runs/postman.ts converts; this reads the files
 * and writes the suite). What was not converted is listed on standard error, one line each; the
 * suite goes to --out (written safely, never through a link) or standard output. The written
 * suite passes the same check `agent-explorer run` makes before sending.
 */
import path from 'node:path';
import { parseCommandLine, USAGE_EXIT_CODE, type Command, type CommandLine, type OptionTable } from '../shared/commandLine';
import { printable } from '../shared/printable';
import { importPostmanCollection } from '../shared/runs/postman';
import { describeProblem } from '../shared/runs/suiteTypes';
import { readCapped } from '../core/storage/cappedFile';
import { writeFileSafely } from '../core/storage/safeWrite';
import { scanData } from '../core/runs/dataRows';
import { openOwnDataFile } from '../core/runs/dataFile';
import { DATA_LIMITS, MAX_SUITE_BYTES } from '../shared/runs/runLimits';
import { checkSuiteShape } from '../core/runs/suiteValidate';

interface ImportArgs {
  collection: string;
  data?: string;
  out?: string;
}

const IMPORT_COMMAND = {
  usage: 'agent-explorer import postman COLLECTION.json [options]',
  summary:
    "Turns a Postman collection's requests to the invoke endpoint into a suite: the agent id, text and payload\n" +
    'from the URL and body, {{variables}} kept as data columns, simple pm tests (status, include) as expectations.\n' +
    'Whatever is not converted is listed on standard error.',
  positionals: true,
  options: {
    data: {
      type: 'string',
      value: 'FILE',
      help: "the data file (.csv or .jsonl) the suite names: its columns are checked against the\ncollection's {{variables}}",
    },
    out: { type: 'string', value: 'FILE', help: 'write the suite there (default: standard output)' },
  },
  footer: 'Exit code: 0 the suite was made, 2 bad arguments or a file that is not a collection with an invoke request.',
} as const satisfies Command<OptionTable>;

function parseImportArgs(argv: readonly string[]): CommandLine<ImportArgs> {
  return parseCommandLine(IMPORT_COMMAND, argv, (values, positionals) => {
    const [kind, collection, ...extra] = positionals;
    if (kind !== 'postman') return { ok: false, message: `name what to import from: agent-explorer import postman COLLECTION.json` };
    if (collection === undefined) return { ok: false, message: 'name the collection file: agent-explorer import postman COLLECTION.json' };
    if (extra.length > 0) return { ok: false, message: `one collection at a time (also given: ${extra[0]!})` };
    return {
      ok: true,
      value: {
        collection,
        ...(values.data === undefined ? {} : { data: values.data }),
        ...(values.out === undefined ? {} : { out: values.out }),
      },
    };
  });
}

export interface ImportIo {
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** Runs the command; resolves to the exit code. */
export async function importCli(argv: readonly string[], io: ImportIo): Promise<number> {
  const say = (text: string) => io.stderr.write(`agent-explorer: ${printable(text)}\n`);
  const parsed = parseImportArgs(argv);
  if (parsed.kind === 'print') {
    io.stdout.write(`${parsed.text}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    say(parsed.message);
    return USAGE_EXIT_CODE;
  }
  const args = parsed.args;
  const file = path.resolve(io.cwd, args.collection);
  const shown = path.basename(file);
  const read = await readCapped(file, MAX_SUITE_BYTES, 'collection file');
  if (!read.ok) {
    say(`${shown}: ${read.reason}`);
    return USAGE_EXIT_CODE;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(read.text);
  } catch (error) {
    say(`${shown}: not valid JSON (${(error as Error).message})`);
    return USAGE_EXIT_CODE;
  }
  const converted = importPostmanCollection(raw);
  if (!converted.ok) {
    say(`${shown}: ${converted.message}`);
    return USAGE_EXIT_CODE;
  }
  const { notes, columns } = converted.value;
  let suite = converted.value.suite;
  const advice: string[] = [];
  const out = args.out === undefined ? null : path.resolve(io.cwd, args.out);
  if (args.data !== undefined) {
    const dataFile = path.resolve(io.cwd, args.data);
    const data = await openOwnDataFile(dataFile);
    if (!data.ok) {
      say(`${path.basename(dataFile)}: ${data.reason}`);
      return USAGE_EXIT_CODE;
    }
    // Only its columns are needed: read through once, a row at a time, whatever its size.
    const table = await scanData(data.source, { ...DATA_LIMITS, maxRows: Number.MAX_SAFE_INTEGER });
    if (!table.ok) {
      say(describeProblem({ file: data.source.shown, field: table.field, message: table.message }));
      return USAGE_EXIT_CODE;
    }
    const missing = columns.filter((column) => !table.columns.includes(column));
    if (missing.length > 0)
      advice.push(`the data file has no column for ${missing.map((name) => `{{${name}}}`).join(', ')}: add them before running`);
    // The suite names its data file relative to itself, as `run` reads it (only inside the suite's folder).
    const dataPath = path
      .relative(path.dirname(out ?? path.join(io.cwd, 'suite.json')), dataFile)
      .split(path.sep)
      .join('/');
    const { name, ...rest } = suite;
    suite = { ...(name === undefined ? {} : { name }), data: dataPath, ...rest };
  } else if (columns.length > 0) {
    advice.push(
      `the cases use ${columns.map((name) => `{{${name}}}`).join(', ')}: run the suite with a data file of these columns (--data FILE)`,
    );
  }
  // The same check `run` makes first, with no data file read: the suite as written must be one.
  const problems = checkSuiteShape(suite, out === null ? 'suite' : path.basename(out));
  if (problems.length > 0) {
    say(`the converted suite is not valid: ${describeProblem(problems[0]!)}`);
    return USAGE_EXIT_CODE;
  }
  for (const note of notes) say(`not converted: ${note}`);
  for (const line of advice) say(line);
  const text = `${JSON.stringify(suite, null, 2)}\n`;
  if (out === null) io.stdout.write(text);
  else await writeFileSafely(out, [text]);
  const cases = suite.cases.length;
  if (out !== null) io.stderr.write(`${printable(`${path.basename(out)}: ${cases} case${cases === 1 ? '' : 's'} from ${shown}`)}\n`);
  return 0;
}
