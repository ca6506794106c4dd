// Where a run's CPU goes: `agent-explorer run` timed the way the runs bench runs it (runs.ts: a
// data file of ROWS invokes of a loopback Sandbox answering at once, one assertion each, the JSON
// report to a file, whole process), beside two floors sending the same invokes and checking
// nothing: the limit client (node:http, limitClient.mjs) and the same on undici
// (undiciLimitClient.mjs). The Sandbox runs in a process of its own (in the bench it is in the
// bench's process), so each figure is the command's alone.
//
// For each command, in turns: CPU of the process (user + system, all threads) and of its threads
// by kind (the main thread; V8's workers, which compile hot code and help the garbage collector;
// libuv's pool), read from /proc; the same with one row (the process's start), so the CPU per
// request is (CPU − start) ÷ (ROWS − 1). Medians of --runs. CPU is less disturbed than wall time
// by other work on a shared machine, not undisturbed: compare figures from one invocation.
//
// --profile: one more run of ours under --cpu-prof, summarised (cpuProfileSummary.mjs); its
// times are sampled wall time of the main thread, so a call that makes the process wait (a write
// that wakes another process) looks longer than the CPU it takes.
// --cli FILE: another bundle of the command (a variant to compare); --node-flags='...': flags for ours.
//
// Needs a build (node electron/tooling/build.mjs --node-only) and Linux (/proc).
//   node tests/bench/profileRun.mjs [ROWS] [--concurrency N] [--runs N] [--profile]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { summariseProfile } from './cpuProfileSummary.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    concurrency: { type: 'string', default: '8' },
    runs: { type: 'string', default: '3' },
    profile: { type: 'boolean', default: false },
    cli: { type: 'string' },
    'node-flags': { type: 'string', default: '' },
  },
});
const rows = Number(positionals[0] ?? 1000);
const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = values.cli ? path.resolve(values.cli) : path.join(root, 'dist/electron/cli.mjs');
const KEY = 'bench-runs-key-0123456789';
const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';

const sandbox = spawn(process.execPath, [path.join(root, 'dist/electron/sandbox.mjs'), '--port', '0', '--key', KEY, '--latency', 'none'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let banner = '';
while (!/listening at (\S+)/.test(banner)) banner += String((await once(sandbox.stdout, 'data'))[0]);
const url = /listening at (\S+)/.exec(banner)[1];
sandbox.stdout.resume();
const env = { ...process.env, AGENT_EXPLORER_BASE_URL: url, AGENT_EXPLORER_API_KEY: KEY };

const dir = await mkdtemp(path.join(tmpdir(), 'ae-profile-run-'));

/** The suite and its data file of `count` rows, as runs.ts writes them. */
async function suiteOf(count) {
  const csv = ['text,customer_name,order_id,expect'];
  for (let i = 0; i < count; i += 1) csv.push(`Where is order ${i} please,Customer ${i},NW-${10_000 + i},Customer ${i}`);
  const folder = path.join(dir, String(count));
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder);
  await writeFile(path.join(folder, 'rows.csv'), `${csv.join('\n')}\n`);
  const file = path.join(folder, 'suite.json');
  const agentCase = {
    agent: AGENT,
    text: '{{text}}',
    payload: { customer_name: '{{customer_name}}', order_id: '{{order_id}}' },
    expect: { answerContains: '{{expect}}' },
  };
  await writeFile(file, JSON.stringify({ name: 'bench', data: 'rows.csv', cases: [agentCase] }));
  return file;
}

/** A thread's name and CPU (µs) from its /proc stat line. */
function ticks(stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), micros: (Number(fields[11]) + Number(fields[12])) * 10_000 };
}

