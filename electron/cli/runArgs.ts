import { parseArgs } from 'node:util';
import { parseProxyUrl, type ProxyAddress } from '../core/http/proxyEnv';
import { REPORTERS, type ReporterName } from '../core/runs/reporters';
import { MAX_RUN_REQUESTS, RUN_LIMITS } from '../core/runs/runLimits';

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
  /** The most requests the run may send (cases × rows × agents), refused before anything is sent. */
  maxRequests: number;
  /** A PEM file of CA certificates trusted beside the system's roots. */
  ca?: string;
  /** TLS verification off. */
  insecure: boolean;
  /** A client certificate: PEM (with `key`, unless the file holds both) or a .p12/.pfx file alone. */
  cert?: string;
  key?: string;
  /** --proxy: this proxy for the run instead of the environment's, credentials taken out of its URL. */
  proxy?: ProxyAddress;
  /** --noproxy: hosts reached directly (NO_PROXY's syntax), in place of NO_PROXY. */
  noProxy?: string;
}

const { concurrency: CONCURRENCY, ratePerSecond: RATE } = RUN_LIMITS;
const count = (value: number) => value.toLocaleString('en-US');

/** The command's help text; made when asked for: its numbers load Intl's number data (16-20 ms of a start). */
export function runUsage(): string {
  return `Usage: agent-explorer run SUITE.json [options]

Runs every case of a suite (against each data row and agent) and checks its expectations.

Options:
  --data FILE            a .csv or .jsonl data file of your own instead of the suite's "data"
                         (a suite's own "data" is read only inside the suite's folder)
  --concurrency N        requests in flight at once, ${CONCURRENCY.min} to ${CONCURRENCY.max} (default 8)
  --rate N               at most N requests started per second, ${RATE.min} to ${count(RATE.max)}
  --max-requests N       refuse a run of more than N requests (default ${count(MAX_RUN_REQUESTS)})
  --on-429 wait|fail     on HTTP 429: wait as Retry-After says and send again (default), or record it
  --reporter NAME        pretty (default), junit, json, csv or html
  --out FILE             write the report there (default: standard output)
  --sandbox              run against an embedded Sandbox instead of the platform
  --ca FILE              also trust the CA certificates in FILE (PEM), beside the system's roots
  --insecure             do not verify the platform's certificate (said on standard error)
  --cert FILE            present this client certificate (PEM, with --key; or a .p12/.pfx file
                         alone); a passphrase is read from AGENT_EXPLORER_CERT_PASSPHRASE
  --key FILE             the client certificate's private key (PEM)
  --proxy URL            send through this proxy (http://[user:password@]host:port, or https://),
                         instead of HTTPS_PROXY / HTTP_PROXY / ALL_PROXY from the environment
  --noproxy LIST         hosts reached without the proxy, in place of NO_PROXY: comma-separated
                         names (a name covers its subdomains), host:port, IP addresses or ranges
                         (10.0.0.0/8), or * for all
  -h, --help             this help

The platform is AGENT_EXPLORER_BASE_URL, with the key in AGENT_EXPLORER_API_KEY and how to send
it in AGENT_EXPLORER_AUTH (bearer, scheme:NAME, header:NAME or query:NAME).
Exit code: 0 every case passed, 1 any failed, 2 a bad suite, bad arguments, an unreachable
platform or an unexpected error.`;
}

export type ParsedRunArgs = { ok: true; args: RunArgs } | { ok: true; help: true } | { ok: false; message: string };

const OPTIONS = {
  data: { type: 'string' },
  concurrency: { type: 'string' },
  rate: { type: 'string' },
  'max-requests': { type: 'string' },
  'on-429': { type: 'string' },
  reporter: { type: 'string' },
  out: { type: 'string' },
  sandbox: { type: 'boolean' },
  ca: { type: 'string' },
  insecure: { type: 'boolean' },
  cert: { type: 'string' },
  key: { type: 'string' },
  proxy: { type: 'string' },
  noproxy: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** parseArgs' own errors, said as this command says its others. */
function parseError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const option = /'(-[^' ]+)/.exec(message ?? '')?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option} (see --help)`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return /does not take/.test(message ?? '') ? `${option} takes no value` : `${option} needs a value`;
  return message ?? 'the arguments cannot be read (see --help)';
}

/** A number option's value in [min, max], or the sentence that says what it must be. */
function numberIn(text: string | undefined, name: string, min: number, max: number, whole: boolean): number | string | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  const fits = text.trim() !== '' && Number.isFinite(value) && value >= min && value <= max && (!whole || Number.isInteger(value));
  if (fits) return value;
  const range = max === Infinity ? `of at least ${count(min)}` : `from ${count(min)} to ${count(max)}`;
  return `${name} needs ${whole ? 'a whole number' : 'a number'} ${range}`;
}

export function parseRunArgs(argv: readonly string[]): ParsedRunArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return { ok: false, message: parseError(error) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, help: true };
  for (const name of ['data', 'out', 'ca', 'cert', 'key'] as const) {
    if (values[name] === '') return { ok: false, message: `--${name} needs a file name` };
  }
  const concurrency = numberIn(values.concurrency, '--concurrency', CONCURRENCY.min, CONCURRENCY.max, true);
  const rate = numberIn(values.rate, '--rate', RATE.min, RATE.max, false);
  const maxRequests = numberIn(values['max-requests'], '--max-requests', 1, Infinity, true);
  for (const checked of [concurrency, rate, maxRequests]) if (typeof checked === 'string') return { ok: false, message: checked };
  const reporter = values.reporter ?? 'pretty';
  if (!REPORTERS.includes(reporter as ReporterName)) return { ok: false, message: `--reporter must be one of ${REPORTERS.join(', ')}` };
  const on429 = values['on-429'] ?? 'wait';
  if (on429 !== 'wait' && on429 !== 'fail') return { ok: false, message: '--on-429 must be wait or fail' };
  if (values.key !== undefined && values.cert === undefined) return { ok: false, message: '--key needs --cert, the certificate it belongs to' };
  if (values.insecure && values.ca !== undefined) return { ok: false, message: '--insecure turns verification off, so --ca would not be used: give one or the other' };
  let proxy: ProxyAddress | undefined;
  if (values.proxy !== undefined) {
    const parsed = parseProxyUrl(values.proxy, '--proxy');
    if (!parsed.ok) return { ok: false, message: parsed.message };
    proxy = parsed.value;
  }
  if (positionals.length === 0) return { ok: false, message: 'name the suite file: agent-explorer run SUITE.json' };
  if (positionals.length > 1) return { ok: false, message: `one suite file at a time (got ${positionals.join(', ')})` };
  return {
    ok: true,
    args: {
      suite: positionals[0]!,
      ...(values.data === undefined ? {} : { data: values.data }),
      ...(values.out === undefined ? {} : { out: values.out }),
      ...(values.ca === undefined ? {} : { ca: values.ca }),
      ...(values.cert === undefined ? {} : { cert: values.cert }),
      ...(values.key === undefined ? {} : { key: values.key }),
      insecure: values.insecure === true,
      ...(concurrency === undefined ? {} : { concurrency: concurrency as number }),
      ...(rate === undefined ? {} : { rate: rate as number }),
      reporter: reporter as ReporterName,
      sandbox: values.sandbox === true,
      on429,
      maxRequests: (maxRequests as number | undefined) ?? MAX_RUN_REQUESTS,
      ...(proxy === undefined ? {} : { proxy }),
      ...(values.noproxy === undefined ? {} : { noProxy: values.noproxy }),
    },
  };
}
