import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSuiteDialogApi } from '../../../../electron/desktop/adapters/openSuiteDialog';
import { MAX_DATA_BYTES, MAX_SUITE_BYTES } from '../../../../electron/shared/runs/runLimits';

/**
 * adapters/openSuiteDialog.ts against a fake `dialog` and real temporary files: what the person
 * is offered, what is read, and which data files a suite may not make the app read. That the
 * real dialog opens modal on the window is Electron's part (docs/security/needs-real-electron.md lists the check).
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'open-suite-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function fakeDialog(answer: { canceled: boolean; filePaths: string[] }) {
  const asked: Array<{ parent: unknown; options: Record<string, unknown> }> = [];
  const dialog = {
    showOpenDialog: (...args: unknown[]) => {
      const [parent, options] = args.length === 2 ? args : [null, args[0]];
      asked.push({ parent, options: options as Record<string, unknown> });
      return Promise.resolve(answer);
    },
  };
  return { dialog: dialog as never, asked };
}

async function suiteIn(folder: string, suite: unknown, name = 'orders.json') {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, name);
  await writeFile(file, typeof suite === 'string' ? suite : JSON.stringify(suite));
  return file;
}

const open = (file: string, window: unknown = null) =>
  openSuiteDialogApi(fakeDialog({ canceled: false, filePaths: [file] }).dialog, () => window as never).openSuiteFile();

describe('openSuiteFile', () => {
  it('offers .json files on the window and reads the chosen suite with the data file beside it', async () => {
    const file = await suiteIn(dir, { name: 'orders', data: 'rows.csv', cases: [] });
    await writeFile(path.join(dir, 'rows.csv'), 'customer\nDana\n');
    const window = { id: 1 };
    const { dialog, asked } = fakeDialog({ canceled: false, filePaths: [file] });
    const answer = await openSuiteDialogApi(dialog, () => window as never).openSuiteFile();
    expect(answer).toEqual({
      ok: true,
      value: {
        fileName: 'orders.json',
        text: JSON.stringify({ name: 'orders', data: 'rows.csv', cases: [] }),
        data: { name: 'rows.csv', text: 'customer\nDana\n' },
        dataProblem: null,
      },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.parent).toBe(window);
    expect(asked[0]!.options).toMatchObject({ filters: [{ name: 'Suite (JSON)', extensions: ['json'] }], properties: ['openFile'] });
  });

  it('reads a data file in a folder under the suite', async () => {
    const file = await suiteIn(dir, { data: 'data/rows.jsonl', cases: [] });
    await mkdir(path.join(dir, 'data'));
    await writeFile(path.join(dir, 'data', 'rows.jsonl'), '{"customer":"Dana"}\n');
    const answer = await open(file);
    expect(answer.ok && answer.value?.data).toEqual({ name: 'data/rows.jsonl', text: '{"customer":"Dana"}\n' });
  });

  it('answers null, reading nothing, when the person cancels', async () => {
    const api = openSuiteDialogApi(fakeDialog({ canceled: true, filePaths: [] }).dialog, () => null);
    expect(await api.openSuiteFile()).toEqual({ ok: true, value: null });
  });

  it('gives the text as it is, even when it is not JSON (the editor shows it, startRun checks it), without a byte-order mark', async () => {
    const file = await suiteIn(dir, '\uFEFF{ "cases": [ ');
    expect(await open(file)).toEqual({
      ok: true,
      value: { fileName: 'orders.json', text: '{ "cases": [ ', data: null, dataProblem: null },
    });
  });

  it(`refuses a suite over ${MAX_SUITE_BYTES / 1024 / 1024} MB, saying so`, async () => {
    const file = await suiteIn(dir, '{}');
    await truncate(file, MAX_SUITE_BYTES + 1);
    const answer = await open(file);
    expect(answer).toEqual({
      ok: false,
      error: { code: 'too_large', message: 'orders.json was not opened: the suite file is larger than 5 MB.' },
    });
  });

  it('says when the chosen file has gone', async () => {
    const answer = await open(path.join(dir, 'gone.json'));
    expect(answer).toEqual({ ok: false, error: { code: 'internal', message: 'gone.json was not opened: the suite file does not exist.' } });
  });

  it.each([
    ['a path out of its folder', '../secret.csv'],
    ['an absolute path', '/etc/passwd.csv'],
    ['a Windows absolute path', 'C:\\Users\\someone\\secret.csv'],
    ['a file that is not .csv or .jsonl', 'notes.txt'],
    ['a file that does not exist', 'missing.csv'],
  ])('does not read %s, and says why so the page can ask for the file', async (_label, data) => {
    const folder = path.join(dir, 'suites');
    const file = await suiteIn(folder, { data, cases: [] });
    await writeFile(path.join(dir, 'secret.csv'), 'token\nsk-live-1234\n');
    await writeFile(path.join(folder, 'notes.txt'), 'a\n1\n');
    const answer = await open(file);
    if (!answer.ok || !answer.value) throw new Error('the suite itself should open');
    expect(answer.value.data).toBeNull();
    expect(answer.value.dataProblem).toMatch(new RegExp(`^The data file ".*" was not read: .+\\. Choose it yourself\\.$`));
    expect(JSON.stringify(answer)).not.toContain('sk-live-1234');
  });

  it('does not follow a link beside the suite that points out of its folder', async () => {
    const folder = path.join(dir, 'repo');
    const file = await suiteIn(folder, { data: 'rows.csv', cases: [] });
    await writeFile(path.join(dir, 'credentials.csv'), 'key\nsk-live-1234\n');
    await symlink(path.join(dir, 'credentials.csv'), path.join(folder, 'rows.csv'));
    const answer = await open(file);
    expect(answer.ok && answer.value?.dataProblem).toBe(
      'The data file "rows.csv" was not read: it is outside the suite\'s folder. Choose it yourself.',
    );
    expect(JSON.stringify(answer)).not.toContain('sk-live-1234');
  });

  it('follows a link that stays inside the folder', async () => {
    const file = await suiteIn(dir, { data: 'rows.csv', cases: [] });
    await writeFile(path.join(dir, 'rows-2026.csv'), 'a\n1\n');
    await symlink(path.join(dir, 'rows-2026.csv'), path.join(dir, 'rows.csv'));
    const answer = await open(file);
    expect(answer.ok && answer.value?.data).toEqual({ name: 'rows.csv', text: 'a\n1\n' });
  });

  it('does not read a data file too large, nor a FIFO (which would hang the app)', async () => {
    const file = await suiteIn(dir, { data: 'big.csv', cases: [] });
    await writeFile(path.join(dir, 'big.csv'), '');
    await truncate(path.join(dir, 'big.csv'), MAX_DATA_BYTES + 1);
    const big = await open(file);
    expect(big.ok && big.value?.dataProblem).toBe(
      'The data file "big.csv" was not read: the data file is larger than 16 MB. Choose it yourself.',
    );
    if (process.platform === 'win32') return;
    const fifoSuite = await suiteIn(dir, { data: 'pipe.csv', cases: [] }, 'fifo.json');
    execFileSync('mkfifo', [path.join(dir, 'pipe.csv')]);
    const fifo = await open(fifoSuite);
    expect(fifo.ok && fifo.value?.dataProblem).toBe(
      'The data file "pipe.csv" was not read: the data file is not a regular file. Choose it yourself.',
    );
  });
});
