/**
 * What the standalone Sandbox does once started: parse options, start the server, print
 * where it is, and close it cleanly on Ctrl+C or SIGTERM.
 *
 * The process itself (stdout, stderr, exit, signals) comes in as `CliIo`, so this runs in
 * unit tests without spawning anything; `cli.ts` passes the real process.
 */
import { parseSandboxArgs } from './args';
import { sandboxKnownAgents, sandboxKnownGuidelines } from './catalog';
import { describePresentation } from '../shared/keyPresentation';
import { USAGE_EXIT_CODE } from '../shared/commandLine';
import type { KeyPresentation } from '../shared/api';
import { startSandbox, type SandboxServer } from './server';

/** The parts of the process the CLI uses. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  exit(code: number): void;
  /** Calls `handler` once when the user asks the process to stop (Ctrl+C, SIGTERM). */
  onStopRequest(handler: () => void): void;
}

/** The real process. Used by `cli.ts`. */
export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    exit: (code) => process.exit(code),
    onStopRequest(handler) {
      let called = false;
      const once = (): void => {
        if (called) return;
        called = true;
        handler();
      };
      process.once('SIGINT', once);
      process.once('SIGTERM', once);
    },
  };
}

/** Quotes a value for a POSIX shell, so the printed curl example can be pasted as is. */
function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The lines printed once the server is listening. The first line is the one scripts look for. */
export function startupLines(server: Pick<SandboxServer, 'url' | 'apiKey'>, auth: KeyPresentation = { kind: 'bearer' }): string[] {
  const agents = sandboxKnownAgents();
  const lines = [`Sandbox listening at ${server.url} — API key: ${server.apiKey}`, '', 'Agents:'];
  for (const agent of agents) lines.push(`  ${agent.id}  ${agent.name}`);
  lines.push('', 'Guidelines:');
  for (const guideline of sandboxKnownGuidelines()) lines.push(`  ${guideline.id}  ${guideline.name}`);
  const sample = agents.find((agent) => agent.name === 'Echo') ?? agents[0];
  if (sample !== undefined) {
    lines.push(
      '',
      'Try:',
      `  curl -X POST ${shellQuote(`${server.url}/api/agent/${sample.id}/invoke/${auth.kind === 'query' ? `?${auth.param}=${server.apiKey}` : ''}`)} \\`,
      ...(auth.kind === 'query' ? [] : [`    -H ${shellQuote(describePresentation(auth).replace('<key>', server.apiKey))} \\`]),
      `    -H 'Content-Type: application/json' -d '{"text": "Hello", "payload": {}}'`,
    );
  }
  lines.push('', 'Press Ctrl+C to stop.');
  return lines;
}

/**
 * Runs the Sandbox CLI. Resolves once the server is listening (or the run has ended with an
 * exit code): a usage error exits 2, a failure to start exits 1, a stop request closes the
 * server and exits 0.
 */
export async function runSandboxCli(argv: readonly string[], io: CliIo): Promise<void> {
  const parsed = parseSandboxArgs(argv);
  if (parsed.kind === 'print') {
    // --help or --version.
    io.out(parsed.text);
    io.exit(0);
    return;
  }
  if (parsed.kind === 'error') {
    io.err(`sandbox: ${parsed.message}`);
    io.exit(USAGE_EXIT_CODE);
    return;
  }
  const { port, host, apiKey, auth, latency } = parsed.args;
  let server: SandboxServer;
  try {
    server = await startSandbox({ port, host, apiKey, auth, latency });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    const reason =
      code === 'EADDRINUSE'
        ? `port ${String(port)} is already in use; pick another with --port, or --port 0 for any free one.`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `cannot listen on host '${host}'.`
          : error instanceof Error
            ? error.message
            : String(error);
    io.err(`sandbox: could not start: ${reason}`);
    io.exit(1);
    return;
  }
  io.onStopRequest(() => {
    server.close().then(
      () => io.exit(0),
      () => io.exit(1),
    );
  });
  for (const line of startupLines(server, auth)) io.out(line);
}
