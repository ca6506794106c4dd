import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePrivateFile } from '../../../../electron/core/storage/privateFiles';
import { writeFileSafely } from '../../../../electron/core/storage/safeWrite';
import { removeOrphanedTemporaryFiles } from '../../../../electron/core/storage/temporaryFiles';

/**
 * core/safeWrite.ts, the one way the app and the command line write a file: a new owner-only
 * temporary file beside the target, renamed over it. What a person would check afterwards: the
 * file holds what was written, is a regular 0600 file, and whatever the old name pointed to is
 * untouched.
 */
let dir: string;
beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'safe-write-'))));
afterEach(async () => rm(dir, { recursive: true, force: true }));

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;
const posix = process.platform !== 'win32';

describe('writeFileSafely', () => {
  it.runIf(posix)('replaces a symlink with a regular 0600 file and leaves the file it pointed to untouched', async () => {
    const keys = path.join(dir, 'authorized_keys');
    await writeFile(keys, 'ssh-ed25519 AAAA mine\n', { mode: 0o644 });
    const report = path.join(dir, 'report.xml');
    await symlink(keys, report);
    await writeFileSafely(report, 'line one\nssh-ed25519 AAAA theirs\n');
    expect(await readFile(keys, 'utf8')).toBe('ssh-ed25519 AAAA mine\n');
    expect((await lstat(report)).isSymbolicLink()).toBe(false);
    expect((await lstat(report)).isFile()).toBe(true);
    expect(await readFile(report, 'utf8')).toBe('line one\nssh-ed25519 AAAA theirs\n');
    expect(await modeOf(report)).toBe(0o600);
  });

  it.runIf(posix)('replaces a symlink to a file that does not exist yet without creating that file', async () => {
    const target = path.join(dir, 'elsewhere', 'authorized_keys');
    await mkdir(path.dirname(target));
    const report = path.join(dir, 'report.xml');
    await symlink(target, report);
    await writeFileSafely(report, 'x');
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(report, 'utf8')).toBe('x');
  });

  it.runIf(posix)('replaces an existing 0644 file with a 0600 one', async () => {
    const report = path.join(dir, 'report.csv');
    await writeFile(report, 'old');
    await chmod(report, 0o644);
    await writeFileSafely(report, 'new');
    expect(await readFile(report, 'utf8')).toBe('new');
    expect(await modeOf(report)).toBe(0o600);
  });

  it.runIf(posix)('a shared file is 0644 as the umask allows, an old owner-only one replaced; through a symlink never', async () => {
    const probe = path.join(dir, 'probe');
    await writeFile(probe, '', { mode: 0o644 });
    const shared = await modeOf(probe);
    const keys = path.join(dir, 'authorized_keys');
    await writeFile(keys, 'ssh-ed25519 AAAA mine\n', { mode: 0o600 });
    await symlink(keys, path.join(dir, 'linked.xml'));
    const report = path.join(dir, 'report.json');
    await writeFile(report, 'old', { mode: 0o600 });
    await writeFileSafely(report, 'new', 'shared');
    await writeFileSafely(path.join(dir, 'linked.xml'), 'new', 'shared');
    expect(await readFile(report, 'utf8')).toBe('new');
    expect(await modeOf(report)).toBe(shared);
    expect(await modeOf(path.join(dir, 'linked.xml'))).toBe(shared);
    expect(await readFile(keys, 'utf8')).toBe('ssh-ed25519 AAAA mine\n');
    expect(await modeOf(keys)).toBe(0o600);
  });

  it('writes pieces as they come: part of a large text is on disk before the last piece is made', async () => {
    const report = path.join(dir, 'run.json');
    let bytesOnDiskMidway = -1;
    async function* pieces() {
      for (let index = 0; index < 200; index += 1) {
        if (index === 150) {
          const [temporary] = (await readdir(dir)).filter((name) => name.endsWith('.tmp'));
          bytesOnDiskMidway = temporary ? (await stat(path.join(dir, temporary))).size : -1;
        }
        yield `${String(index).padStart(999, '.')}\n`;
      }
    }
    await writeFileSafely(report, pieces());
    expect(bytesOnDiskMidway).toBeGreaterThan(0);
    const text = await readFile(report, 'utf8');
    expect(text).toHaveLength(200_000);
    expect(text.endsWith('199\n')).toBe(true);
    expect(await readdir(dir)).toEqual(['run.json']);
  });

  it('a write that fails midway leaves the old file as it was and no temporary file', async () => {
    const report = path.join(dir, 'report.html');
    await writeFile(report, 'the old report');
    function* pieces() {
      yield 'x'.repeat(100_000);
      throw new Error('the disk is full');
    }
    await expect(writeFileSafely(report, pieces())).rejects.toThrow('the disk is full');
    expect(await readFile(report, 'utf8')).toBe('the old report');
    expect(await readdir(dir)).toEqual(['report.html']);
  });

  it('refuses a folder in the way, says why, and leaves nothing behind', async () => {
    const folder = path.join(dir, 'report.xml');
    await mkdir(path.join(folder, 'inside'), { recursive: true });
    await expect(writeFileSafely(folder, 'x')).rejects.toMatchObject({ code: expect.stringMatching(/^E/) });
    expect(await readdir(dir)).toEqual(['report.xml']);
  });

  it('a temporary file a killed write left behind is one the start-up clean-up removes', async () => {
    // The clean-up recognises the temporary names this module makes: a generator that never ends
    // the write stands for the killed process.
    const report = path.join(dir, 'profiles.json');
    let left: string[] = [];
    async function* pieces() {
      yield '{';
      left = (await readdir(dir)).filter((name) => name.endsWith('.tmp'));
      throw new Error('killed');
    }
    await expect(writeFileSafely(report, pieces())).rejects.toThrow('killed');
    expect(left).toHaveLength(1);
    expect(left[0]!.startsWith('profiles.json.')).toBe(true);
    await writeFile(path.join(dir, left[0]!), '{');
    expect(await removeOrphanedTemporaryFiles(dir)).toEqual(left);
  });
});

describe('writePrivateFile, the app own documents', () => {
  it.runIf(posix)('goes through the same safe write: a symlinked document is replaced, not written through', async () => {
    const elsewhere = path.join(dir, 'elsewhere.json');
    await writeFile(elsewhere, '{"mine":true}');
    const file = path.join(dir, 'data', 'settings.json');
    await mkdir(path.dirname(file));
    await symlink(elsewhere, file);
    await writePrivateFile(file, '{"theirs":true}');
    expect(await readFile(elsewhere, 'utf8')).toBe('{"mine":true}');
    expect(await readFile(file, 'utf8')).toBe('{"theirs":true}');
    await expect(readlink(file)).rejects.toMatchObject({ code: 'EINVAL' });
    expect(await modeOf(file)).toBe(0o600);
  });
});
