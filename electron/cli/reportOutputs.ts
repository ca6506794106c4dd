import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { FILE_REPORTERS, reportWriter, type FileReporterName, type ReporterName } from '../core/reports/runs/reporters';
import { openReportSpool, type ReportSpool } from '../core/reports/runs/reportSpool';
import type { RunReport, RunReportResult } from '../core/reports/runs/runReport';
import { isStoppedUnpassed, UNSENT_KEPT, type RunResult, type RunSummary } from '../core/runs/runner';
import type { PlanSource } from '../core/runs/planSource';
import { writeFileSafely, type FileAccess } from '../core/storage/safeWrite';
import type { Checked } from '../shared/commandLine';

/**
 * The reports one run of `agent-explorer run` writes: `--reporter X` to `--out FILE` or standard
 * output (the pretty reporter alone is the terminal's, printed as results come by run.ts), and a
 * file for each `--reporter-junit|json|html|csv FILE`, any together.
 *
 * Each report is written while the run goes (reportSpool.ts): results come in any order (requests
 * run side by side) and each is written to every report in plan order, then dropped. A report
 * file is 0644 (as the umask allows), or owner-only under --private (scratch files are always
 * owner-only). Every place is checked and its first scratch file made before anything is sent, so
 * a folder given as a file, a file named twice or a folder that does not exist is a usage error (exit code 2). When
 * an error stops the command, `close` still writes each report from the results that came,
 * saying the run was stopped and listing the requests not run, as a cancelled run's does.
 */

/** What the command line asked for (from runArgs.ts). */
interface ReportArgs {
  reporter: ReporterName;
  out?: string;
  reportFiles: Partial<Record<FileReporterName, string>>;
  /** The exchanges are private (--private): files only their owner can read; otherwise as the umask allows. */
  private: boolean;
}

interface TextOutput {
  write(text: string): unknown;
}

interface Target {
  reporter: ReporterName;
  /** The option that named the place, for messages. */
  option: string;
  /** The report's file, or null for standard output. */
  file: string | null;
}

export interface ReportOutputs {
  /** The run is about to start: its plan, the suite's name (as reports show it), and how its report's head is made from a summary. */
  begin(plan: PlanSource, suite: string, headOf: (summary: RunSummary) => RunReport): void;
  /** A result as it comes, and as reports show it (redacted). */
  add(result: RunResult, shown: RunReportResult): void;
  /** The run is over: every report written. Resolves to a sentence for each that could not be. */
  finish(head: RunReport): Promise<string[]>;
  /** After an error stopped the command: each report written from what came, cut short; nothing when already finished. */
  close(): Promise<void>;
}

function targetsOf(args: ReportArgs): Target[] {
  const targets: Target[] = [];
  if (args.reporter !== 'pretty' || args.out !== undefined)
    targets.push({ reporter: args.reporter, option: '--out', file: args.out ?? null });
  for (const reporter of FILE_REPORTERS) {
    const file = args.reportFiles[reporter];
    if (file !== undefined) targets.push({ reporter, option: `--reporter-${reporter}`, file });
  }
  return targets;
}

/** Only the system's refusals (no such folder, no permission, a folder in the way) are about the place. */
const isSystemError = (error: unknown): error is Error => error instanceof Error && 'syscall' in error;

/** Checks every place and makes its first scratch file; a usage error's sentence when one cannot be written. */
export async function openReportOutputs(args: ReportArgs, cwd: string, stdout: TextOutput): Promise<Checked<ReportOutputs>> {
  const targets = targetsOf(args).map((target) => ({ ...target, file: target.file === null ? null : path.resolve(cwd, target.file) }));
  const named = new Map<string, Target>();
  for (const target of targets) {
    if (target.file === null) continue;
    const before = named.get(target.file);
    if (before)
      return { ok: false, message: `${before.option} and ${target.option} both name ${target.file}: give each report its own file` };
    named.set(target.file, target);
    const found = await stat(target.file).catch(() => null);
    if (found?.isDirectory()) return { ok: false, message: `${target.option} names a folder, ${target.file}: give a file name` };
  }
  const opened: Array<{ target: Target; spool: Awaited<ReturnType<typeof openReportSpool>>; folder: string | null }> = [];
  const discardAll = async () => {
    for (const { spool, folder } of opened.splice(0)) {
      await spool.discard();
      if (folder !== null) await rm(folder, { recursive: true, force: true });
    }
  };
  for (const target of targets) {
    try {
      // Standard output's report waits in a private folder of the system's temporary folder.
      const folder = target.file === null ? await mkdtemp(path.join(os.tmpdir(), 'agent-explorer-report-')) : null;
      try {
        opened.push({ target, spool: await openReportSpool(target.file ?? path.join(folder!, 'report')), folder });
      } catch (error) {
        if (folder !== null) await rm(folder, { recursive: true, force: true });
        throw error;
      }
    } catch (error) {
      await discardAll();
      if (!isSystemError(error)) throw error;
      return { ok: false, message: `the report could not be written to ${target.file ?? 'a temporary file'}: ${error.message}` };
    }
  }
  return { ok: true, value: reportOutputs(opened, discardAll, stdout, args.private ? 'owner' : 'shared') };
}

