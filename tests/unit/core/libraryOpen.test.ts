import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../electron/core/db/open';
import { LATEST_VERSION, migrate, userVersion } from '../../../electron/core/db/migrations';

/** The library as the app opens it: in the history's file, through its migrations, across restarts. */

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-library-open-'));
  dirs.push(dir);
  return path.join(dir, 'history.sqlite');
}

const ID = '7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47';
const guideline = { name: 'Escalation policy', description: 'When to escalate.', content: 'Escalate to a supervisor.' };

describe('the library in the history file', () => {
  it('is still there after a restart, searchable', async () => {
    const file = tempFile();
    const first = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    await first.library.recordFetch('p1', ID, guideline, '2026-01-01T00:00:00.000Z');
    await first.library.setLabels('p1', ID, { title: 'Mine', tags: ['tier 2'] });
    first.close();
    await first.checked;

    const second = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    expect(await second.library.list('p1')).toMatchObject([
      { guidelineId: ID, name: 'Escalation policy', title: 'Mine', tags: ['tier 2'], latestVersion: 1 },
    ]);
    expect((await second.library.search('p1', 'supervisor')).map((hit) => hit.entry.guidelineId)).toEqual([ID]);
    second.close();
    await second.checked;
  });

  it('is added to a history file made before it (format 3), which keeps its entries', async () => {
    const file = tempFile();
    const old = new DatabaseSync(file);
    migrate(old, 3);
    old.close();
    const store = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    await store.library.recordFetch('p1', ID, guideline, '2026-01-01T00:00:00.000Z');
    expect(await store.library.versions('p1', ID)).toHaveLength(1);
    store.close();
    await store.checked;
    const reopened = new DatabaseSync(file);
    expect(userVersion(reopened)).toBe(LATEST_VERSION);
    reopened.close();
  });

  it('is kept in memory for the session when there is no data folder', async () => {
    const store = openAppDatabase(null, () => undefined);
    await store.library.recordFetch('p1', ID, guideline, '2026-01-01T00:00:00.000Z');
    expect((await store.library.version('p1', ID))?.guideline).toEqual(guideline);
    store.close();
  });
});
