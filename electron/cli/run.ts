import path from 'node:path';
import { DEFAULT_SETTINGS } from '../core/workspace/appStores';
import { environmentProfile, type EnvironmentProfile } from '../core/profiles/environment';
import { createPlatformClient, type PlatformTarget } from '../core/http/platformClient';
import { printable } from '../shared/printable';
import { DEFAULT_TIMEOUT_MS } from '../core/profiles/profiles';
import { createRedactor, redactDeep, redactSecret, type Redactor } from '../core/http/redact';
import { resultLine, summaryLine } from '../core/reports/runs/reporters';
import { reportResult, runReportHead, type RunMeta, type RunReportResult } from '../core/reports/runs/runReport';
import { startRun, type RunEvent, type RunResult, type SetupFailure } from '../core/runs/runner';
import { loadSuite } from '../core/runs/suiteLoad';
import { describeProblem, type SuiteProblem } from '../shared/runs/suiteTypes';
import { createHttpTransport } from '../core/http/httpTransport';
import { noProxyOf, parseProxyUrl } from '../core/http/proxyEnv';
import { createProxyResolver, environmentProxy, type ProxySetting } from '../core/http/proxyRoute';
import type { SandboxServer } from '../sandbox/server';
import type { AgentNames } from '../shared/agentLabel';
import { APP_VERSION } from '../shared/version';
import { openReportOutputs } from './reportOutputs';
import { parseRunArgs, type RunArgs } from './runArgs';
import { certPassphrase, INSECURE_WARNING, runTlsSettings } from './runTls';
import { workspaceProfile } from './runProfile';
import { iteratedPlan, stopLine } from './runFlags';
import { setupLine, type PlatformSource } from './runSetup';
import type { TransportTls } from '../core/http/transport';

/**
 * `agent-explorer run SUITE.json`: loads and checks the suite (nothing is sent on a bad one),
 * picks the platform (the environment variables, as the app's Environment profile, or an
 * embedded Sandbox), runs it on the core's runner and writes the chosen report. It imports
 * nothing of the renderer or of the app's stores, so it starts fast.
 *
 * The key is handed to the platform client only. The exchanges come back redacted from the
 * client; everything else printed or written that came from the suite or its data (case names,
 * agents, texts, payloads, expectations, problems) is redacted here with the same key, as the
 * app's run service does: a suite from someone else's branch cannot make a CI job print it.
 * Any failure, even one nobody foresaw, is one line and exit code 2, never a stack trace.
 */

interface CliOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface RunCliIo {
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: CliOutput;
  stderr: CliOutput;
  /** Called with the run's cancel, so Ctrl+C stops the run and still reports; returns a remover. */
  onInterrupt?: (cancel: () => void) => () => void;
  /** A fixed key for --sandbox (tests look for it where it must not be); random otherwise. */
  sandboxKey?: string;
  /**
   * Called with a handler for errors nothing else caught (the process's uncaught exceptions and
   * unhandled rejections), so the command can stop with one line and exit 2; returns a remover.
   */
  onUnexpectedError?: (handler: (error: unknown) => void) => () => void;
}

const EXIT_PASSED = 0;
const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
/** Stopped by Ctrl+C, after writing what had come: 128 + SIGINT, as shells and newman say it. */
const EXIT_INTERRUPTED = 130;

/** The one line an error nobody foresaw is said in (its message, redacted by the caller), never its stack. */
export function unexpectedLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `stopped by an unexpected error: ${message.split('\n')[0]!.slice(0, 500)}`;
}

interface Platform {
  target: PlatformTarget;
  meta: Pick<RunMeta, 'profile'>;
  /** The names the platform's agents are known by here (the Sandbox's own). */
  agentNames: AgentNames;
  close(): Promise<void>;
}

/** Where the run goes, decided before the suite is read: the key is then known, so what is printed can be redacted with it. */
type PlatformChoice = { sandbox: true } | { sandbox: false; environment: EnvironmentProfile & { key: string } };

function choosePlatform(sandbox: boolean, io: RunCliIo): { ok: true; value: PlatformChoice } | { ok: false; message: string } {
  if (sandbox) return { ok: true, value: { sandbox: true } };
  const environment = environmentProfile(io.env);
  if (!environment.ok) return { ok: false, message: environment.message };
  if (environment.value === null)
    return { ok: false, message: 'set AGENT_EXPLORER_BASE_URL (and AGENT_EXPLORER_API_KEY), or use --sandbox' };
  const { profile, key } = environment.value;
  if (key === null) return { ok: false, message: 'AGENT_EXPLORER_API_KEY is not set: the platform needs a key' };
  return { ok: true, value: { sandbox: false, environment: { profile, key } } };
}

