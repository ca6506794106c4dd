/**
 * Command-line options of `npm run web`, read by the command lines' one reader
 * (shared/commandLine.ts) and checked here. Parsing is separate from running so it can be tested
 * and so a mistake ends in one clear line, not a stack trace.
 */
import { parseCommandLine, type Command, type CommandLine, type OptionTable } from '../shared/commandLine';

export interface WebArgs {
  port: number;
  open: boolean;
  /** Where profiles are saved; null: the default folder (or AGENT_EXPLORER_DATA_DIR). */
  dataDir: string | null;
  /** For tests: a fixed sandbox key (e.g. a sentinel to search for). */
  sandboxKey?: string;
  /** For tests and benchmarks: no simulated agent latency. */
  sandboxLatency: 'realistic' | 'none';
}

/** The options, and the --help made from them. */
const WEB_COMMAND = {
  usage: 'npm run web -- [options]',
  summary: 'Serves Agent Explorer to a browser on this machine, from the same core as the desktop app.',
  options: {
    port: { type: 'string', value: 'N', help: 'listen on 127.0.0.1:N (default: a free port)' },
    open: { type: 'boolean', help: 'open the app in the system browser (through a private file:\nno secret on any command line)' },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'where profiles are saved (default: AGENT_EXPLORER_DATA_DIR,\nor your config folder)',
    },
    'sandbox-key': { type: 'string', value: 'KEY', help: 'a fixed sandbox key', forTests: true },
    'sandbox-latency': {
      type: 'string',
      value: 'none|realistic',
      help: 'the Sandbox answers at once, or as a platform would (default)',
      forTests: true,
    },
  },
  footer: `Each printed address opens the app once; when one is used, a fresh one is printed for the next tab
or browser. One Agent Explorer at a time per data folder. Keys are kept in memory only in browser mode.
AGENT_EXPLORER_BASE_URL, AGENT_EXPLORER_API_KEY and AGENT_EXPLORER_AUTH (bearer, scheme:NAME,
header:NAME, query:NAME) make an Environment profile.`,
} as const satisfies Command<OptionTable>;

export function parseWebArgs(argv: readonly string[]): CommandLine<WebArgs> {
  return parseCommandLine(WEB_COMMAND, argv, (values) => {
    const args: WebArgs = { port: 0, open: values.open === true, dataDir: null, sandboxLatency: 'realistic' };
    const port = values.port;
    if (port !== undefined) {
      if (!/^\d+$/.test(port) || Number(port) > 65535)
        return { ok: false, message: `--port needs a number from 0 to 65535, got "${port}".` };
      args.port = Number(port);
    }
    if (values['data-dir'] !== undefined) {
      if (values['data-dir'] === '') return { ok: false, message: '--data-dir needs a folder.' };
      args.dataDir = values['data-dir'];
    }
    if (values['sandbox-key'] !== undefined) {
      if (values['sandbox-key'] === '') return { ok: false, message: '--sandbox-key needs a value.' };
      args.sandboxKey = values['sandbox-key'];
    }
    const latency = values['sandbox-latency'];
    if (latency !== undefined) {
      if (latency !== 'none' && latency !== 'realistic') return { ok: false, message: '--sandbox-latency takes "none" or "realistic".' };
      args.sandboxLatency = latency;
    }
    return { ok: true, value: args };
  });
}
