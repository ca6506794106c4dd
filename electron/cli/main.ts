/**
 * `agent-explorer`: the command line, bundled to dist/electron/cli.mjs (the package's `bin`).
 * Only `run` exists today; everything testable is in run.ts, this file hands it the process.
 */
import { EXIT_USAGE, runCli, unexpectedLine } from './run';
import { runUsage } from './runArgs';

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
  if (command === undefined || command === '--help' || command === '-h') {
    process.stdout.write(`${runUsage()}\n`);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`agent-explorer: unknown command ${command} (the command is: agent-explorer run SUITE.json)\n`);
  return 2;
}

void main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  unexpected,
);
