import { checkRunFlags, RUN_FLAG_OPTIONS, type RunFlags } from './runFlags';
import { parseProxyUrl, type ProxyAddress } from '../core/http/proxyEnv';
import { FILE_REPORTERS, REPORTERS, type FileReporterName, type ReporterName } from '../core/reports/runs/reporters';
import { MAX_RUN_REQUESTS, RUN_LIMITS } from '../shared/runs/runLimits';
import { isUuid } from '../shared/check';
import {
  numberIn,
  parseCommandLine,
  type Checked,
  type Command,
  type CommandLine,
  type OptionTable,
  type OptionValues,
} from '../shared/commandLine';

/** The arguments of `agent-explorer run`, checked; anything wrong is one sentence for exit code 2. */
export interface RunArgs extends RunFlags {
  suite: string;
  data?: string;
  concurrency?: number;
  rate?: number;
  reporter: ReporterName;
  out?: string;
  /** --reporter-junit FILE and the like: reports written beside the one --reporter names. */
  reportFiles: Partial<Record<FileReporterName, string>>;
  /** --private: the run's exchanges are not to be shared, so its report files are owner-only. */
  private: boolean;
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
  /** --judge-agent: the judge agent of judge expectations that name none. */
  judgeAgent?: string;
}

const { concurrency: CONCURRENCY, ratePerSecond: RATE } = RUN_LIMITS;
const count = (value: number) => value.toLocaleString('en-US');

/**
 * The command's options, and its help made from them. Descriptions with numbers are made when
 * --help asks: the numbers load Intl's number data (16-20 ms of a start).
 */
const RUN_COMMAND = {
  usage: 'agent-explorer run SUITE.json [options]',
  summary: 'Runs every case of a suite (against each data row and agent) and checks its expectations.',
  positionals: true,
  options: {
    data: {
      type: 'string',
      value: 'FILE',
      help: 'a .csv or .jsonl data file of your own instead of the suite\'s "data"\n(a suite\'s own "data" is read only inside the suite\'s folder)',
    },
    concurrency: {
      type: 'string',
      value: 'N',
      help: () => `requests in flight at once, ${CONCURRENCY.min} to ${CONCURRENCY.max} (default 8)`,
    },
    rate: { type: 'string', value: 'N', help: () => `at most N requests started per second, ${RATE.min} to ${count(RATE.max)}` },
    'max-requests': { type: 'string', value: 'N', help: () => `refuse a run of more than N requests (default ${count(MAX_RUN_REQUESTS)})` },
    'on-429': { type: 'string', value: 'wait|fail', help: 'on HTTP 429: wait as Retry-After says and send again (default), or record it' },
    // --bail, --iterations, --timeout, --delay, --workspace and --profile (runFlags.ts).
    ...RUN_FLAG_OPTIONS,
    'judge-agent': { type: 'string', value: 'ID', help: "the judge agent of the suite's judge expectations that name none" },
    reporter: { type: 'string', value: 'NAME', help: 'pretty (default), junit, json, csv or html' },
    out: { type: 'string', value: 'FILE', help: 'write the report there (default: standard output)' },
    // Several reports from one run, as newman's --reporter-junit-export: any together, beside --reporter's.
    'reporter-junit': { type: 'string', value: 'FILE', help: 'also write a JUnit XML report to FILE (for CI dashboards)' },
    'reporter-json': { type: 'string', value: 'FILE', help: 'also write the JSON report to FILE' },
    'reporter-html': { type: 'string', value: 'FILE', help: 'also write the HTML report to FILE (one self-contained page)' },
    'reporter-csv': { type: 'string', value: 'FILE', help: 'also write a CSV report to FILE (one line per result)' },
    private: {
      type: 'boolean',
      help: 'the exchanges are private: report files only you can read (0600;\nwithout it 0644, as your umask allows)',
    },
    sandbox: { type: 'boolean', help: 'run against an embedded Sandbox instead of the platform' },
    ca: { type: 'string', value: 'FILE', help: "also trust the CA certificates in FILE (PEM), beside the system's roots" },
    insecure: { type: 'boolean', help: "do not verify the platform's certificate (said on standard error)" },
    cert: {
      type: 'string',
      value: 'FILE',
      help: 'present this client certificate (PEM, with --key; or a .p12/.pfx file\nalone); a passphrase is read from AGENT_EXPLORER_CERT_PASSPHRASE',
    },
    key: { type: 'string', value: 'FILE', help: "the client certificate's private key (PEM)" },
    proxy: {
      type: 'string',
      value: 'URL',
      help: 'send through this proxy (http://[user:password@]host:port, or https://),\ninstead of HTTPS_PROXY / HTTP_PROXY / ALL_PROXY from the environment',
    },
    noproxy: {
      type: 'string',
      value: 'LIST',
      help:
        'hosts reached without the proxy, in place of NO_PROXY: comma-separated\nnames (a name covers its ' +
        'subdomains), host:port, IP addresses or ranges\n(10.0.0.0/8), or * for all',
    },
  },
  footer: `The platform is AGENT_EXPLORER_BASE_URL, with the key in AGENT_EXPLORER_API_KEY and how to send
it in AGENT_EXPLORER_AUTH (bearer, scheme:NAME, header:NAME or query:NAME); or a --workspace
file's profile, with the key in AGENT_EXPLORER_API_KEY.
Exit code: 0 every case passed, 1 any failed, 2 a bad suite, bad arguments, a platform
unreachable or refusing the key before it answered anything, or an unexpected error,
130 stopped by Ctrl+C (the reports hold what had come).`,
} as const satisfies Command<OptionTable>;

