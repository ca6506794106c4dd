import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCore } from '../../electron/core/bootstrap';
import { dispatch } from '../../electron/core/validate';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { ms, percentile, timeInTurns, verdict } from './stats';
import { createKeyedProfile } from '../support/keyedProfile';

/**
 * The core's overhead per invoke: the same request to the same loopback Sandbox, once as a
 * bare keep-alive HTTP request and once through the contract (argument validation, profile
 * and key lookup, the platform client with timing, size cap and contract check). The two are
 * interleaved request by request, so both see the same machine noise; what is reported is the
 * difference and the ratio within this run.
 */
export async function benchInvokeOverhead(requests: number): Promise<string[]> {
  const KEY = 'bench-key-0123456789';
  const agent = SANDBOX_AGENTS.find((a) => a.name === 'Echo')!;
  const body = JSON.stringify({ text: 'Hello, Sandbox!', payload: { customer_name: 'Ada' } });
  const platform = await startSandbox({ apiKey: KEY, latency: 'none' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-'));
  const core = await startCore({ host: 'browser', version: 'bench', dataDir, sandboxLatency: 'none' });
  await createKeyedProfile(core.api, { name: 'Bench', baseUrl: platform.url, key: KEY });

  const agentPool = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(`${platform.url}/api/agent/${agent.id}/invoke/`);
  const bare = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        agent: agentPool,
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
          resolve();
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  const argument = { agentId: agent.id, text: 'Hello, Sandbox!', payload: { customer_name: 'Ada' } };
  const viaCore = async () => {
    const outcome = await dispatch(core.api, 'invokeAgent', argument);
    if (!outcome.ok || !(outcome.value as { ok: boolean }).ok) throw new Error('invoke through the core failed');
  };

  const [bareTimes, coreTimes] = await timeInTurns(bare, viaCore, requests);
  agentPool.destroy();
  await core.close();
  await platform.close();
  rmSync(dataDir, { recursive: true, force: true });

  const lines: string[] = [];
  for (const p of [50, 99]) {
    const b = percentile(bareTimes, p);
    const c = percentile(coreTimes, p);
    const target = p === 50 ? ` (target < 1 ms: ${verdict(c - b < 1)})` : '';
    lines.push(`invoke p${p}: bare HTTP ${ms(b)}, through the core ${ms(c)}; overhead ${ms(c - b)}${target}; ratio ${(c / b).toFixed(2)}x`);
  }
  return lines;
}