/** Runs a process to its end: wall time, and its CPU (whole and by kind of thread) as last read from /proc before it ended. */
function timed(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    let cpu = 0;
    const byThread = new Map();
    const poll = setInterval(async () => {
      try {
        cpu = ticks(await readFile(`/proc/${child.pid}/stat`, 'utf8')).micros;
        for (const tid of await readdir(`/proc/${child.pid}/task`)) {
          const { name, micros } = ticks(await readFile(`/proc/${child.pid}/task/${tid}/stat`, 'utf8'));
          const kind = tid === String(child.pid) ? 'main' : /^V8/.test(name) ? 'V8 workers' : /libuv/.test(name) ? 'libuv pool' : 'other';
          byThread.set(tid, { kind, micros });
        }
      } catch {
        // Gone already: the last reading stands.
      }
    }, 5);
    child.on('exit', (code) => {
      clearInterval(poll);
      const threads = {};
      for (const { kind, micros } of byThread.values()) threads[kind] = (threads[kind] ?? 0) + micros;
      resolve({ code, wall: performance.now() - started, cpu, threads });
    });
  });
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const nodeFlags = values['node-flags'].split(' ').filter(Boolean);
const invokeUrl = `${url}/api/agent/${AGENT}/invoke/`;
const commands = [
  {
    name: 'agent-explorer run',
    args: (count, suite) => [
      ...nodeFlags,
      cli,
      'run',
      suite,
      '--reporter',
      'json',
      '--out',
      path.join(dir, 'out.json'),
      '--concurrency',
      values.concurrency,
    ],
  },
  {
    name: 'limit client (node:http)',
    args: (count) => [path.join(root, 'tests/bench/limitClient.mjs'), invokeUrl, String(count), values.concurrency, KEY],
  },
  {
    name: 'limit client on undici',
    args: (count) => [path.join(root, 'tests/bench/undiciLimitClient.mjs'), invokeUrl, String(count), values.concurrency, KEY],
  },
];
try {
  const [suite, oneRow] = [await suiteOf(rows), await suiteOf(1)];
  for (const command of commands) Object.assign(command, { full: [], start: [] });
  await timed(commands[0].args(rows, suite)); // the file cache warmed, as in the bench
  for (let i = 0; i < Number(values.runs); i += 1) {
    for (const command of commands) {
      const full = await timed(command.args(rows, suite));
      if (full.code !== 0) throw new Error(`${command.name} exited ${full.code}`);
      command.full.push(full);
      command.start.push(await timed(command.args(1, oneRow)));
    }
  }
  const ms = (micros) => (micros / 1000).toFixed(0);
  console.log(`${rows} invokes at concurrency ${values.concurrency}; medians of ${values.runs} (CPU from /proc, 10 ms ticks)`);
  for (const command of commands) {
    const cpu = median(command.full.map((run) => run.cpu));
    const start = median(command.start.map((run) => run.cpu));
    const kinds = [...new Set(command.full.flatMap((run) => Object.keys(run.threads)))];
    const threads = kinds.map((kind) => `${kind} ${ms(median(command.full.map((run) => run.threads[kind] ?? 0)))}`).join(', ');
    Object.assign(command, { cpuMedian: cpu, wallMedian: median(command.full.map((run) => run.wall)) });
    console.log(
      `  ${command.name}: wall ${command.wallMedian.toFixed(0)} ms; CPU ${ms(cpu)} ms (${threads}); start alone ${ms(start)} ms; ` +
        `${((cpu - start) / (rows - 1)).toFixed(0)} µs CPU per request after the start`,
    );
  }
  const [ours, limit, undici] = commands;
  const ratio = (a, b, key) => (a[key] / b[key]).toFixed(2);
  console.log(`  ours ÷ limit: CPU ${ratio(ours, limit, 'cpuMedian')}×, wall ${ratio(ours, limit, 'wallMedian')}×`);
  console.log(`  undici floor ÷ limit: CPU ${ratio(undici, limit, 'cpuMedian')}×, wall ${ratio(undici, limit, 'wallMedian')}×`);
  console.log(`  ours ÷ undici floor: CPU ${ratio(ours, undici, 'cpuMedian')}×, wall ${ratio(ours, undici, 'wallMedian')}×`);

  if (values.profile) {
    const profDir = path.join(dir, 'prof');
    const interval = process.env['PROFILE_INTERVAL'] ?? '250';
    await timed(['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', interval, ...ours.args(rows, suite)]);
    const [file] = await readdir(profDir);
    console.log(await summariseProfile(JSON.parse(await readFile(path.join(profDir, file), 'utf8')), { bundle: cli, per: rows }));
  }
} finally {
  sandbox.kill();
  await rm(dir, { recursive: true, force: true });
}
