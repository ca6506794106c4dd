import { runCli, type RunCliIo } from '../../electron/cli/run';

/**
 * `agent-explorer run` in this process, as its tests drive it: arguments, an environment of the
 * test's choosing (nothing of the machine's), a folder, and standard output and error caught.
 */
export interface CliRan {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  cwd: string;
  env?: Record<string, string>;
  /** More of the command's plumbing (the Sandbox's key, Ctrl+C, unexpected errors). */
  io?: Partial<RunCliIo>;
  /** Sees standard output as it grows (all of it so far). */
  onStdout?: (all: string) => void;
}

export async function runInProcess(argv: string[], options: CliRunOptions): Promise<CliRan> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    env: options.env ?? {},
    cwd: options.cwd,
    stdout: {
      write: (text: string) => {
        stdout += text;
        options.onStdout?.(stdout);
      },
      isTTY: false,
    },
    stderr: { write: (text: string) => (stderr += text) },
    ...options.io,
  });
  return { code, stdout, stderr };
}
