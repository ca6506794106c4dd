import { fileURLToPath } from 'node:url';
import { benchFirstPaint } from './firstPaint';
import { benchInvokeOverhead } from './invokeOverhead';

/**
 * `npm run bench`: each figure is a ratio or a difference against a baseline measured in the
 * same run (this machine is shared and noisy; absolute times mean little).
 */
async function main(): Promise<void> {
  const requests = Number(process.env['BENCH_REQUESTS'] ?? 2000);
  process.stdout.write(`Agent Explorer benchmarks (${requests} requests; Node ${process.version})\n\n`);
  for (const line of await benchInvokeOverhead(requests)) process.stdout.write(`${line}\n`);
  process.stdout.write('\n');
  const webEntry = fileURLToPath(new URL('../../dist/electron/web.mjs', import.meta.url));
  for (const line of await benchFirstPaint(webEntry)) process.stdout.write(`${line}\n`);
}

void main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
