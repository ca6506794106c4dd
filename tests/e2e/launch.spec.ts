import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, startWebApp, test } from './fixtures';

const ARGS = ['--sandbox-latency', 'none'];

test('a second start on a data folder in use says which process holds it and exits non-zero', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-e2e-lock-'));
  const lockFile = path.join(dataDir, 'agent-explorer.lock');
  try {
    const first = await startWebApp(ARGS, {}, dataDir);
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; startedWith: string };
    const refused = await startWebApp(ARGS, {}, dataDir).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toContain('web host exited (1)');
    expect(refused).toContain(
      `The data folder ${dataDir} is in use by another Agent Explorer (process ${holder.pid}, started with "${holder.startedWith}" at `,
    );

    // Ctrl+C releases it, and the folder can be used again; so does SIGTERM.
    expect(await first.stop('SIGINT')).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    const again = await startWebApp(ARGS, {}, dataDir);
    expect(await again.stop('SIGTERM')).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
