/**
 * Command-line options of `npm run web`. Parsing is separate from running so it can be tested
 * and so a mistake ends in one clear line, not a stack trace.
 */

export interface WebArgs {
  port: number;
  open: boolean;
  help: boolean;
  /** Where profiles are saved; null: the default folder (or AGENT_EXPLORER_DATA_DIR). */
  dataDir: string | null;
  /** For tests: a fixed sandbox key (e.g. a sentinel to search for). */
  sandboxKey?: string;
  /** For tests and benchmarks: no simulated agent latency. */
  sandboxLatency: 'realistic' | 'none';
}

export const WEB_USAGE = `Usage: npm run web -- [--port N] [--open]

  --port N   listen on 127.0.0.1:N (default: a free port)
  --open     open the app in the system browser (through a private file: no secret on any command line)
  --data-dir DIR   where profiles are saved (default: AGENT_EXPLORER_DATA_DIR, or your config folder)
  --help     show this help

Each printed address opens the app once; when one is used, a fresh one is printed for the next tab
or browser. One Agent Explorer at a time per data folder. Keys are kept in memory only in browser mode. AGENT_EXPLORER_BASE_URL, AGENT_EXPLORER_API_KEY and
AGENT_EXPLORER_AUTH (bearer, scheme:NAME, header:NAME, query:NAME) make an Environment profile.

For tests: --sandbox-key KEY (fixed sandbox key), --sandbox-latency none|realistic`;

export type ParsedArgs = { ok: true; args: WebArgs } | { ok: false; message: string };

export function parseWebArgs(argv: readonly string[]): ParsedArgs {
  const args: WebArgs = { port: 0, open: false, help: false, dataDir: null, sandboxLatency: 'realistic' };
  for (let index = 0; index < argv.length; index += 1) {
    const option = argv[index];
    const value = argv[index + 1];
    switch (option) {
      case '--open':
        args.open = true;
        break;
      case '--help':
      case '-h':
        args.help = true;
        break;
      case '--port': {
        const port = Number(value);
        if (value === undefined || !/^\d+$/.test(value) || port > 65535) {
          return { ok: false, message: `--port needs a number from 0 to 65535, got ${value === undefined ? 'nothing' : `"${value}"`}.` };
        }
        args.port = port;
        index += 1;
        break;
      }
      case '--data-dir':
        if (!value) return { ok: false, message: '--data-dir needs a folder.' };
        args.dataDir = value;
        index += 1;
        break;
      case '--sandbox-key':
        if (!value) return { ok: false, message: '--sandbox-key needs a value.' };
        args.sandboxKey = value;
        index += 1;
        break;
      case '--sandbox-latency':
        if (value !== 'none' && value !== 'realistic') {
          return { ok: false, message: '--sandbox-latency takes "none" or "realistic".' };
        }
        args.sandboxLatency = value;
        index += 1;
        break;
      default:
        return { ok: false, message: `Unknown option "${option}". Try --help.` };
    }
  }
  return { ok: true, args };
}
