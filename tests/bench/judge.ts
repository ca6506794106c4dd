import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { timeProcess } from './runs';
import { percentile } from './stats';

/**
 * The cost of judging: the same data-driven run of the Support reply drafter against a loopback
 * Sandbox (answering at once), once with only an exact expectation and once with a judge
 * expectation as well (the Sandbox's Guideline judge against its Support reply checklist: one more
 * invoke per case, its payload carrying the answer and the guideline, and its verdict read).
 * Each is timed as a whole `agent-explorer run` process (start included), the median of a few
 * turns taken in alternation; the ratio is what judging adds to a run's wall time when the judge
 * answers at once (a real judge's model time comes on top, overlapped by the run's concurrency).
 */

const KEY = 'bench-judge-key-0123456789';
const TURNS = 3;

export async function benchJudge(cliEntry: string, cases: number): Promise<string[]> {
  const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
  const judge = SANDBOX_AGENTS.find((agent) => agent.name === 'Guideline judge')!;
  const checklist = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Support reply checklist')!;
  const sandbox = await startSandbox({ apiKey: KEY, latency: 'none' });
  const dir = await mkdtemp(path.join(tmpdir(), 'ae-bench-judge-'));
  const lines: string[] = [`Judging: ${cases} cases of a loopback Sandbox, with and without a judge expectation, whole process timed`];
  try {
    const csv = ['customer_name,topic'];
    for (let i = 0; i < cases; i += 1) csv.push(`Customer ${i},${i % 2 === 0 ? 'a refund' : 'signing in'}`);
    await writeFile(path.join(dir, 'rows.csv'), `${csv.join('\n')}\n`);
    const suite = (judged: boolean) => ({
      name: judged ? 'judged' : 'plain',
      data: 'rows.csv',
      cases: [
        {
          agent: drafter.id,
          text: 'Where is my money?',
          payload: { customer_name: '{{customer_name}}', company: 'Northwind', topic: '{{topic}}' },
          expect: { answerContains: '{{customer_name}}', ...(judged ? { judge: { agent: judge.id, guideline: checklist.id } } : {}) },
        },
      ],
    });
    for (const judged of [false, true]) await writeFile(path.join(dir, `${judged}.json`), JSON.stringify(suite(judged)));
    const env = { AGENT_EXPLORER_BASE_URL: sandbox.url, AGENT_EXPLORER_API_KEY: KEY };
    const time = async (judged: boolean) => {
      const args = [cliEntry, 'run', path.join(dir, `${judged}.json`), '--reporter', 'json', '--out', path.join(dir, 'out.json')];
      const timed = await timeProcess(process.execPath, args, env);
      // Half the judged cases fail rule 4 by design (exit 1); anything else is a broken bench.
      if (timed.code !== (judged ? 1 : 0)) throw new Error(`agent-explorer run exited ${timed.code}: ${timed.output}`);
      return timed.seconds;
    };
    await time(false); // warm the file cache
    const plain: number[] = [];
    const judgedTimes: number[] = [];
    for (let turn = 0; turn < TURNS; turn += 1) {
      plain.push(await time(false));
      judgedTimes.push(await time(true));
    }
    const without = percentile(plain, 50);
    const withJudge = percentile(judgedTimes, 50);
    lines.push(`  without a judge: ${without.toFixed(2)} s (median of ${TURNS})`);
    lines.push(`  with a judge:    ${withJudge.toFixed(2)} s (median of ${TURNS}): ${(withJudge / without).toFixed(2)}× the run without`);
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}
