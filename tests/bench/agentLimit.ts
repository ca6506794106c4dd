import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeProcess } from './runs';
import { startSlowAgent } from './slowAgent';
import { percentile, verdict } from './stats';

/**
 * Close to the physical limit of a real agent: `invokes` data-driven invokes of an agent that
 * answers in `latencyMs`, at `concurrency`, by `agent-explorer run` (one expectation each, a JSON
 * report written) against the limit client (limitClient.mjs: a bare keep-alive loop with the same
 * concurrency that checks nothing). Both are timed as whole processes against the same loopback
 * agent, in turns, and the medians compared. Target: ours at most 1.05× the limit.
 */

const KEY = 'bench-limit-key-0123456789';
const AGENT_ID = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
/** How many times each is timed, in turns; the medians count. */
const ROUNDS = 3;

export async function benchAgentLimit(cliEntry: string, invokes: number, concurrency = 64, latencyMs = 100): Promise<string[]> {
  const agent = await startSlowAgent(latencyMs);
  const dir = await mkdtemp(path.join(tmpdir(), 'ae-bench-limit-'));
  const limitClient = fileURLToPath(new URL('../../tests/bench/limitClient.mjs', import.meta.url));
  try {
    const csv = ['text,customer_name,order_id'];
    for (let i = 0; i < invokes; i += 1) csv.push(`Where is order ${i} please,Customer ${i},NW-${10_000 + i}`);
    await writeFile(path.join(dir, 'rows.csv'), `${csv.join('\n')}\n`);
    const suite = path.join(dir, 'suite.json');
    await writeFile(
      suite,
      JSON.stringify({
        name: 'limit',
        data: 'rows.csv',
        cases: [
          {
            agent: AGENT_ID,
            text: '{{text}}',
            payload: { customer_name: '{{customer_name}}', order_id: '{{order_id}}' },
            expect: { answerContains: '{{text}}' },
          },
        ],
      }),
    );
    const env = { AGENT_EXPLORER_BASE_URL: agent.url, AGENT_EXPLORER_API_KEY: KEY };
    const ours = async () => {
      const args = [
        cliEntry,
        'run',
        suite,
        '--concurrency',
        String(concurrency),
        '--reporter',
        'json',
        '--out',
        path.join(dir, 'out.json'),
      ];
      const timed = await timeProcess(process.execPath, args, env);
      if (timed.code !== 0) throw new Error(`agent-explorer run exited ${timed.code}: ${timed.output.slice(0, 500)}`);
      return timed.seconds;
    };
    const limit = async () => {
      const before = agent.answered();
      const url = `${agent.url}/api/agent/${AGENT_ID}/invoke/`;
      const timed = await timeProcess(process.execPath, [limitClient, url, String(invokes), String(concurrency), KEY], {});
      if (timed.code !== 0 || agent.answered() - before !== invokes)
        throw new Error(`the limit client failed (${timed.code}): ${timed.output.slice(0, 500)}`);
      return timed.seconds;
    };
    await ours(); // warm the file cache, for both
    const oursTimes: number[] = [];
    const limitTimes: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      // In turns, each going first as often, so neither always meets the quieter moment.
      if (i % 2 === 0) {
        oursTimes.push(await ours());
        limitTimes.push(await limit());
      } else {
        limitTimes.push(await limit());
        oursTimes.push(await ours());
      }
    }
    const oursMedian = percentile(oursTimes, 50);
    const limitMedian = percentile(limitTimes, 50);
    const ratio = oursMedian / limitMedian;
    const spread = (times: number[]) => `median of ${times.length}, ${Math.min(...times).toFixed(2)}–${Math.max(...times).toFixed(2)} s`;
    return [
      `Agent limit: ${invokes} invokes of an agent answering in ${latencyMs} ms, concurrency ${concurrency}, whole process timed`,
      `  limit client (bare keep-alive loop, no checks): ${limitMedian.toFixed(2)} s (${spread(limitTimes)})`,
      `  agent-explorer run: ${oursMedian.toFixed(2)} s (${spread(oursTimes)})`,
      `  ours ÷ limit: ${ratio.toFixed(3)}× (target ≤ 1.05×: ${verdict(ratio <= 1.05)})`,
    ];
  } finally {
    await agent.close();
    await rm(dir, { recursive: true, force: true });
  }
}
