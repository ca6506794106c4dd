import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore } from '../../../../electron/core/bootstrap';
import { describeLaunch, folderInUseMessage, LOCK_FILE_NAME, lockDataDir } from '../../../../electron/core/storage/dataDirLock';
import { removeOrphanedTemporaryFiles } from '../../../../electron/core/storage/temporaryFiles';
import { SANDBOX_GUIDELINES } from '../../../../electron/sandbox/catalog';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'ae-folder-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (file: string) => statSync(file).mode & 0o777;
const start = (dataDir: string, onProblem?: (message: string) => void) =>
  startCore({ host: 'browser', version: '0.0.0-test', dataDir, sandboxLatency: 'none', ...(onProblem ? { onProblem } : {}) });

describe('folders the app creates', () => {
  it('are owner-only (0700), the data folder and responses/ both, when saving a response is the first write', async () => {
    const dataDir = path.join(root, 'new', 'agent-explorer');
    const core = await start(dataDir);
    try {
      const saved = await core.api.saveResponseToFile({ kind: 'guideline', request: { guidelineId: SANDBOX_GUIDELINES[0]!.id } });
      expect(saved.ok).toBe(true);
    } finally {
      await core.close();
    }
    expect(modeOf(path.join(root, 'new'))).toBe(0o700);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'responses'))).toBe(0o700);
  });

  it('removes the temporary files a killed write left, at start, and nothing else', async () => {
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    writeFileSync(path.join(dataDir, 'profiles.json.0a1b2c3d4e5f.tmp'), '{"half');
    writeFileSync(path.join(dataDir, 'notes.tmp'), 'the user’s own');
    const core = await start(dataDir);
    await core.close();
    const names = readdirSync(dataDir);
    expect(names).not.toContain('profiles.json.0a1b2c3d4e5f.tmp');
    expect(names).toContain('notes.tmp');
  });

  it('finds nothing to remove where there is no folder', async () => {
    expect(await removeOrphanedTemporaryFiles(path.join(root, 'absent'))).toEqual([]);
  });
});

describe('the data folder lock', () => {
  it('is taken by one process at a time, says who holds it, and is released', async () => {
    const dataDir = path.join(root, 'data');
    const first = await lockDataDir(dataDir, 'npm run web');
    expect(first.ok).toBe(true);
    expect(modeOf(path.join(dataDir, LOCK_FILE_NAME))).toBe(0o600);
    const second = await lockDataDir(dataDir, 'npm start');
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.holder).toMatchObject({ pid: process.pid, startedWith: 'npm run web' });
    const message = folderInUseMessage(dataDir, second);
    expect(message).toContain(
      `The data folder ${dataDir} is in use by another Agent Explorer (process ${process.pid}, started with "npm run web"`,
    );
    if (first.ok) first.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const third = await lockDataDir(dataDir, 'npm start');
    expect(third.ok).toBe(true);
    if (third.ok) third.release();
  });

  it('takes over a stale lock whose process is gone', async () => {
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify({ pid: 4_000_000, startedWith: 'npm run web', startedAt: 'then' }));
    const taken = await lockDataDir(dataDir, 'npm run web', (pid) => pid !== 4_000_000);
    expect(taken.ok).toBe(true);
    if (taken.ok) taken.release();
  });

  it('names how the process was started, never its options', () => {
    expect(describeLaunch({ npm_lifecycle_event: 'web' }, '/x/dist/electron/web.mjs')).toBe('npm run web');
    expect(describeLaunch({ npm_lifecycle_event: 'start' }, '/x/dist/electron/web.mjs')).toBe('npm start');
    expect(describeLaunch({}, '/x/dist/electron/web.mjs')).toBe('node web.mjs');
  });
});

describe('the Sandbox port', () => {
  it('is the same after a restart on the same data folder', async () => {
    const dataDir = path.join(root, 'data');
    const first = await start(dataDir);
    const port = first.sandbox.port;
    await first.close();
    const second = await start(dataDir);
    await second.close();
    expect(second.sandbox.port).toBe(port);
  });

  it('is a free one, remembered, when the last one is taken', async () => {
    const dataDir = path.join(root, 'data');
    const first = await start(dataDir);
    const port = first.sandbox.port;
    await first.close();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const problems: string[] = [];
      const second = await start(dataDir, (message) => problems.push(message));
      await second.close();
      expect(second.sandbox.port).not.toBe(port);
      expect(problems).toEqual([
        `The Sandbox could not have port ${port} again (it is in use); it is on port ${second.sandbox.port} now, so copy snippets again.`,
      ]);
      const third = await start(dataDir);
      await third.close();
      expect(third.sandbox.port).toBe(second.sandbox.port);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