function reportOutputs(
  opened: ReadonlyArray<{ target: Target; spool: Awaited<ReturnType<typeof openReportSpool>> }>,
  discardAll: () => Promise<void>,
  stdout: TextOutput,
  access: FileAccess,
): ReportOutputs {
  let spools: ReportSpool[] = [];
  let plan: PlanSource = { total: 0, cases: async function* () {} };
  let headOf: (summary: RunSummary) => RunReport = () => {
    throw new Error('the run has not begun');
  };
  let startedAt = 0;
  // Results wait here only until the ones before them in the plan have come.
  const waiting = new Map<number, RunReportResult>();
  let next = 0;
  let received = new Uint8Array(0);
  const counts = { received: 0, passed: 0, failed: 0, cancelled: 0 };
  // The one ending (finished or cut short): whichever comes first; the other waits for it.
  let ending: Promise<string[]> | null = null;

  const write = (result: RunReportResult) => {
    for (const spool of spools) spool.add(result);
  };
  /** The results still waiting (their predecessors were never sent: the run was stopped), in plan order. */
  const writeWaiting = () => {
    for (const index of [...waiting.keys()].sort((a, b) => a - b)) write(waiting.get(index)!);
    waiting.clear();
  };
  const writeAll = async (head: RunReport): Promise<string[]> => {
    writeWaiting();
    const problems: string[] = [];
    try {
      for (const [index, { target }] of opened.entries()) {
        const pieces = spools[index]!.pieces(head);
        try {
          if (target.file === null) await writeOut(pieces, stdout);
          else await writeFileSafely(target.file, pieces, access);
        } catch (error) {
          if (!isSystemError(error)) throw error;
          problems.push(`the report could not be written to ${target.file ?? 'standard output'}: ${error.message}`);
        }
      }
    } finally {
      await discardAll();
    }
    return problems;
  };

  return {
    begin(runPlan, suite, makeHead) {
      plan = runPlan;
      headOf = makeHead;
      startedAt = performance.now();
      // A byte a request (a million requests: 1 MB), to list the first never sent after an error.
      received = new Uint8Array(opened.length > 0 ? plan.total : 0);
      spools = opened.map(({ target, spool }) => spool.start(reportWriter(target.reporter, suite)));
    },
    add(result, shown) {
      if (spools.length === 0 || ending !== null) return;
      const { index } = result.planned;
      received[index] = 1;
      counts.received += 1;
      if (result.passed) counts.passed += 1;
      else counts.failed += 1;
      if (isStoppedUnpassed(result)) counts.cancelled += 1;
      waiting.set(index, shown);
      for (let found = waiting.get(next); found !== undefined; found = waiting.get(next)) {
        waiting.delete(next);
        next += 1;
        write(found);
      }
    },
    finish(head) {
      ending ??= writeAll(head);
      return ending;
    },
    async close() {
      ending ??= spools.length === 0 ? discardAll().then(() => []) : cutShort().then((summary) => writeAll(headOf(summary)));
      await ending;
    },
  };

  /** What came before an error stopped the command, as a stopped run's summary. */
  async function cutShort(): Promise<RunSummary> {
    return {
      total: plan.total,
      passed: counts.passed,
      failed: counts.failed,
      cancelled: counts.cancelled,
      notRun: plan.total - counts.received,
      stopped: true,
      unreachable: false,
      durationMs: performance.now() - startedAt,
      unsent: await firstUnsent(),
      firstError: null,
    };
  }

  /** The first requests that did not come, read from the plan again (none, when it cannot be read: the error may be its). */
  async function firstUnsent(): Promise<RunSummary['unsent']> {
    const unsent: RunSummary['unsent'] = [];
    try {
      for await (const planned of plan.cases()) {
        if (received[planned.index] !== 1) unsent.push(planned);
        if (unsent.length === UNSENT_KEPT || unsent.length === plan.total - counts.received) break;
      }
    } catch {
      // Listed as far as the plan could be read; the count is right all the same.
    }
    return unsent;
  }
}

/** A report to standard output, about 64 KB at a time, its UTF-8 decoded across the pieces' edges. */
async function writeOut(pieces: AsyncIterable<string | Uint8Array>, stdout: TextOutput): Promise<void> {
  const decoder = new StringDecoder('utf8');
  let chunk = '';
  for await (const piece of pieces) {
    chunk += typeof piece === 'string' ? piece : decoder.write(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    if (chunk.length < 65_536) continue;
    stdout.write(chunk);
    chunk = '';
  }
  chunk += decoder.end();
  if (chunk !== '') stdout.write(chunk);
}
