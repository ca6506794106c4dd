/**
 * Entry point of the standalone Sandbox, bundled to dist/electron/sandbox.mjs and run by
 * `npm run sandbox -- [options]`. Everything testable lives in run-cli.ts and args.ts; this
 * file only hands them the real process.
 */
import { processIo, runSandboxCli } from './run-cli';

/** Runs the Sandbox with these command-line arguments (without `node` and the script path). */
export function main(argv: readonly string[]): Promise<void> {
  return runSandboxCli(argv, processIo());
}

void main(process.argv.slice(2));
