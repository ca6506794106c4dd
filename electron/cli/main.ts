/**
 * `agent-explorer`: the command line, bundled to dist/electron/cli.mjs (the package's `bin`).
 * Only `run` exists today; everything testable is in run.ts, this file hands it the process.
 */
import { runCli } from './run';
import { RUN_USAGE } from './runArgs';

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
    });
  }
  if (command === undefined || command === '--help' || command === '-h') {
    process.stdout.write(`${RUN_USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`agent-explorer: unknown command ${command} (the command is: agent-explorer run SUITE.json)\n`);
  return 2;
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