/**
 * The run's proxy setting: --proxy for this run (bypassed for --noproxy's hosts, or NO_PROXY's
 * as curl does), else the environment's variables ("System"). The embedded Sandbox is on this
 * machine: never through a proxy.
 */
function proxySetting(args: RunArgs, env: RunCliIo['env']): ProxySetting {
  if (args.sandbox) return { mode: 'none' };
  if (!args.proxy) return { mode: 'system' };
  const { url, username, password } = args.proxy;
  return { mode: 'manual', url: url.href, username, password, bypass: [args.noProxy ?? noProxyOf(env) ?? ''] };
}

async function startPlatform(
  choice: PlatformChoice,
  io: RunCliIo,
  tls: TransportTls,
  proxy: ProxySetting,
  timeoutMs: number,
): Promise<Platform> {
  const common = { timeoutMs, tls, maxResponseBytes: DEFAULT_SETTINGS.maxResponseBytes, proxy };
  if (choice.sandbox) {
    // Loaded only when asked for: a run against a real platform never starts one.
    const [{ startSandbox }, { sandboxKnownAgents }] = await Promise.all([import('../sandbox/server'), import('../sandbox/catalog')]);
    const server: SandboxServer = await startSandbox({
      latency: 'none',
      ...(io.sandboxKey === undefined ? {} : { apiKey: io.sandboxKey }),
    });
    return {
      target: { baseUrl: server.url, apiKey: server.apiKey, auth: { kind: 'bearer' }, ...common },
      meta: { profile: { id: 'sandbox', name: 'Sandbox', baseUrl: server.url } },
      agentNames: new Map(sandboxKnownAgents().map((agent) => [agent.id, agent.name])),
      close: () => server.close(),
    };
  }
  const { profile, key } = choice.environment;
  return {
    target: { baseUrl: profile.baseUrl, apiKey: key, auth: profile.auth, ...common },
    meta: { profile: { id: profile.id, name: profile.name, baseUrl: profile.baseUrl } },
    agentNames: new Map(),
    close: async () => undefined,
  };
}

/** Draws a progress bar on a terminal, at most every 100 ms, on one line that the summary replaces. */
function progressBar(out: CliOutput): { update(event: Extract<RunEvent, { type: 'result' }>): void; clear(): void } {
  let last = 0;
  let drawn = false;
  return {
    update(event) {
      const now = performance.now();
      if (now - last < 100 && event.completed < event.total) return;
      last = now;
      const width = 30;
      const filled = Math.round((event.completed / event.total) * width);
      out.write(
        `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${event.completed}/${event.total}  ${event.passed} passed, ${event.failed} failed`,
      );
      drawn = true;
    },
    clear() {
      if (drawn) out.write('\r\u001b[2K');
      drawn = false;
    },
  };
}

/** The proxy password this run may use, from --proxy or the environment's proxy URLs; null when none. */
function proxyPassword(argv: readonly string[], env: RunCliIo['env']): string | null {
  const parsed = parseRunArgs(argv);
  if (parsed.kind === 'run' && parsed.args.proxy) return parsed.args.proxy.password;
  for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY']) {
    const value = env[name];
    const address = value ? parseProxyUrl(value, name) : null;
    if (address?.ok && address.value.password) return address.value.password;
  }
  return null;
}

/**
 * Runs the command; resolves to the exit code. An error that escapes (thrown here, or reported
 * through `onUnexpectedError` from work this started) ends it with one line and exit code 2,
 * after the run is cancelled and the Sandbox closed.
 */
export async function runCli(argv: readonly string[], io: RunCliIo): Promise<number> {
  // Replaced by the key's redactor as soon as the key is known (before anything of the suite is read).
  // Messages may quote the suite or a server: printed redacted, without control characters, on one line.
  let redactor = createRedactor(null);
  // The client certificate's passphrase and the proxy's password (--proxy, or a *_PROXY variable)
  // are in no message by construction; they are redacted from them as the key is, all the same.
  const passphrase = certPassphrase(io.env);
  const proxyRedactor = createRedactor(proxyPassword(argv, io.env));
  const say = (text: string) =>
    io.stderr.write(`agent-explorer: ${printable(redactSecret(proxyRedactor.redact(redactor.redact(text)), passphrase))}\n`);
  const cleanups: Array<() => unknown> = [];
  let fail: (error: unknown) => void = () => undefined;
  const unexpected = new Promise<never>((_resolve, reject) => (fail = reject));
  unexpected.catch(() => undefined);
  const removeHandler = io.onUnexpectedError?.((error) => fail(error));
  try {
    return await Promise.race([
      unexpected,
      runChecked(argv, io, say, {
        useKey: (key) => (redactor = createRedactor(key)),
        redactor: () => redactor,
        onCleanup: (cleanup) => cleanups.push(cleanup),
        fail: (error) => fail(error),
      }),
    ]);
  } catch (error) {
    say(unexpectedLine(error));
    return EXIT_USAGE;
  } finally {
    removeHandler?.();
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // Cleaning up after a failure that was already said: nothing more to tell.
      }
    }
  }
}

