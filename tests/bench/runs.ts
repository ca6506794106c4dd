import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { percentile, verdict } from './stats';

/**
 * Runs against the peers: the same 1000 data-driven invokes of the same loopback
 * Sandbox (answering at once), one assertion each (the answer contains the row's `expect`), by
 * newman 6, bru 4 and `agent-explorer run`, each timed as a whole process (start included).
 * The peers come from ../shared/peers/run-peers.sh, which installs them on first use into a
 * cache folder outside the app (PEERS_DIR); set BENCH_PEERS=skip to time only ours.
 * Beside ours, two floors that send the same invokes and check nothing: node:http and undici (our stack).
 * Targets: at default concurrency at least 30× faster than newman; at concurrency 1 (one after
 * another, as newman and bru run), at least 10×.
 *
 * Ours is timed five times and its median taken (it lasts a fifth of a second, and one process
 * on this shared machine varies by a quarter either way); the peers, at 10 s and more, once each.
 */

const KEY = 'bench-runs-key-0123456789';
/** How many times our command is timed; the median counts. */
const OUR_RUNS = 5;
/** The bare keep-alive loop that checks nothing (also the agent-latency bench's floor). */
const LIMIT_CLIENT = fileURLToPath(new URL('../../tests/bench/limitClient.mjs', import.meta.url));
/** The same loop on undici, the stack the platform client is built on: the floor of our own stack. */
const UNDICI_LIMIT_CLIENT = fileURLToPath(new URL('../../tests/bench/undiciLimitClient.mjs', import.meta.url));

export interface Timed {
  seconds: number;
  code: number | null;
  output: string;
}

/** Runs a command to its end and times it as a whole process (start included). */
export function timeProcess(command: string, args: string[], env: Record<string, string>): Promise<Timed> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ seconds: (performance.now() - started) / 1000, code, output }));
  });
}

/** The runs benches' suite: one case a row of rows.csv (text,customer_name,order_id,expect), one assertion each. */
export function benchSuite(name: string, agentId: string): unknown {
  return {
    name,
    data: 'rows.csv',
    cases: [
      {
        agent: agentId,
        text: '{{text}}',
        payload: { customer_name: '{{customer_name}}', order_id: '{{order_id}}' },
        expect: { answerContains: '{{expect}}' },
      },
    ],
  };
}