/** The command's arguments: what to run, the text --help or --version prints, or the one sentence a usage error is. */
export function parseRunArgs(argv: readonly string[]): CommandLine<RunArgs> {
  return parseCommandLine(RUN_COMMAND, argv, checkRunArgs);
}

/** The run's own rules over the values parseArgs read. */
function checkRunArgs(values: OptionValues<typeof RUN_COMMAND.options>, positionals: string[]): Checked<RunArgs> {
  for (const name of ['data', 'out', 'ca', 'cert', 'key', ...FILE_REPORTERS.map((reporter) => `reporter-${reporter}` as const)] as const) {
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
  if (values.key !== undefined && values.cert === undefined)
    return { ok: false, message: '--key needs --cert, the certificate it belongs to' };
  if (values.insecure && values.ca !== undefined)
    return { ok: false, message: '--insecure turns verification off, so --ca would not be used: give one or the other' };
  const judgeAgent = values['judge-agent'];
  if (judgeAgent !== undefined && !isUuid(judgeAgent))
    return { ok: false, message: "--judge-agent must be the judge agent's id, a UUID such as 8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60" };
  let proxy: ProxyAddress | undefined;
  if (values.proxy !== undefined) {
    const parsed = parseProxyUrl(values.proxy, '--proxy');
    if (!parsed.ok) return { ok: false, message: parsed.message };
    proxy = parsed.value;
  }
  const flags = checkRunFlags(values, values.sandbox === true);
  if (!flags.ok) return flags;
  if (positionals.length === 0) return { ok: false, message: 'name the suite file: agent-explorer run SUITE.json' };
  if (positionals.length > 1) return { ok: false, message: `one suite file at a time (got ${positionals.join(', ')})` };
  return {
    ok: true,
    value: {
      ...flags.value,
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
      reportFiles: Object.fromEntries(
        FILE_REPORTERS.flatMap((name) => (values[`reporter-${name}`] === undefined ? [] : [[name, values[`reporter-${name}`]!]])),
      ),
      private: values.private === true,
      sandbox: values.sandbox === true,
      on429,
      maxRequests: (maxRequests as number | undefined) ?? MAX_RUN_REQUESTS,
      ...(proxy === undefined ? {} : { proxy }),
      ...(values.noproxy === undefined ? {} : { noProxy: values.noproxy }),
      ...(judgeAgent === undefined ? {} : { judgeAgent }),
    },
  };
}
