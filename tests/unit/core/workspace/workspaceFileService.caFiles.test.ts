import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { itemLabelled, profileFields, workspaceFileHarness, workspaceFileText } from '../../../support/workspaceFiles';

/**
 * A workspace file names CA files and client certificate files by path, and the file is
 * untrusted: nothing it names is touched (no stat, no open, no read, no realpath) until the
 * person imports; a network or device path is refused, item by item, without ever being touched.
 *
 * Three witnesses: every call into node:fs and node:fs/promises is recorded with its path (the
 * app's modules import them, so the record sees every stat, open, read and realpath); a real
 * file's access time shows a read by any route; and a FIFO hangs an open without O_NONBLOCK.
 */

const fsCalls = vi.hoisted(() => {
  const calls: string[] = [];
  /** The module with each function recording `name path` before it runs. */
  const recording = (real: Record<string, unknown>) => {
    const wrapped: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(real)) {
      if (typeof value !== 'function' || !/^[a-z]/.test(name)) {
        wrapped[name] = value;
        continue;
      }
      wrapped[name] = function (this: unknown, ...args: unknown[]) {
        const first = args[0];
        if (typeof first === 'string' || first instanceof URL || Buffer.isBuffer(first)) calls.push(`${name} ${String(first)}`);
        return (value as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
    return { ...wrapped, default: wrapped };
  };
  return { calls, recording };
});
vi.mock('node:fs', async (importOriginal) => fsCalls.recording(await importOriginal()));
vi.mock('node:fs/promises', async (importOriginal) => fsCalls.recording(await importOriginal()));
/** The recorded calls on paths in this test's folder, since the last look. */
function callsSinceLastLook(): string[] {
  const seen = fsCalls.calls.splice(0).filter((call) => call.includes(dir));
  return seen.map((call) => call.replace(dir, '<dir>'));
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ae-workspace-ca-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const LONG_AGO = new Date('2001-01-01T00:00:00Z');

/** A real PEM certificate whose last access is set far back, so a read of it shows. */
async function certificateFile(): Promise<string> {
  const file = path.join(dir, 'ca.pem');
  const pems = await generate([{ name: 'commonName', value: 'Agent Explorer test CA' }], {
    keyType: 'ec',
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
  });
  writeFileSync(file, pems.cert);
  utimesSync(file, LONG_AGO, new Date());
  return file;
}
const accessedSince = (file: string) => statSync(file).atimeMs > LONG_AGO.getTime();

const caProfile = (name: string, caFile: string) =>
  profileFields({ name, baseUrl: `https://${name.toLowerCase()}.example.com`, tls: { verify: true, caFile } });

describe('previewing a workspace file', () => {
  it.skipIf(process.platform === 'win32')('touches no CA file it names: the preview is the same whatever is at the path', async () => {
    const certificate = await certificateFile();
    const fifo = path.join(dir, 'fifo.pem');
    execFileSync('mkfifo', [fifo]);
    const folder = path.join(dir, 'folder.pem');
    mkdirSync(folder);
    const paths = { Real: certificate, Fifo: fifo, Folder: folder, Missing: path.join(dir, 'missing.pem') };
    const content = workspaceFileText({ profiles: Object.entries(paths).map(([name, file]) => caProfile(name, file)) });
    const { methods, profiles } = workspaceFileHarness();

    callsSinceLastLook();
    const preview = await methods.previewWorkspaceImport({ content });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(callsSinceLastLook()).toEqual([]);
    expect(accessedSince(certificate)).toBe(false);
    for (const [name, file] of Object.entries(paths)) {
      const item = itemLabelled(preview.value.items, `Profile "${name}"`);
      expect([item.action, item.detail, item.warnings]).toEqual([
        'take',
        'A new profile, without a key: set its key in Manage profiles.',
        [
          `Also trusts the CA certificates in ${file}. It is read only when you import: if it cannot be used on this computer, the profile comes without it.`,
        ],
      ]);
    }
    expect((await profiles.list()).map((profile) => profile.name)).toEqual(['Sandbox']);

    // Importing is the person's go-ahead: each CA file is read then, and one that cannot be used is left out, saying why.
    const report = await methods.applyWorkspaceImport({ content });
    if (!report.ok) throw new Error(report.error.message);
    expect(accessedSince(certificate)).toBe(true);
    // The record sees what the import reads: it would see the preview's reads too.
    expect(callsSinceLastLook()).toEqual(expect.arrayContaining(['stat <dir>/ca.pem', 'readFile <dir>/ca.pem', 'stat <dir>/fifo.pem']));
    const outcome = (name: string) => report.value.items.find((item) => item.label === `Profile "${name}"`)!;
    expect([outcome('Real').outcome, outcome('Real').detail]).toEqual([
      'taken',
      'A new profile, without a key: set its key in Manage profiles.',
    ]);
    expect(outcome('Fifo').detail).toBe(
      `A new profile, without a key: set its key in Manage profiles. Its CA file was left out: ${fifo} is not a file. Choose one in Manage profiles if needed.`,
    );
    expect(outcome('Folder').detail).toContain(`Its CA file was left out: ${folder} is not a file.`);
    expect(outcome('Missing').detail).toContain(`Its CA file was left out: ${paths.Missing} does not exist.`);
    const saved = new Map((await profiles.list()).map((profile) => [profile.name, profile.tls.caFile]));
    expect(Object.fromEntries(saved)).toEqual({ Sandbox: null, Real: certificate, Fifo: null, Folder: null, Missing: null });
  });

  it('refuses a profile whose CA file is a network or device path, saying why, and imports the rest', async () => {
    const refused = {
      Unc: '\\\\fileserver\\certs\\ca.pem',
      Slashes: '//fileserver/certs/ca.pem',
      Verbatim: '\\\\?\\UNC\\fileserver\\certs\\ca.pem',
      Device: '\\\\.\\COM1',
    };
    const content = workspaceFileText({
      profiles: [...Object.entries(refused).map(([name, file]) => caProfile(name, file)), profileFields({ name: 'Plain' })],
      catalog: [{ profile: 'Unc', agents: [{ agentId: 'a1', name: '', notes: '', tags: [], placeholders: [], learnedKeys: [] }] }],
    });
    const { methods, profiles } = workspaceFileHarness();
    const preview = await methods.previewWorkspaceImport({ content });
    if (!preview.ok) throw new Error(preview.error.message);
    const row = (label: string) => {
      const item = itemLabelled(preview.value.items, label);
      return [item.action, item.detail];
    };
    expect(row('Profile "Unc"')).toEqual([
      'skip',
      'Its CA file cannot be used: \\\\fileserver\\certs\\ca.pem is a network path. A CA file must be on this computer: opening a network path connects to its host (on Windows, signing in there as you). Copy the certificate to this computer and give that path.',
    ]);
    expect(row('Profile "Slashes"')[1]).toContain('//fileserver/certs/ca.pem is a network path.');
    expect(row('Profile "Verbatim"')[1]).toContain('\\\\?\\UNC\\fileserver\\certs\\ca.pem is a device path, not a file.');
    expect(row('Profile "Device"')[1]).toContain('\\\\.\\COM1 is a device path, not a file.');
    expect(row('Profile "Plain"')[0]).toBe('take');
    expect(row('Agent "a1" in the catalog of profile "Unc"')[1]).toMatch(
      /^Not taken: its profile "Unc" in the file is not taken \(Its CA file cannot be used:/,
    );

    const report = await methods.applyWorkspaceImport({ content });
    if (!report.ok) throw new Error(report.error.message);
    expect(report.value.items.filter((item) => item.outcome === 'taken').map((item) => item.label)).toEqual(['Profile "Plain"']);
    expect((await profiles.list()).map((profile) => profile.name).sort()).toEqual(['Plain', 'Sandbox']);
  });
});

describe('a client certificate a workspace file names', () => {
  it.skipIf(process.platform === 'win32')(
    'is not touched by the preview nor read by the import; the profile keeps it, and the report says which files are not there',
    async () => {
      const certificate = await certificateFile();
      const fifo = path.join(dir, 'fifo.p12');
      execFileSync('mkfifo', [fifo]);
      const missing = path.join(dir, 'missing.key');
      const profiles = [
        profileFields({
          name: 'Pem',
          baseUrl: 'https://pem.example.com',
          tls: { verify: true, caFile: null, clientCert: { kind: 'pem', certFile: certificate, keyFile: missing } },
        }),
        profileFields({
          name: 'Fifo',
          baseUrl: 'https://fifo.example.com',
          tls: { verify: true, caFile: null, clientCert: { kind: 'pkcs12', file: fifo } },
        }),
      ];
      const content = workspaceFileText({ profiles });
      const harness = workspaceFileHarness();

      callsSinceLastLook();
      const preview = await harness.methods.previewWorkspaceImport({ content });
      if (!preview.ok) throw new Error(preview.error.message);
      expect(callsSinceLastLook()).toEqual([]);
      expect(accessedSince(certificate)).toBe(false);
      expect(itemLabelled(preview.value.items, 'Profile "Fifo"').warnings).toEqual([
        `Presents the client certificate in ${fifo} when https://fifo.example.com asks for one. The file is read when a request is sent, not by the import.`,
      ]);

      callsSinceLastLook(); // this test's own look at the access time
      const report = await harness.methods.applyWorkspaceImport({ content });
      if (!report.ok) throw new Error(report.error.message);
      // Applying is the go-ahead, and still nothing is read: the key may need a passphrase not given yet. Only whether the files are there is looked at.
      expect(callsSinceLastLook().sort()).toEqual(['stat <dir>/ca.pem', 'stat <dir>/fifo.p12', 'stat <dir>/missing.key']);
      expect(accessedSince(certificate)).toBe(false);
      const detail = (name: string) => report.value.items.find((item) => item.label === `Profile "${name}"`)!.detail;
      expect(detail('Pem')).toBe(
        `A new profile, without a key: set its key in Manage profiles. Its client certificate: ${missing} does not exist on this computer yet. The profile keeps it, and its requests say what is wrong until that is fixed.`,
      );
      expect(detail('Fifo')).toBe(
        `A new profile, without a key: set its key in Manage profiles. Its client certificate: ${fifo} is not a file. The profile keeps it, and its requests say what is wrong until that is fixed.`,
      );
      const saved = new Map((await harness.profiles.list()).map((profile) => [profile.name, profile.tls.clientCert ?? null]));
      expect(saved.get('Pem')).toEqual({ kind: 'pem', certFile: certificate, keyFile: missing });
      expect(saved.get('Fifo')).toEqual({ kind: 'pkcs12', file: fifo });
    },
  );
});