export async function benchRuns(cliEntry: string, rows: number): Promise<string[]> {
  const agent = SANDBOX_AGENTS.find((item) => item.name === 'Support reply drafter')!;
  const sandbox = await startSandbox({ apiKey: KEY, latency: 'none' });
  const dir = await mkdtemp(path.join(tmpdir(), 'ae-bench-runs-'));
  const lines: string[] = [`Runs: ${rows} data-driven invokes of a loopback Sandbox, one assertion each, whole process timed`];
  try {
    const csv = ['text,customer_name,order_id,expect'];
    for (let i = 0; i < rows; i += 1) csv.push(`Where is order ${i} please,Customer ${i},NW-${10_000 + i},Customer ${i}`);
    const data = path.join(dir, 'rows.csv');
    await writeFile(data, `${csv.join('\n')}\n`);
    const suite = path.join(dir, 'suite.json');
    await writeFile(suite, JSON.stringify(benchSuite('bench', agent.id)));
    const env = { AGENT_EXPLORER_BASE_URL: sandbox.url, AGENT_EXPLORER_API_KEY: KEY };
    const ours = async (concurrency: number | null) => {
      const args = [
        cliEntry,
        'run',
        suite,
        '--reporter',
        'json',
        '--out',
        path.join(dir, 'out.json'),
        ...(concurrency === null ? [] : ['--concurrency', String(concurrency)]),
      ];
      const timed = await timeProcess(process.execPath, args, env);
      if (timed.code !== 0) throw new Error(`agent-explorer run exited ${timed.code}: ${timed.output}`);
      return timed.seconds;
    };
    // The floor of this setup: the limit client (node:http keep-alive, concurrency 8, answers read
    // and not looked at, no records, no report) sending the same invokes to the same Sandbox. No
    // client that sends them can take much less, so newman ÷ limit is the most any ratio can reach.
    const invokeUrl = new URL(`api/agent/${agent.id}/invoke/`, sandbox.url.replace(/\/*$/, '/')).toString();
    // The same on undici: what the stack under the platform client costs before we add anything.
    const limit = async (client: string) => {
      const timed = await timeProcess(process.execPath, [client, invokeUrl, String(rows), '8', KEY], {});
      if (timed.code !== 0) throw new Error(`the limit client ${path.basename(client)} exited ${timed.code}: ${timed.output}`);
      return timed.seconds;
    };
    await ours(null); // warm the file cache, as the peers' second run would be
    const timesParallel: number[] = [];
    const timesSequential: number[] = [];
    const timesLimit: number[] = [];
    const timesUndici: number[] = [];
    for (let i = 0; i < OUR_RUNS; i += 1) {
      timesParallel.push(await ours(null));
      timesSequential.push(await ours(1));
      timesLimit.push(await limit(LIMIT_CLIENT));
      timesUndici.push(await limit(UNDICI_LIMIT_CLIENT));
    }
    const parallel = percentile(timesParallel, 50);
    const sequential = percentile(timesSequential, 50);
    const spread = (times: number[]) => `median of ${times.length}, ${Math.min(...times).toFixed(2)}–${Math.max(...times).toFixed(2)} s`;
    lines.push(`  agent-explorer run (concurrency 8): ${parallel.toFixed(2)} s (${spread(timesParallel)})`);
    lines.push(`  agent-explorer run (concurrency 1): ${sequential.toFixed(2)} s (${spread(timesSequential)})`);
    const floor = percentile(timesLimit, 50);
    lines.push(`  limit client (node:http, checks nothing, concurrency 8): ${floor.toFixed(2)} s (${spread(timesLimit)})`);
    const undiciFloor = percentile(timesUndici, 50);
    lines.push(`  limit client on undici (our stack, checks nothing, concurrency 8): ${undiciFloor.toFixed(2)} s (${spread(timesUndici)})`);
    lines.push(`  ours ÷ undici floor, concurrency 8: ${(parallel / undiciFloor).toFixed(2)}×`);

    // ../shared/peers beside the repository (a worktree one folder deeper looks one level up), or AGENT_EXPLORER_PEERS.
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const candidates = [
      process.env['AGENT_EXPLORER_PEERS'],
      path.resolve(root, '../shared/peers'),
      path.resolve(root, '../../shared/peers'),
    ];
    const script =
      candidates
        .filter((folder): folder is string => !!folder)
        .map((folder) => path.join(folder, 'run-peers.sh'))
        .find((file) => existsSync(file)) ?? path.resolve(root, '../shared/peers/run-peers.sh');
    if (process.env['BENCH_PEERS'] === 'skip' || !existsSync(script)) {
      lines.push(`  peers not run (${existsSync(script) ? 'BENCH_PEERS=skip' : `${script} not found`})`);
      return lines;
    }
    const peers = await timeProcess('bash', [script, sandbox.url, agent.id, KEY, data], {});
    const peer = (name: string) => {
      const match = new RegExp(`^${name}: (\\d+) invokes in ([\\d.]+) s \\((\\S+) failed\\)`, 'm').exec(peers.output);
      return match ? { seconds: Number(match[2]), failed: match[3] } : null;
    };
    const newman = peer('newman');
    // newman carries the targets; bru is shown when the peers' script timed it (a copy of the
    // script may leave it out: on a loaded machine it takes minutes).
    const bru = peer('bru');
    if (!newman) {
      lines.push(`  peers failed: ${peers.output.trim().split('\n').slice(-3).join(' / ')}`);
      return lines;
    }
    lines.push(`  newman 6: ${newman.seconds.toFixed(2)} s (${newman.failed} failed)`);
    lines.push(bru ? `  bru 4: ${bru.seconds.toFixed(2)} s (${bru.failed} failed)` : '  bru 4: not timed by the peers script');
    const ratio = (peerSeconds: number, oursSeconds: number) => peerSeconds / oursSeconds;
    lines.push(
      `  newman ÷ ours, concurrency 8: ${ratio(newman.seconds, parallel).toFixed(1)}× (target ≥ 30×: ${verdict(ratio(newman.seconds, parallel) >= 30)})`,
    );
    lines.push(
      `  newman ÷ ours, concurrency 1: ${ratio(newman.seconds, sequential).toFixed(1)}× (target ≥ 10×: ${verdict(ratio(newman.seconds, sequential) >= 10)})`,
    );
    lines.push(
      `  newman ÷ limit client: ${ratio(newman.seconds, floor).toFixed(1)}× (the most any client reaches here); ours ÷ limit client: ${(parallel / floor).toFixed(2)}×`,
    );
    lines.push(`  newman ÷ undici floor: ${ratio(newman.seconds, undiciFloor).toFixed(1)}× (the most a client on undici reaches here)`);
    if (bru)
      lines.push(
        `  bru ÷ ours, concurrency 8: ${ratio(bru.seconds, parallel).toFixed(1)}×; concurrency 1: ${ratio(bru.seconds, sequential).toFixed(1)}×`,
      );
    return lines;
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}
