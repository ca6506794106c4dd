import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { benchSuite } from './runs';
import { verdict } from './stats';

/**
 * Runs of any size in flat memory: `agent-explorer run --sandbox` (its embedded Sandbox, an
 * agent answering at once) over a CSV of 20,000, 200,000 and 1,000,000 rows, one assertion each,
 * the JSON report written to a file, side by side in one go. Peak RSS is the process's own
 * (getrusage's maxrss, printed at exit by a preloaded line); requests a second are the report's
 * own count over its own duration (the run, without the process's start). Targets: 200k's peak
 * at most 1.3× 20k's and under 300 MB; 1M's under 300 MB; 1M's requests a second within 10% of 20k's.
 */

const SIZES = [20_000, 200_000, 1_000_000];
const MB = 1024 * 1024;

interface Measured {
  rows: number;
  peakBytes: number;
  perSecond: number;
  seconds: number;
}

/** A data file of `rows` rows, written a piece at a time (the bench holds no more of it than the run does). */
async function writeRows(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve)));
  await write('text,customer_name,order_id,expect\n');
  let piece = '';
  for (let i = 0; i < rows; i += 1) {
    piece += `Where is order ${i} please,Customer ${i},NW-${10_000 + i},Customer ${i}\n`;
    if (piece.length > 65_536) {
      await write(piece);
      piece = '';
    }
  }
  await write(piece);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** The report's head (its totals and duration come before its results). */
async function reportHead(file: string): Promise<{ total: number; durationMs: number }> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const duration = /"durationMs": ([\d.]+)/.exec(text);
    const total = /"total": (\d+)/.exec(text);
    if (!duration || !total) throw new Error(`the report's head was not found: ${text.slice(0, 300)}`);
    return { total: Number(total[1]), durationMs: Number(duration[1]) };
  } finally {
    await handle.close();
  }
}

async function measure(cliEntry: string, dir: string, rows: number): Promise<Measured> {
  const agent = SANDBOX_AGENTS.find((item) => item.name === 'Support reply drafter')!;
  await writeRows(path.join(dir, 'rows.csv'), rows);
  const suite = path.join(dir, 'suite.json');
  await writeFile(suite, JSON.stringify(benchSuite('scale', agent.id)));
  const report = path.join(dir, 'report.json');
  const peakLine = path.join(dir, 'peak.cjs');
  await writeFile(peakLine, "process.on('exit', () => process.stderr.write(`\\nPEAK_RSS ${process.resourceUsage().maxRSS * 1024}\\n`));\n");
  const args = ['-r', peakLine, cliEntry, 'run', suite, '--sandbox', '--max-requests', String(rows), '--reporter-json', report];
  const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('close', (code) => resolve({ code, text }));
  });
  if (output.code !== 0) throw new Error(`agent-explorer run exited ${output.code}: ${output.text.slice(-2000)}`);
  const peak = /PEAK_RSS (\d+)/.exec(output.text);
  if (!peak) throw new Error(`no peak RSS was printed: ${output.text.slice(-500)}`);
  const head = await reportHead(report);
  if (head.total !== rows) throw new Error(`the report counts ${head.total} requests, not ${rows}`);
  await rm(report, { force: true });
  return { rows, peakBytes: Number(peak[1]), perSecond: rows / (head.durationMs / 1000), seconds: head.durationMs / 1000 };
}

export async function benchScale(cliEntry: string): Promise<string[]> {
  const lines = ['Runs of any size: agent-explorer run --sandbox (instant agent), CSV data, JSON report to a file'];
  const measured: Measured[] = [];
  for (const rows of SIZES) {
    const dir = await mkdtemp(path.join(tmpdir(), 'ae-bench-scale-'));
    try {
      const result = await measure(cliEntry, dir, rows);
      measured.push(result);
      lines.push(
        `  ${rows.toLocaleString('en-US').padStart(9)} rows: peak RSS ${(result.peakBytes / MB).toFixed(0)} MB, ` +
          `${Math.round(result.perSecond).toLocaleString('en-US')} requests/s (${result.seconds.toFixed(1)} s)`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const [small, middle, large] = measured as [Measured, Measured, Measured];
  const growth = middle.peakBytes / small.peakBytes;
  lines.push(
    `  200k peak ÷ 20k peak: ${growth.toFixed(2)}× (target ≤ 1.3×: ${verdict(growth <= 1.3)}); 200k peak under 300 MB: ${verdict(middle.peakBytes < 300 * MB)}`,
  );
  lines.push(`  1M peak under 300 MB: ${verdict(large.peakBytes < 300 * MB)}`);
  const pace = large.perSecond / small.perSecond;
  lines.push(`  1M requests/s ÷ 20k requests/s: ${pace.toFixed(2)} (target ≥ 0.9: ${verdict(pace >= 0.9)})`);
  return lines;
}
