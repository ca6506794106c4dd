import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { createHttpTransport } from '../../electron/core/http/httpTransport';
import { createPlatformClient, type PlatformTarget } from '../../electron/core/http/platformClient';
import { createRedactor, redactDeep } from '../../electron/core/http/redact';
import { jsonWriter } from '../../electron/core/reports/runs/runJson';
import { reportResult } from '../../electron/core/reports/runs/runReport';
import { startRun } from '../../electron/core/runs/runner';
import { planFrom } from '../../electron/core/runs/planSource';
import type { PlannedCase } from '../../electron/shared/runs/suiteTypes';

/**
 * The CPU our core spends per request around undici, in one process: the same loopback agent
 * (its own process, answering at once, so the CPU measured here is the client's alone) gets the
 * same invoke, one at a time, from
 * - bare undici: `request` and the body read as text and parsed, nothing checked;
 * - the platform client's `invoke`: key, time-out, caps, timing, redaction, contract check;
 * - a run: the runner sending through that client, judging one expectation, and the command
 *   line's JSON report taking each result (the report entry, redacted, turned into text).
 * Blocks of each take turns, each block timed by the process's CPU time (user + system), which
 * other work on a shared machine disturbs less than wall time. Reported: CPU µs per request, and
 * ours ÷ bare within this run.
 */

const KEY = 'bench-cpu-key-0123456789';
const AGENT_ID = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
const BLOCK = 100;

export async function benchInvokeCpu(requests: number, warmUp = 300): Promise<string[]> {
  const server = spawn(process.execPath, [fileURLToPath(new URL('../../tests/bench/instantAgent.mjs', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [firstLine] = (await once(server.stdout, 'data')) as [Buffer];
  const baseUrl = firstLine.toString('utf8').trim();
  const transport = createHttpTransport();
  const client = createPlatformClient({
    transport,
    now: () => performance.now(),
    wallClock: () => new Date(),
    userAgent: 'AgentExplorer/bench',
  });
  const target: PlatformTarget = {
    baseUrl,
    apiKey: KEY,
    auth: { kind: 'bearer' },
    timeoutMs: 30_000,
    tls: { verify: true, extraCa: null },
    maxResponseBytes: 1024 * 1024,
  };
  const dispatcher = new Agent({ connections: 1 });
  const url = `${baseUrl}/api/agent/${AGENT_ID}/invoke/`;
  let sent = 0;
  const question = () => {
    sent += 1;
    return { text: `Where is order ${sent} please`, payload: { customer_name: `Customer ${sent}`, order_id: `NW-${10_000 + sent}` } };
  };

  const bare = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      const answer = await request(url, {
        dispatcher,
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(question()),
      });
      JSON.parse(await answer.body.text());
    }
  };
  const invoke = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      const result = await client.invoke(target, { agentId: AGENT_ID, ...question() });
      if (!result.ok) throw new Error(`invoke failed: ${result.error.message}`);
    }
  };
  const redactor = createRedactor(KEY);
  const profile = { id: 'bench', name: 'Bench', baseUrl };
  const run = async (count: number) => {
    const plan: PlannedCase[] = Array.from({ length: count }, (_, index) => {
      const { text, payload } = question();
      return { index, caseIndex: 0, caseName: 'bench', row: index + 1, agentId: AGENT_ID, text, payload, expect: { answerContains: text } };
    });
    // Each result turned into the JSON report's text as the command line does (its file writing apart).
    const json = jsonWriter();
    const handle = startRun(planFrom(plan), { client, target }, { concurrency: 1 });
    handle.subscribe((event) => {
      if (event.type === 'result') json.add(redactDeep(reportResult(event.result, profile), redactor));
    });
    const summary = await handle.done;
    if (summary.passed !== count) throw new Error(`the run passed ${summary.passed} of ${count}`);
  };

  const kinds = [
    { name: 'bare undici', send: bare, cpu: 0, wall: 0, count: 0 },
    { name: 'platform client invoke', send: invoke, cpu: 0, wall: 0, count: 0 },
    { name: 'run (runner, judging, JSON report)', send: run, cpu: 0, wall: 0, count: 0 },
  ];
  try {
    for (const kind of kinds) await kind.send(warmUp);
    for (let block = 0; block * BLOCK < requests; block += 1) {
      // In turns, each going first as often.
      const order = block % 2 === 0 ? kinds : [...kinds].reverse();
      for (const kind of order) {
        const cpuBefore = process.cpuUsage();
        const wallBefore = performance.now();
        await kind.send(BLOCK);
        const cpu = process.cpuUsage(cpuBefore);
        kind.cpu += cpu.user + cpu.system;
        kind.wall += (performance.now() - wallBefore) * 1000;
        kind.count += BLOCK;
      }
    }
  } finally {
    await dispatcher.close();
    await transport.close();
    server.stdin?.end();
  }
  const [base] = kinds;
  const perRequest = (kind: (typeof kinds)[number]) =>
    `${(kind.cpu / kind.count).toFixed(0)} µs CPU (${(kind.wall / kind.count).toFixed(0)} µs wall)`;
  return [
    `CPU per request, ${requests} sequential requests each in turns of ${BLOCK} to an agent answering at once (its own process)`,
    ...kinds.map(
      (kind) =>
        `  ${kind.name}: ${perRequest(kind)}${kind === base ? '' : `; ÷ bare ${(kind.cpu / base!.cpu).toFixed(2)}×, ${((kind.cpu - base!.cpu) / kind.count).toFixed(0)} µs more`}`,
    ),
  ];
}