/** Where the run's platform and key came from, for the line a setup problem is said in. */
function platformSource(
  choice: PlatformChoice,
  fromFile: { ok: true; environment: { profile: { name: string } } } | { ok: false } | null,
): PlatformSource {
  if (choice.sandbox) return { kind: 'sandbox' };
  return fromFile?.ok ? { kind: 'workspace', profile: fromFile.environment.profile.name } : { kind: 'environment' };
}

interface Guard {
  useKey(key: string | null): void;
  redactor(): Redactor;
  onCleanup(cleanup: () => unknown): void;
  /** Stops the command as an unexpected error would (for a throw where no caller would see it). */
  fail(error: unknown): void;
}

async function runChecked(argv: readonly string[], io: RunCliIo, say: (text: string) => void, guard: Guard): Promise<number> {
  const parsed = parseRunArgs(argv);
  if (parsed.kind === 'error') {
    say(parsed.message);
    return EXIT_USAGE;
  }
  if (parsed.kind === 'print') {
    // --help or --version.
    io.stdout.write(`${parsed.text}\n`);
    return EXIT_PASSED;
  }
  let { args } = parsed;
  // --workspace: the platform is the file's profile, whose settings become the run's arguments.
  const fromFile = args.workspace ? await workspaceProfile({ ...args, workspace: args.workspace }, io.env, io.cwd) : null;
  if (fromFile?.ok) args = fromFile.args;
  const choice: ReturnType<typeof choosePlatform> = fromFile
    ? fromFile.ok
      ? { ok: true, value: { sandbox: false, environment: fromFile.environment } }
      : fromFile
    : choosePlatform(args.sandbox, io);
  if (!choice.ok) {
    say(choice.message);
    return EXIT_USAGE;
  }
  // A Sandbox's key is made when it starts, after the suite is read: only a fixed one can be in a file.
  guard.useKey(choice.value.sandbox ? (io.sandboxKey ?? null) : choice.value.environment.key);
  for (const warning of fromFile?.ok ? fromFile.warnings : []) say(`warning: ${warning}`);
  const loaded = await loadSuite(path.resolve(io.cwd, args.suite), {
    maxRequests: args.maxRequests,
    ...(args.data === undefined ? {} : { dataFile: path.resolve(io.cwd, args.data) }),
    ...(args.judgeAgent === undefined ? {} : { judgeAgent: args.judgeAgent }),
  });
  if (!loaded.ok) {
    say(`the suite has ${loaded.problems.length === 1 ? 'a problem' : `${loaded.problems.length} problems`}; nothing was sent:`);
    for (const problem of redactDeep<SuiteProblem[]>(loaded.problems, guard.redactor()))
      io.stderr.write(`  ${printable(describeProblem(problem))}\n`);
    return EXIT_USAGE;
  }
  const tls = await runTlsSettings(args, io.env, io.cwd, say);
  if (!tls.ok) {
    say(tls.message);
    return EXIT_USAGE;
  }
  if (!tls.tls.verify) say(INSECURE_WARNING);
  // Every report's place is checked (and its scratch file made) before anything is sent.
  const opened = await openReportOutputs(args, io.cwd, io.stdout);
  if (!opened.ok) {
    say(opened.message);
    return EXIT_USAGE;
  }
  const reports = opened.value;
  // After an error: each report from the results that came, cut short (cleanups run in reverse: after the run's cancel).
  guard.onCleanup(() => reports.close());
  const platform = await startPlatform(choice.value, io, tls.tls, proxySetting(args, io.env), args.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  guard.onCleanup(() => platform.close());
  guard.useKey(platform.target.apiKey);
  const redactor = guard.redactor();
  const { suite } = loaded.value;
  const plan = iteratedPlan(loaded.value.plan, args.iterations, args.maxRequests);
  if (!plan.ok) {
    say(plan.message);
    return EXIT_USAGE;
  }
  const meta: RunMeta = {
    ...redactDeep(
      {
        suiteName: suite.name ?? path.basename(args.suite, '.json'),
        profile: platform.meta.profile,
        startedAt: new Date(),
        appVersion: APP_VERSION,
      },
      redactor,
    ),
    // Names where they are known: the workspace file's catalog for its profile, or the Sandbox's
    // own. Untrusted as the suite is: redacted with what shows them, printed without controls.
    agentNames: fromFile?.ok ? fromFile.agentNames : platform.agentNames,
  };
  const shown = (result: RunResult) => redactDeep(reportResult(result, meta.profile, meta.agentNames), redactor);
  const client = createPlatformClient({
    transport: createHttpTransport(),
    now: () => performance.now(),
    wallClock: () => new Date(),
    userAgent: `AgentExplorer/${APP_VERSION} (run)`,
    resolveProxy: createProxyResolver(environmentProxy(io.env, args.noProxy)),
  });
  const run = startRun(
    plan.value,
    { client, target: platform.target },
    {
      ...(args.concurrency === undefined ? {} : { concurrency: args.concurrency }),
      ...(args.rate === undefined ? {} : { ratePerSecond: args.rate }),
      on429: args.on429,
      // The first requests decide: the platform unreachable, or the key refused, before it answered
      // anything, is a setup problem said in one line (runSetup.ts), not a FAIL line per case.
      stopWhenUnreachable: true,
      stopWhenKeyRefused: true,
      bail: args.bail,
      ...(args.delayMs === undefined ? {} : { delayMs: args.delayMs }),
      ...(args.judgeAgent === undefined ? {} : { judgeAgent: args.judgeAgent }),
    },
  );
  // Cleanups run in reverse: the run is cancelled before the platform closes.
  guard.onCleanup(() => run.cancel());
  const pretty = args.reporter === 'pretty';
  const bar = pretty && io.stdout.isTTY ? progressBar(io.stdout) : null;
  const printEvent = (event: RunEvent, shownResult: RunReportResult | null) => {
    if (event.type === 'waiting' && pretty) {
      bar?.clear();
      io.stdout.write(`waiting ${(event.ms / 1000).toFixed(1)} s: the server answered 429 Too Many Requests\n`);
    }
    if (event.type !== 'result' || !pretty) return;
    // On a terminal: the bar, and failures as they come; elsewhere, one plain line per result.
    if (bar) {
      if (!event.result.passed) {
        bar.clear();
        io.stdout.write(`${resultLine(shownResult!)}\n`);
      }
      bar.update(event);
    } else {
      io.stdout.write(`${resultLine(shownResult!)}\n`);
    }
  };
  reports.begin(plan.value, meta.suiteName, (summary) => redactDeep(runReportHead(summary, meta), redactor));
  /** The setup problem that stopped the run, and the result that showed it: then nothing more is printed but its line. */
  const setup: { by: { failure: SetupFailure; result: RunResult } | null } = { by: null };
  // A throw in here would end inside the runner, where nothing awaits it: it stops the command instead.
  run.subscribe((event) => {
    try {
      if (event.type === 'result' && event.stopsRun) setup.by ??= { failure: event.stopsRun, result: event.result };
      // Each result is written to every report as it comes (in plan order), and not kept.
      const shownResult = event.type === 'result' ? shown(event.result) : null;
      if (setup.by === null) printEvent(event, shownResult);
      if (event.type === 'result') reports.add(event.result, shownResult!);
    } catch (error) {
      guard.fail(error);
    }
  });
  let interrupted = false;
  const removeInterrupt = io.onInterrupt?.(() => {
    interrupted = true;
    run.cancel();
  });
  const summary = await run.done;
  removeInterrupt?.();
  bar?.clear();
  const head = redactDeep(runReportHead(summary, meta), redactor);
  const notWritten = await reports.finish(head);
  if (setup.by !== null) {
    // Said from the result that stopped the run, not one cancelled because of it (cases run side by side).
    say(setupLine(setup.by.failure, setup.by.result.result, platformSource(choice.value, fromFile), summary.notRun));
    for (const problem of notWritten) say(problem);
    return EXIT_USAGE;
  }
  // The summary goes where it cannot mix into a report written to standard output.
  (pretty || args.out ? io.stdout : io.stderr).write(`${summaryLine(head)}${stopLine(summary, args.bail, interrupted)}\n`);
  for (const problem of notWritten) say(problem);
  if (notWritten.length > 0) return EXIT_USAGE;
  if (interrupted) return EXIT_INTERRUPTED;
  return summary.passed === summary.total ? EXIT_PASSED : EXIT_FAILED;
}
