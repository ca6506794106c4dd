import { closeSync, openSync, writeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '../core/appStores';
import { environmentProfile } from '../core/environment';
import { createPlatformClient, type PlatformTarget } from '../core/platformClient';
import { DEFAULT_TIMEOUT_MS } from '../core/profiles';
import { jsonReportPieces, renderReport, resultLine, summaryLine } from '../core/runs/reporters';
import { reportResult, runReportParts, type RunMeta } from '../core/runs/runReport';
import { startRun, type RunEvent } from '../core/runs/runner';
import { loadSuite } from '../core/runs/suiteLoad';
import { describeProblem } from '../core/runs/suiteTypes';
import { createHttpTransport } from '../core/http/httpTransport';
import type { SandboxServer } from '../sandbox/server';
import { APP_VERSION } from '../shared/version';
import { parseRunArgs, RUN_USAGE } from './runArgs';

/**
 * `agent-explorer run SUITE.json`: loads and checks the suite (nothing is sent on a bad one),
 * picks the platform (the environment variables, as the app's Environment profile, or an
 * embedded Sandbox), runs it on the core's runner and writes the chosen report. It imports
 * nothing of the renderer or of the app's stores, so it starts fast.
 *
 * The key is handed to the platform client only; every text written here comes from redacted
 * exchanges or from messages that never hold it.
 */

export interface CliOutput {
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
}

export const EXIT_PASSED = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

interface Platform {
  target: PlatformTarget;
  meta: Pick<RunMeta, 'profile'>;
  close(): Promise<void>;
}

async function choosePlatform(sandbox: boolean, io: RunCliIo): Promise<{ ok: true; value: Platform } | { ok: false; message: string }> {
  const common = { timeoutMs: DEFAULT_TIMEOUT_MS, tls: { verify: true, extraCa: null }, maxResponseBytes: DEFAULT_SETTINGS.maxResponseBytes };
  if (sandbox) {
    // Loaded only when asked for: a run against a real platform never starts one.
    const { startSandbox } = await import('../sandbox/server');
    const server: SandboxServer = await startSandbox({ latency: 'none', ...(io.sandboxKey === undefined ? {} : { apiKey: io.sandboxKey }) });
    return {
      ok: true,
      value: {
        target: { baseUrl: server.url, apiKey: server.apiKey, auth: { kind: 'bearer' }, ...common },
        meta: { profile: { id: 'sandbox', name: 'Sandbox', baseUrl: server.url } },
        close: () => server.close(),
      },
    };
  }
  const environment = environmentProfile(io.env);
  if (!environment.ok) return { ok: false, message: environment.message };
  if (environment.value === null) return { ok: false, message: 'set AGENT_EXPLORER_BASE_URL (and AGENT_EXPLORER_API_KEY), or use --sandbox' };
  const { profile, key } = environment.value;
  if (key === null) return { ok: false, message: 'AGENT_EXPLORER_API_KEY is not set: the platform needs a key' };
  return {
    ok: true,
    value: {
      target: { baseUrl: profile.baseUrl, apiKey: key, auth: profile.auth, ...common },
      meta: { profile: { id: profile.id, name: profile.name, baseUrl: profile.baseUrl } },
      close: async () => undefined,
    },
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
      out.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${event.completed}/${event.total}  ${event.passed} passed, ${event.failed} failed`);
      drawn = true;
    },
    clear() {
      if (drawn) out.write('\r\u001b[2K');
      drawn = false;
    },
  };
}

/**
 * Writes text pieces to `file` (created owner-only, or replaced) or to standard output, about
 * 64 KB at a time. Synchronously: the command has nothing else to do by then, and fifty
 * asynchronous writes cost more than the writing itself.
 */
function writePieces(pieces: Iterable<string>, file: string | null, stdout: CliOutput): void {
  const fd = file === null ? null : openSync(file, 'w', 0o600);
  const put = (text: string) => {
    if (fd === null) {
      stdout.write(text);
      return;
    }
    // writeSync may write less than it was given: the rest is written until none is left.
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  };
  try {
    let chunk = '';
    for (const piece of pieces) {
      chunk += piece;
      if (chunk.length < 65_536) continue;
      put(chunk);
      chunk = '';
    }
    put(chunk);
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** Runs the command; resolves to the exit code. */
export async function runCli(argv: readonly string[], io: RunCliIo): Promise<number> {
  const say = (text: string) => io.stderr.write(`agent-explorer: ${text}\n`);
  const parsed = parseRunArgs(argv);
  if (!parsed.ok) {
    say(parsed.message);
    return EXIT_USAGE;
  }
  if ('help' in parsed) {
    io.stdout.write(`${RUN_USAGE}\n`);
    return EXIT_PASSED;
  }
  const { args } = parsed;
  const loaded = await loadSuite(path.resolve(io.cwd, args.suite), args.data === undefined ? {} : { dataFile: path.resolve(io.cwd, args.data) });
  if (!loaded.ok) {
    say(`the suite has ${loaded.problems.length === 1 ? 'a problem' : `${loaded.problems.length} problems`}; nothing was sent:`);
    for (const problem of loaded.problems) io.stderr.write(`  ${describeProblem(problem)}\n`);
    return EXIT_USAGE;
  }
  const platform = await choosePlatform(args.sandbox, io);
  if (!platform.ok) {
    say(platform.message);
    return EXIT_USAGE;
  }
  const { suite, plan } = loaded.value;
  const meta: RunMeta = { suiteName: suite.name ?? path.basename(args.suite, '.json'), profile: platform.value.meta.profile, startedAt: new Date(), appVersion: APP_VERSION };
  const client = createPlatformClient({ transport: createHttpTransport(), now: () => performance.now(), wallClock: () => new Date(), userAgent: `AgentExplorer/${APP_VERSION} (run)` });
  const run = startRun(plan, { client, target: platform.value.target }, {
    ...(args.concurrency === undefined ? {} : { concurrency: args.concurrency }),
    ...(args.rate === undefined ? {} : { ratePerSecond: args.rate }),
    on429: args.on429,
    stopWhenUnreachable: true,
  });
  const pretty = args.reporter === 'pretty';
  const bar = pretty && io.stdout.isTTY ? progressBar(io.stdout) : null;
  run.subscribe((event) => {
    if (event.type === 'waiting' && pretty) {
      bar?.clear();
      io.stdout.write(`waiting ${(event.ms / 1000).toFixed(1)} s: the server answered 429 Too Many Requests\n`);
    }
    if (event.type !== 'result' || !pretty) return;
    // On a terminal: the bar, and failures as they come; elsewhere, one plain line per result.
    if (bar) {
      if (!event.result.passed) {
        bar.clear();
        io.stdout.write(`${resultLine(reportResult(event.result, meta.profile))}\n`);
      }
      bar.update(event);
    } else {
      io.stdout.write(`${resultLine(reportResult(event.result, meta.profile))}\n`);
    }
  });
  const removeInterrupt = io.onInterrupt?.(() => run.cancel());
  const summary = await run.done;
  removeInterrupt?.();
  bar?.clear();
  await platform.value.close();
  const { head, results } = runReportParts(summary, meta);
  if (summary.unreachable) {
    const first = summary.results[0]?.result;
    say(`the platform could not be reached${first && !first.ok ? `: ${first.error.message}` : ''}`);
    return EXIT_USAGE;
  }
  if (args.reporter === 'json') {
    // Written as it is made: a large run's report is never held whole.
    writePieces(jsonReportPieces(head, results), args.out ? path.resolve(io.cwd, args.out) : null, io.stdout);
  } else if (!pretty) {
    const text = renderReport(args.reporter as Exclude<typeof args.reporter, 'pretty'>, { ...head, results: [...results] });
    if (args.out) await writeFile(path.resolve(io.cwd, args.out), text, { mode: 0o600 });
    else io.stdout.write(text);
  } else if (args.out) {
    await writeFile(path.resolve(io.cwd, args.out), summary.results.map((result) => `${resultLine(reportResult(result, meta.profile))}\n`).join(''), { mode: 0o600 });
  }
  // The summary goes where it cannot mix into a report written to standard output.
  (pretty || args.out ? io.stdout : io.stderr).write(`${summaryLine(head)}\n`);
  return summary.passed === summary.total ? EXIT_PASSED : EXIT_FAILED;
}
