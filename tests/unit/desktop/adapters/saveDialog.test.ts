import { chmod, lstat, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveDialogApi } from '../../../../electron/desktop/adapters/saveDialog';
import { dispatch } from '../../../../electron/core/validate';
import { FakeApi } from '../../../support/fakeApi';
import { createExportTickets } from '../../../../electron/core/reports/runs/exportTickets';

/**
 * adapters/saveDialog.ts against a fake `dialog`: what the person is offered and what is
 * written where they chose. That the real dialog opens modal on the window and asks before
 * replacing a file is Electron's part (docs/security/needs-real-electron.md lists the real-Electron check).
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'save-dialog-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function fakeDialog(answer: (options: Record<string, unknown>) => { canceled: boolean; filePath: string }) {
  const asked: Array<{ parent: unknown; options: Record<string, unknown> }> = [];
  const dialog = {
    showSaveDialog: (...args: unknown[]) => {
      const [parent, options] = args.length === 2 ? args : [null, args[0]];
      asked.push({ parent, options: options as Record<string, unknown> });
      return Promise.resolve(answer(options as Record<string, unknown>));
    },
  };
  return { dialog: dialog as never, asked };
}

describe('saveDialogApi', () => {
  it('offers the suggested name in Downloads with its file type, on the window, and writes the file where the person chose', async () => {
    const window = { id: 1 };
    const chosen = path.join(dir, 'my-report.html');
    const { dialog, asked } = fakeDialog(() => ({ canceled: false, filePath: chosen }));
    const api = saveDialogApi(
      dialog,
      () => window as never,
      () => '/home/someone/Downloads',
      createExportTickets(),
    );
    const answer = await api.saveTextFile({ suggestedName: 'qa-report.html', content: '<p>Refunds ✓</p>', mediaType: 'text/html' });
    expect(answer).toEqual({ ok: true, value: { saved: true, path: chosen } });
    expect(await readFile(chosen, 'utf8')).toBe('<p>Refunds ✓</p>');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.parent).toBe(window);
    expect(asked[0]!.options).toMatchObject({
      defaultPath: path.join('/home/someone/Downloads', 'qa-report.html'),
      filters: [{ name: 'HTML page', extensions: ['html'] }],
    });
    expect(asked[0]!.options['properties']).toContain('showOverwriteConfirmation');
  });

  it.runIf(process.platform !== 'win32')(
    'replaces a symlink at the chosen place with a new owner-only file, leaving what it pointed to untouched',
    async () => {
      const keys = path.join(dir, 'authorized_keys');
      await writeFile(keys, 'ssh-ed25519 AAAA mine\n');
      const chosen = path.join(dir, 'run.xml');
      await symlink(keys, chosen);
      const { dialog } = fakeDialog(() => ({ canceled: false, filePath: chosen }));
      const answer = await saveDialogApi(
        dialog,
        () => null,
        () => dir,
        createExportTickets(),
      ).saveTextFile({ suggestedName: 'run.xml', content: '<testsuites/>\n', mediaType: 'application/xml' });
      expect(answer).toEqual({ ok: true, value: { saved: true, path: chosen } });
      expect(await readFile(keys, 'utf8')).toBe('ssh-ed25519 AAAA mine\n');
      expect((await lstat(chosen)).isFile()).toBe(true);
      expect(await readFile(chosen, 'utf8')).toBe('<testsuites/>\n');
      expect((await stat(chosen)).mode & 0o777).toBe(0o600);
    },
  );

  it.runIf(process.platform !== 'win32')('an existing 0644 file the person chose to replace becomes 0600', async () => {
    const chosen = path.join(dir, 'report.html');
    await writeFile(chosen, 'old');
    await chmod(chosen, 0o644);
    const { dialog } = fakeDialog(() => ({ canceled: false, filePath: chosen }));
    await saveDialogApi(
      dialog,
      () => null,
      () => dir,
      createExportTickets(),
    ).saveTextFile({ suggestedName: 'report.html', content: 'new', mediaType: 'text/html' });
    expect(await readFile(chosen, 'utf8')).toBe('new');
    expect((await stat(chosen)).mode & 0o777).toBe(0o600);
  });

  it('writes nothing when the person cancels', async () => {
    const { dialog } = fakeDialog(() => ({ canceled: true, filePath: '' }));
    const api = saveDialogApi(
      dialog,
      () => null,
      () => dir,
      createExportTickets(),
    );
    expect(await api.saveTextFile({ suggestedName: 'workspace.json', content: '{}', mediaType: 'application/json' })).toEqual({
      ok: true,
      value: { saved: false, path: null },
    });
  });

  it('says why when the chosen place cannot be written', async () => {
    const { dialog } = fakeDialog(() => ({ canceled: false, filePath: path.join(dir, 'no-such-folder', 'report.md') }));
    const api = saveDialogApi(
      dialog,
      () => null,
      () => dir,
      createExportTickets(),
    );
    const answer = await api.saveTextFile({ suggestedName: 'report.md', content: '# Report', mediaType: 'text/markdown' });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toMatch(/^The file could not be saved: .*ENOENT/);
  });
});

describe('saveDialogApi with an exported run (a ticket for a file the host holds)', () => {
  /** A held export whose pieces say when each is read, and whether the reading was stopped. */
  function heldExport(pieces: string[]) {
    const log: string[] = [];
    async function* read() {
      try {
        for (const piece of pieces) {
          log.push(`read ${piece.trim()}`);
          yield piece;
        }
      } finally {
        log.push('done');
      }
    }
    const tickets = createExportTickets();
    const ticket = tickets.issue({ fileName: 'orders-run-2026-11-23.csv', mediaType: 'text/csv', pieces: read() });
    return { tickets, ticket, log };
  }

  it('asks where, then writes the pieces to the chosen file as they are read, and spends the ticket', async () => {
    const { tickets, ticket, log } = heldExport(['name,passed\r\n', 'case 1,true\r\n', 'case 2,false\r\n']);
    const chosen = path.join(dir, 'orders.csv');
    const { dialog, asked } = fakeDialog(() => {
      log.push('dialog');
      return { canceled: false, filePath: chosen };
    });
    const api = saveDialogApi(
      dialog,
      () => null,
      () => '/home/someone/Downloads',
      tickets,
    );
    const answer = await api.saveTextFile({ suggestedName: 'orders-run-2026-11-23.csv', mediaType: 'text/csv', ticket });
    expect(answer).toEqual({ ok: true, value: { saved: true, path: chosen } });
    expect(await readFile(chosen, 'utf8')).toBe('name,passed\r\ncase 1,true\r\ncase 2,false\r\n');
    expect((await stat(chosen)).mode & 0o777).toBe(0o600);
    // Nothing was read before the person chose where.
    expect(log).toEqual(['dialog', 'read name,passed', 'read case 1,true', 'read case 2,false', 'done']);
    expect(asked[0]!.options).toMatchObject({ filters: [{ name: 'CSV file', extensions: ['csv'] }] });
    // Spent: a second save of the same ticket is refused before any dialog.
    const again = await api.saveTextFile({ suggestedName: 'orders-run-2026-11-23.csv', mediaType: 'text/csv', ticket });
    expect(again).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', message: expect.stringContaining('export the run again') },
    });
    expect(asked).toHaveLength(1);
  });

  it('reads nothing and writes nothing when the person cancels, and lets the export go', async () => {
    const { tickets, ticket, log } = heldExport(['a\r\n']);
    const { dialog } = fakeDialog(() => ({ canceled: true, filePath: '' }));
    const api = saveDialogApi(
      dialog,
      () => null,
      () => dir,
      tickets,
    );
    expect(await api.saveTextFile({ suggestedName: 'a.csv', mediaType: 'text/csv', ticket })).toEqual({
      ok: true,
      value: { saved: false, path: null },
    });
    expect(log).toEqual([]);
    expect(tickets.take(ticket).ok).toBe(false);
  });

  it('refuses a ticket the host does not hold without opening the dialog', async () => {
    const { dialog, asked } = fakeDialog(() => ({ canceled: false, filePath: path.join(dir, 'x.csv') }));
    const api = saveDialogApi(
      dialog,
      () => null,
      () => dir,
      createExportTickets(),
    );
    const answer = await api.saveTextFile({ suggestedName: 'x.csv', mediaType: 'text/csv', ticket: 'A'.repeat(43) });
    expect(answer).toMatchObject({ ok: false, error: { message: expect.stringContaining('export the run again') } });
    expect(asked).toHaveLength(0);
  });
});

