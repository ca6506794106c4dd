/**
 * `agent-explorer`: the command line, bundled to dist/electron/cli.mjs (the package's `bin`).
 * Two commands: `run` (run.ts) and `import postman` (importPostman.ts); everything testable is
 * in those, this file hands them the process.
 */
// First: it may restart the process with a smaller young generation before anything else runs.
import './youngGeneration';
import { importCli } from './importPostman';
import { EXIT_USAGE, runCli, unexpectedLine } from './run';
import { parseRunArgs } from './runArgs';

const COMMAND_HINT = 'agent-explorer run SUITE.json';
const IMPORT_HINT = 'agent-explorer import postman COLLECTION.json';

/**
 * Errors nothing caught (an exception thrown from a callback, a promise rejected with no one
 * waiting) go to the running command, which says them redacted and exits 2. Outside a command
 * (none running, or after it) the line holds no message, which could hold what it must not print.
 */
let onUnexpected: ((error: unknown) => void) | null = null;
function unexpected(error: unknown): void {
  if (onUnexpected) {
    onUnexpected(error);
    return;
  }
  process.stderr.write(`agent-explorer: ${unexpectedLine(error instanceof Error ? error.name : 'error')}\n`);
  process.exit(EXIT_USAGE);
}
process.on('uncaughtException', unexpected);
process.on('unhandledRejection', unexpected);

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'run') {
    return runCli(rest, {
      env: process.env,
      cwd: process.cwd(),
      stdout: process.stdout,
      stderr: process.stderr,
      onInterrupt(cancel) {
        process.once('SIGINT', cancel);
        return () => process.off('SIGINT', cancel);
      },
      onUnexpectedError(handler) {
        onUnexpected = handler;
        return () => {
          onUnexpected = null;
        };
      },
    });
  }
  if (command === 'import') return importCli(rest, { cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr });
  if (command === undefined) return usageError(`name a command: ${COMMAND_HINT} (see --help)`);
  if (!command.startsWith('-')) return usageError(`unknown command ${command} (the commands are: ${COMMAND_HINT}, ${IMPORT_HINT})`);
  // Options before any command: --help and --version answer as `run`'s do (the one command there
  // is); a mistake in them is said as run says it.
  const parsed = parseRunArgs(argv);
  if (parsed.kind === 'print') {
    process.stdout.write(`${parsed.text}\n`);
    return 0;
  }
  return usageError(parsed.kind === 'error' ? parsed.message : `name the command first: ${COMMAND_HINT} [options]`);
}

/** A usage error: one line on standard error, exit 2. */
function usageError(message: string): number {
  process.stderr.write(`agent-explorer: ${message}\n`);
  return EXIT_USAGE;
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, unexpected);
