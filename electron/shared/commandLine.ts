/**
 * The one way the command lines (`agent-explorer`, `npm run web`, `npm run sandbox`) read their
 * arguments: a table of options, read by `node:util` `parseArgs`, gives the values, the `--help`
 * text and the usage errors. Every command takes `--flag value` and `--flag=value`, `-h`/`--help`
 * and `--version`, refuses an option it does not know, and says each mistake in one line.
 * Imports only Node's own `node:util`, the app's version and `printable`, so every host can use it.
 */
import { parseArgs } from 'node:util';
import { printable } from './printable';
import { APP_VERSION } from './version';

interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** A one-letter alias (`-h`). */
  readonly short?: string;
  /** What the value is called in the help (`N`, `FILE`, `wait|fail`); string options only. */
  readonly value?: string;
  /** What the help says of it; lines after the first are indented under it. A function when the text costs something to make. */
  readonly help: string | (() => string);
  /** Listed apart, under "For tests:" (options a person has no use for). */
  readonly forTests?: boolean;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** The options given, by name: a string option's value, `true` for a boolean one; absent when not given. */
export type OptionValues<T extends OptionTable> = { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string };

export interface Command<T extends OptionTable> {
  /** What follows "Usage: " in the help, e.g. `agent-explorer run SUITE.json [options]`. */
  readonly usage: string;
  /** A paragraph under the usage line. */
  readonly summary?: string;
  readonly options: T;
  /** Whether arguments that are not options are taken (the run's suite file); otherwise each is refused. */
  readonly positionals?: boolean;
  /** A paragraph after the options (environment variables, exit codes). */
  readonly footer?: string;
}

/** A value checked by the command itself, or the one sentence that says what is wrong. */
export type Checked<A> = { ok: true; value: A } | { ok: false; message: string };

/** What the command should do: run with these arguments, print this text and exit 0, or say this usage error and exit 2. */
export type CommandLine<A> = { kind: 'run'; args: A } | { kind: 'print'; text: string } | { kind: 'error'; message: string };

/** The exit code of a usage error, as most command-line tools use it (the message goes to standard error). */
export const USAGE_EXIT_CODE = 2;

/** The options every command has, listed last in its help. */
const COMMON = {
  help: { type: 'boolean', short: 'h', help: 'this help' },
  version: { type: 'boolean', help: 'the version' },
} as const satisfies OptionTable;

/**
 * Reads `argv` (the arguments after the command's name) against the command's table, then hands
 * the values and the other arguments to `check`, the command's own rules (ranges, combinations).
 * `--help` and `--version` anywhere win over everything else. A string option's value may start
 * with one dash (`--key -x-`, `--rate -1`, refused by the command's own range); one starting with
 * two is a forgotten value (`--key --port 1`).
 */
export function parseCommandLine<T extends OptionTable, A>(
  command: Command<T>,
  argv: readonly string[],
  check: (values: OptionValues<T>, positionals: string[]) => Checked<A>,
): CommandLine<A> {
  const table: OptionTable = { ...command.options, ...COMMON };
  const config = Object.fromEntries(
    Object.entries(table).map(([name, spec]) => [name, spec.short ? { type: spec.type, short: spec.short } : { type: spec.type }]),
  );
  // Not strict: parseArgs' own refusals would take "--key -x-" from us; the same checks are made below.
  const { tokens } = parseArgs({ args: [...argv], options: config, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  let problem: string | null = null;
  // What was typed is echoed in the message: printed inert (no control characters reach the terminal).
  const refuse = (message: string) => (problem ??= printable(message));
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      if (!command.positionals) refuse(`unexpected argument ${token.value} (see --help)`);
      positionals.push(token.value);
      continue;
    }
    const spec = Object.hasOwn(table, token.name) ? table[token.name] : undefined;
    if (spec === undefined) {
      refuse(`unknown option ${token.rawName} (see --help)`);
    } else if (spec.type === 'boolean') {
      if (token.value !== undefined) refuse(`${token.rawName} takes no value`);
      values[token.name] = true;
    } else if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
      refuse(`${token.rawName} needs a value`);
    } else {
      values[token.name] = token.value;
    }
  }
  if (values['help'] === true) return { kind: 'print', text: usageText(command) };
  if (values['version'] === true) return { kind: 'print', text: APP_VERSION };
  if (problem !== null) return { kind: 'error', message: problem };
  const checked = check(values as OptionValues<T>, positionals);
  return checked.ok ? { kind: 'run', args: checked.value } : { kind: 'error', message: checked.message };
}

/** A number option's value in [min, max], or the sentence that says what it must be (for a command's `check`). */
export function numberIn(text: string | undefined, name: string, min: number, max: number, whole: boolean): number | string | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  const fits = text.trim() !== '' && Number.isFinite(value) && value >= min && value <= max && (!whole || Number.isInteger(value));
  if (fits) return value;
  const count = (n: number) => n.toLocaleString('en-US');
  const range = max === Infinity ? `of at least ${count(min)}` : `from ${count(min)} to ${count(max)}`;
  return `${name} needs ${whole ? 'a whole number' : 'a number'} ${range}`;
}

/** One block of the help: each option's name (and value) in a column, its description beside it. */
function optionLines(options: ReadonlyArray<[string, OptionSpec]>): string[] {
  const labels = options.map(([name, spec]) => {
    const long = spec.type === 'string' ? `--${name} ${spec.value ?? 'VALUE'}` : `--${name}`;
    return spec.short ? `-${spec.short}, ${long}` : long;
  });
  // At least 23 wide, so short tables line up as the run's help always has.
  const width = Math.max(23, ...labels.map((label) => label.length + 2));
  return options.flatMap(([, spec], index) => {
    const [first = '', ...rest] = (typeof spec.help === 'function' ? spec.help() : spec.help).split('\n');
    return [`  ${labels[index]!.padEnd(width)}${first}`, ...rest.map((line) => `  ${' '.repeat(width)}${line}`)];
  });
}

/** The command's `--help` text, made from its table (with `--help` and `--version`). */
export function usageText<T extends OptionTable>(command: Command<T>): string {
  const all = Object.entries({ ...command.options, ...COMMON }) as Array<[string, OptionSpec]>;
  const forTests = all.filter(([, spec]) => spec.forTests);
  const parts = [`Usage: ${command.usage}`];
  if (command.summary) parts.push(command.summary);
  parts.push(['Options:', ...optionLines(all.filter(([, spec]) => !spec.forTests))].join('\n'));
  if (forTests.length > 0) parts.push(['For tests:', ...optionLines(forTests)].join('\n'));
  if (command.footer) parts.push(command.footer);
  return parts.join('\n\n');
}
