import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataUploads } from '../../../../electron/core/runs/dataUploads';
import { scanData } from '../../../../electron/core/runs/dataRows';
import { DATA_LIMITS } from '../../../../electron/shared/runs/runLimits';

/** The data files the page sends for runs: written a piece at a time to the host's own files, taken by one run, removed after. */

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function uploadsIn(options: { maxBytes?: number; idleMs?: number; now?: () => number } = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'ae-uploads-'));
  dirs.push(root);
  const dir = path.join(root, 'run-data');
  return { dir, uploads: createDataUploads({ dir, ...options }) };
}

async function begun(uploads: ReturnType<typeof createDataUploads>, name = 'rows.csv') {
  const answer = await uploads.begin(name);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value.uploadId;
}

describe('a data file sent in pieces', () => {
  it('is read by the run row by row as it was sent, pieces joined where they were cut (a character split between two)', async () => {
    const { uploads } = uploadsIn();
    const id = await begun(uploads, 'orders.jsonl');
    const text = '{"name":"Zoë"}\n{"name":"李"}\n{"name":"🙂"}\n';
    // Cut mid-row; each piece is whole text (the page never cuts a character).
    for (const piece of [text.slice(0, 7), text.slice(7, 20), text.slice(20)]) expect((await uploads.append(id, piece)).ok).toBe(true);
    const taken = await uploads.take(id, 'orders.jsonl');
    if (!taken.ok) throw new Error(taken.error.message);
    const rows: unknown[] = [];
    const scan = await scanData(taken.value.source, DATA_LIMITS, (row) => rows.push(row.values));
    expect(scan).toEqual({ ok: true, columns: ['name'], rows: 3 });
    expect(rows).toEqual([{ name: 'Zoë' }, { name: '李' }, { name: '🙂' }]);
    // The format is the name's, and problems name the file as the person knows it.
    expect(taken.value.source).toMatchObject({ shown: 'orders.jsonl', format: 'jsonl' });
  });

  it('answers the bytes held so far, and is refused whole past the limit (its file removed)', async () => {
    const { dir, uploads } = uploadsIn({ maxBytes: 10 });
    const id = await begun(uploads);
    expect(await uploads.append(id, 'n\nü\n')).toEqual({ ok: true, value: { bytes: 5 } });
    expect(await uploads.append(id, '123456')).toMatchObject({
      ok: false,
      error: { code: 'too_large', message: expect.stringContaining('rows.csv is larger than') },
    });
    expect(readdirSync(dir)).toEqual([]);
    expect(await uploads.append(id, 'a')).toMatchObject({ ok: false, error: { message: expect.stringContaining('Send it again') } });
  });

  it('is the host’s private file, in a folder emptied at start of what an earlier start left', async () => {
    const { dir, uploads: earlier } = uploadsIn();
    await begun(earlier);
    writeFileSync(path.join(dir, 'left-by-a-crash.data'), 'x');
    expect(readdirSync(dir)).toHaveLength(2);
    // A new start, before anything is sent: the person's rows left behind are gone.
    const uploads = createDataUploads({ dir });
    await expect.poll(() => existsSync(dir)).toBe(false);
    const id = await begun(uploads);
    expect(readdirSync(dir)).toEqual([`${id}.data`]);
    if (process.platform !== 'win32') {
      expect(statSync(path.join(dir, `${id}.data`)).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
  });

  it('is taken by one run only, under the name it was sent with, and removed when that run releases it', async () => {
    const { dir, uploads } = uploadsIn();
    const id = await begun(uploads);
    await uploads.append(id, 'n\n1\n');
    expect(await uploads.take(id, 'other.csv')).toMatchObject({
      ok: false,
      error: { message: 'The data file sent was rows.csv, not other.csv.' },
    });
    const taken = await uploads.take(id, 'rows.csv');
    expect(taken.ok).toBe(true);
    // A second run, or a piece after the run has it, is refused: the run's rows cannot change under it.
    expect(await uploads.take(id, 'rows.csv')).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(await uploads.append(id, '2\n')).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(readdirSync(dir)).toHaveLength(1);
    if (taken.ok) await taken.value.release();
    expect(readdirSync(dir)).toEqual([]);
    expect(await uploads.take('no-such-upload', 'rows.csv')).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('keeps at most four waiting, drops one unused too long when another begins, and removes all at close', async () => {
    let clock = 0;
    const { dir, uploads } = uploadsIn({ idleMs: 1000, now: () => clock });
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push(await begun(uploads));
      clock += 1;
    }
    // The fifth began: the one unused the longest went.
    expect(readdirSync(dir).sort()).toEqual(
      ids
        .slice(1)
        .map((id) => `${id}.data`)
        .sort(),
    );
    await uploads.append(ids[4]!, 'n\n1\n');
    clock += 1500;
    const taken = await uploads.take(ids[4]!, 'rows.csv');
    const sixth = await begun(uploads);
    // The three left waiting were unused for 1.5 s: gone; the taken one stays with its run.
    expect(readdirSync(dir).sort()).toEqual([`${ids[4]}.data`, `${sixth}.data`].sort());
    await uploads.close();
    expect(readdirSync(dir)).toEqual([]);
    expect(taken.ok && existsSync(dir)).toBe(true);
  });
});
