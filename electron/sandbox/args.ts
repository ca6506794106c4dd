/**
 * Command-line options of the standalone Sandbox (`npm run sandbox -- --port 8787 --key demo`).
 *
 * A pure parser, kept apart from the process plumbing so every accepted and refused argument
 * can be unit-tested. Errors are data with one readable sentence, which the caller prints as
 * a single stderr line before exiting with code 2 (the usual "usage error" status).
 */
import { parseAuthVariable } from '../core/environment';
import type { KeyPresentation } from '../shared/contract';
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

export type ParsedArgs =
  | { kind: 'run'; options: SandboxCliOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

/** The port used when none is given: fixed, so curl commands and app profiles keep working. */
export const DEFAULT_PORT = 8787;

/** The text `--help` prints. */
export const SANDBOX_USAGE = `Usage: npm run sandbox -- [options]

Runs the Agent Explorer Sandbox: a local server that speaks the platform API with sample data.

Options:
  --port N                 Port to listen on, 0-65535; 0 picks a free one (default ${String(DEFAULT_PORT)})
  --host H                 Interface to listen on (default 127.0.0.1)
  --key K                  API key callers must send (default: random)
  --auth FORM              How they must send it: bearer (default, "Authorization: Bearer K"),
                           scheme:NAME, header:NAME (e.g. header:X-API-Key) or query:NAME
  --latency realistic|none Simulate processing time, or answer at once (default realistic)
  -h, --help               Show this help`;

const VALUE_OPTIONS = ['--port', '--host', '--key', '--auth', '--latency'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

function isValueOption(name: string): name is ValueOption {
  return (VALUE_OPTIONS as readonly string[]).includes(name);
}

const HINT = 'Run with --help to see the options.';

/**
 * Parses the arguments after the script name. Accepts `--name value` and `--name=value`;
 * a repeated option takes its last value, as most command-line tools do.
 */
export function parseSandboxArgs(argv: readonly string[]): ParsedArgs {
  const options: SandboxCliOptions = {
    port: DEFAULT_PORT,
    host: '127.0.0.1',
    apiKey: undefined,
    auth: { kind: 'bearer' },
    latency: 'realistic',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq !== -1 ? arg.slice(0, eq) : arg;
    if (!isValueOption(name)) {
      const what = arg.startsWith('-') ? `Unknown option '${name}'.` : `Unexpected argument '${arg}'.`;
      return { kind: 'error', message: `${what} ${HINT}` };
    }
    let value: string;
    if (eq !== -1 && arg.startsWith('--')) {
      value = arg.slice(eq + 1);
    } else {
      const next = argv[i + 1];
      // "--key --port" is a forgotten value, not a key called "--port".
      if (next === undefined || next.startsWith('--')) {
        return { kind: 'error', message: `Option ${name} needs a value. ${HINT}` };
      }
      value = next;
      i++;
    }
    const problem = applyOption(options, name, value);
    if (problem !== null) return { kind: 'error', message: problem };
  }
  return { kind: 'run', options };
}

/** Stores one option's value, or returns why it is refused. */
function applyOption(options: SandboxCliOptions, name: ValueOption, value: string): string | null {
  switch (name) {
    case '--port': {
      const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
      if (!(port >= 0 && port <= 65535)) return `Invalid --port '${value}': expected a whole number from 0 to 65535.`;
      options.port = port;
      return null;
    }
    case '--host':
      if (value.trim() === '' || /\s/.test(value)) return `Invalid --host '${value}': expected a host name or IP address.`;
      options.host = value;
      return null;
    case '--key':
      // The key travels in an HTTP header: visible ASCII only, or clients could not send it.
      // The refused value is not echoed back, since it is meant to be a secret.
      if (!/^[\x21-\x7e]+$/.test(value)) {
        return 'Invalid --key: expected visible ASCII characters only (no spaces), at least one.';
      }
      options.apiKey = value;
      return null;
    case '--auth': {
      const auth = parseAuthVariable(value);
      if (!auth) return `Invalid --auth '${value}': expected bearer, scheme:NAME, header:NAME or query:NAME.`;
      options.auth = auth;
      return null;
    }
    case '--latency':
      if (value !== 'realistic' && value !== 'none') return `Invalid --latency '${value}': expected realistic or none.`;
      options.latency = value;
      return null;
  }
}
