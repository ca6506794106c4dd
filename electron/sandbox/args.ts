/**
 * Command-line options of the standalone Sandbox (`npm run sandbox -- --port 8787 --key demo`),
 * read by the command lines' one reader (shared/commandLine.ts) and checked here, apart from the
 * process plumbing so every accepted and refused argument can be unit-tested. Errors are data
 * with one readable sentence, which the caller prints as a single stderr line before exiting
 * with code 2 (the usual "usage error" status).
 */
import { parseAuthVariable } from '../shared/keyPresentation';
import { parseCommandLine, type Command, type CommandLine, type OptionTable } from '../shared/commandLine';
import type { KeyPresentation } from '../shared/api';
import type { SandboxLatency } from './server';

export interface SandboxCliOptions {
  port: number;
  host: string;
  /** Undefined means "generate one"; the CLI then prints it. */
  apiKey: string | undefined;
  /** How callers must present the key (the contract leaves it open). */
  auth: KeyPresentation;
  latency: SandboxLatency;
}

/** The port used when none is given: fixed, so curl commands and app profiles keep working. */
export const DEFAULT_PORT = 8787;

/** The options, and the --help made from them. */
const SANDBOX_COMMAND = {
  usage: 'npm run sandbox -- [options]',
  summary: 'Runs the Agent Explorer Sandbox: a local server that speaks the platform API with sample data.',
  options: {
    port: { type: 'string', value: 'N', help: `port to listen on, 0-65535; 0 picks a free one (default ${String(DEFAULT_PORT)})` },
    host: { type: 'string', value: 'H', help: 'interface to listen on (default 127.0.0.1)' },
    key: { type: 'string', value: 'K', help: 'API key callers must send (default: random)' },
    auth: {
      type: 'string',
      value: 'FORM',
      help: 'how they must send it: bearer (default, "Authorization: Bearer K"),\nscheme:NAME, header:NAME (e.g. header:X-API-Key) or query:NAME',
    },
    latency: { type: 'string', value: 'realistic|none', help: 'simulate processing time, or answer at once (default realistic)' },
  },
} as const satisfies Command<OptionTable>;

/**
 * Parses the arguments after the script name (`--name value` or `--name=value`; a repeated option
 * takes its last value, as most command-line tools do) and checks each value.
 */
export function parseSandboxArgs(argv: readonly string[]): CommandLine<SandboxCliOptions> {
  return parseCommandLine(SANDBOX_COMMAND, argv, (values) => {
    const options: SandboxCliOptions = {
      port: DEFAULT_PORT,
      host: '127.0.0.1',
      apiKey: undefined,
      auth: { kind: 'bearer' },
      latency: 'realistic',
    };
    for (const name of ['port', 'host', 'key', 'auth', 'latency'] as const) {
      const value = values[name];
      const problem = value === undefined ? null : applyOption(options, name, value);
      if (problem !== null) return { ok: false, message: problem };
    }
    return { ok: true, value: options };
  });
}

/** Stores one option's value, or returns why it is refused. */
function applyOption(options: SandboxCliOptions, name: keyof typeof SANDBOX_COMMAND.options, value: string): string | null {
  switch (name) {
    case 'port': {
      const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
      if (!(port >= 0 && port <= 65535)) return `Invalid --port '${value}': expected a whole number from 0 to 65535.`;
      options.port = port;
      return null;
    }
    case 'host':
      if (value.trim() === '' || /\s/.test(value)) return `Invalid --host '${value}': expected a host name or IP address.`;
      options.host = value;
      return null;
    case 'key':
      // The key travels in an HTTP header: visible ASCII only, or clients could not send it.
      // The refused value is not echoed back, since it is meant to be a secret.
      if (!/^[\x21-\x7e]+$/.test(value)) {
        return 'Invalid --key: expected visible ASCII characters only (no spaces), at least one.';
      }
      options.apiKey = value;
      return null;
    case 'auth': {
      const auth = parseAuthVariable(value);
      if (!auth) return `Invalid --auth '${value}': expected bearer, scheme:NAME, header:NAME or query:NAME.`;
      options.auth = auth;
      return null;
    }
    case 'latency':
      if (value !== 'realistic' && value !== 'none') return `Invalid --latency '${value}': expected realistic or none.`;
      options.latency = value;
      return null;
  }
}
