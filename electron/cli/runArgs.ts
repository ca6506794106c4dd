import { REPORTERS, type ReporterName } from '../core/runs/reporters';

/** The arguments of `agent-explorer run`, checked; anything wrong is one sentence for exit code 2. */
export interface RunArgs {
  suite: string;
  data?: string;
  concurrency?: number;
  rate?: number;
  reporter: ReporterName;
  out?: string;
  sandbox: boolean;
  on429: 'wait' | 'fail';
}

export const RUN_USAGE = `Usage: agent-explorer run SUITE.json [options]

Runs every case of a suite (against each data row and agent) and checks its expectations.

Options:
  --data FILE            a .csv or .jsonl data file instead of the suite's own "data"
  --concurrency N        requests in flight at once (default 8)
  --rate N               at most N requests started per second
  --on-429 wait|fail     on HTTP 429: wait as Retry-After says and send again (default), or record it
  --reporter NAME        pretty (default), junit, json, csv or html
  --out FILE             write the report there (default: standard output)
  --sandbox              run against an embedded Sandbox instead of the platform
  -h, --help             this help

The platform is AGENT_EXPLORER_BASE_URL, with the key in AGENT_EXPLORER_API_KEY and how to send
it in AGENT_EXPLORER_AUTH (bearer, scheme:NAME, header:NAME or query:NAME).
Exit code: 0 every case passed, 1 any failed, 2 a bad suite, bad arguments or an unreachable platform.`;

export type ParsedRunArgs = { ok: true; args: RunArgs } | { ok: true; help: true } | { ok: false; message: string };

export function parseRunArgs(argv: readonly string[]): ParsedRunArgs {
  const args: Partial<RunArgs> & { reporter: ReporterName; sandbox: boolean; on429: 'wait' | 'fail' } = { reporter: 'pretty', sandbox: false, on429: 'wait' };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string | null => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) return null;
      i += 1;
      return next;
    };
    const number = (name: string, min: number): number | string => {
      const text = value();
      const parsed = Number(text);
      if (text === null || !Number.isFinite(parsed) || parsed < min) return `${name} needs a number of at least ${min}`;
      return parsed;
    };
    switch (flag) {
      case '-h':
      case '--help':
        return { ok: true, help: true };
      case '--sandbox':
        args.sandbox = true;
        break;
      case '--data':
      case '--out': {
        const text = value();
        if (!text) return { ok: false, message: `${flag} needs a file name` };
        args[flag === '--data' ? 'data' : 'out'] = text;
        break;
      }
      case '--concurrency': {
        const parsed = number('--concurrency', 1);
        if (typeof parsed === 'string' || !Number.isInteger(parsed)) return { ok: false, message: '--concurrency needs a whole number of at least 1' };
        args.concurrency = parsed;
        break;
      }
      case '--rate': {
        const parsed = number('--rate', 0.001);
        if (typeof parsed === 'string') return { ok: false, message: '--rate needs a number of requests per second above 0' };
        args.rate = parsed;
        break;
      }
      case '--reporter': {
        const name = value();
        if (!name || !REPORTERS.includes(name as ReporterName)) return { ok: false, message: `--reporter must be one of ${REPORTERS.join(', ')}` };
        args.reporter = name as ReporterName;
        break;
      }
      case '--on-429': {
        const mode = value();
        if (mode !== 'wait' && mode !== 'fail') return { ok: false, message: '--on-429 must be wait or fail' };
        args.on429 = mode;
        break;
      }
      default:
        if (arg.startsWith('-')) return { ok: false, message: `unknown option ${arg} (see --help)` };
        positional.push(arg);
    }
  }
  if (positional.length === 0) return { ok: false, message: 'name the suite file: agent-explorer run SUITE.json' };
  if (positional.length > 1) return { ok: false, message: `one suite file at a time (got ${positional.join(', ')})` };
  return { ok: true, args: { ...args, suite: positional[0]! } };
}