describe('the saveTextFile argument', () => {
  const call = (argument: unknown) =>
    dispatch(new FakeApi(), 'saveTextFile', argument, new FakeApi()) as Promise<{ ok: boolean; error?: { message: string } }>;

  it.each([
    ['a folder in the name', { suggestedName: '../../.bashrc', content: '', mediaType: 'text/html' }],
    ['a Windows folder in the name', { suggestedName: 'C:\\report.html', content: '', mediaType: 'text/html' }],
    ['a hidden file name', { suggestedName: '.profile', content: '', mediaType: 'text/html' }],
    ['an empty name', { suggestedName: '  ', content: '', mediaType: 'text/html' }],
    ['an unknown kind', { suggestedName: 'a.exe', content: '', mediaType: 'application/x-msdownload' }],
    ['content that is not text', { suggestedName: 'a.json', content: { a: 1 }, mediaType: 'application/json' }],
  ])('refuses %s', async (_, argument) => {
    const answer = await call(argument);
    expect(answer.ok).toBe(false);
  });

  it.each([
    ['both text and a ticket', { suggestedName: 'a.csv', content: '', ticket: 'A'.repeat(43), mediaType: 'text/csv' }],
    ['a ticket that is not one', { suggestedName: 'a.csv', ticket: '../../etc/passwd', mediaType: 'text/csv' }],
    ['a ticket that is not text', { suggestedName: 'a.csv', ticket: 42, mediaType: 'text/csv' }],
  ])('refuses %s', async (_, argument) => {
    const answer = await call(argument);
    expect(answer.ok).toBe(false);
  });

  it('takes a plain name, a ticket and a known kind', async () => {
    expect((await call({ suggestedName: 'orders-run.csv', ticket: 'A'.repeat(43), mediaType: 'text/csv' })).ok).toBe(true);
  });

  it('takes a plain name, text and a known kind', async () => {
    expect((await call({ suggestedName: 'qa-report 2026-11-23.html', content: '<p>x</p>', mediaType: 'text/html' })).ok).toBe(true);
  });
});
