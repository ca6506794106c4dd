import { spawn } from 'node:child_process';
import { chmod, lstat, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cliBuildOptions } from '../../../electron/tooling/cliBuild.mjs';

/**
 * What the command line writes and prints when the suite is hostile, through the real process
 * (the bin's entry bundled as `npm run build` bundles it, against an embedded Sandbox): `--out`
 * never writes through a symlink and always leaves a 0600 file; nothing the suite or a server
 * controls reaches the terminal as a control character; JUnit attributes hold no raw line
 * break; CSV cells cannot become formulas.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const DRAFTER = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
const posix = process.platform !== 'win32';
let tools: string;
let cli: string;
let dir: string;
beforeAll(async () => {
  tools = await mkdtemp(path.join(os.tmpdir(), 'run-files-cli-'));
  cli = path.join(tools, 'cli.mjs');
  // The command's own build options: undici, which it bundles, is CommonJS and needs them.
  await build({ absWorkingDir: root, logLevel: 'warning', ...cliBuildOptions(cli) });
});
afterAll(async () => rm(tools, { recursive: true, force: true }));
beforeEach(async (context) => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'run-files-'));
  context.onTestFinished(() => rm(dir, { recursive: true, force: true }));
});

function start(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'run', ...args, '--sandbox'], { cwd: dir, env: { PATH: process.env['PATH'] ?? '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function suite(content: unknown): Promise<string> {
  await writeFile(path.join(dir, 'suite.json'), JSON.stringify(content));
  return 'suite.json';
}

const PLAIN = { name: 'orders', cases: [{ name: 'greets', agent: DRAFTER, text: 'Hello', expect: { status: 200 } }] };

// OSC 52 (sets the clipboard), erase-line and carriage return (turn FAIL into "PASS"), C1 CSI.
const OSC52 = '\u001b]52;c;cm0gLXJmIH4=\u0007';
const ERASE = '\r\u001b[2K\u009b2KPASS';
const HOSTILE = {
  name: `orders${OSC52}`,
  cases: [
    { name: `two\nlines ${OSC52}`, agent: DRAFTER, text: 'Hello', expect: { answerContains: `missing${ERASE}` } },
    { name: `erased${ERASE} looks good`, agent: `${DRAFTER}${OSC52}`, text: 'Hello' },
  ],
};
// Any C0 or C1 control other than the line break the command ends its own lines with.
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('--out', () => {
  it.runIf(posix)('replaces a report.xml symlink with a regular 0600 file and leaves the file it pointed to untouched', async () => {
    const keys = path.join(dir, 'authorized_keys');
    await writeFile(keys, 'ssh-ed25519 AAAA mine\n', { mode: 0o644 });
    await symlink(keys, path.join(dir, 'report.xml'));
    const ran = await start([await suite(HOSTILE), '--reporter', 'junit', '--out', 'report.xml']);
    expect(ran.code).toBe(1);
    expect(await readFile(keys, 'utf8')).toBe('ssh-ed25519 AAAA mine\n');
    expect((await stat(keys)).mode & 0o777).toBe(0o644);
    const report = path.join(dir, 'report.xml');
    expect((await lstat(report)).isFile()).toBe(true);
    expect((await stat(report)).mode & 0o777).toBe(0o600);
    expect(await readFile(report, 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
  });

  it.runIf(posix).each(['junit', 'json', 'csv', 'pretty'])('replaces an existing 0644 report with a 0600 one (%s)', async (reporter) => {
    const report = path.join(dir, 'report.out');
    await writeFile(report, 'the old report');
    await chmod(report, 0o644);
    const ran = await start([await suite(PLAIN), '--reporter', reporter, '--out', 'report.out']);
    expect(ran.code).toBe(0);
    expect(await readFile(report, 'utf8')).not.toContain('the old report');
    expect((await stat(report)).mode & 0o777).toBe(0o600);
  });

  it('a place that cannot be written is a clear line, not a stack trace', async () => {
    const ran = await start([await suite(PLAIN), '--reporter', 'json', '--out', path.join('no-such-folder', 'report.json')]);
    expect(ran.stderr).toMatch(/^agent-explorer: the report could not be written to .*report\.json: .*ENOENT/m);
    expect(ran.stderr).not.toMatch(/\n\s+at /);
    expect(ran.code).toBe(2);
  });
});

describe('what the command prints, from a suite with control characters in its names', () => {
  it('prints case names, agent ids and answers with no control character; a line break inside a name is not a new line', async () => {
    const ran = await start([await suite(HOSTILE)]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).not.toMatch(CONTROL);
    expect(ran.stderr).not.toMatch(CONTROL);
    const lines = ran.stdout.split('\n').filter(Boolean);
    // Each line is a result, a failed expectation under it, or the summary: none is made by a name.
    for (const line of lines) expect(line).toMatch(/^(PASS |FAIL | {5}\S|orders)/);
    expect(lines.filter((line) => /^(PASS|FAIL) /.test(line))).toEqual([
      expect.stringMatching(/^FAIL two lines \]52;c;cm0gLXJmIH4=/),
      expect.stringMatching(/^FAIL erased \[2K2KPASS looks good @ /),
    ]);
    expect(lines.at(-1)).toMatch(/^orders\]52;c;cm0gLXJmIH4=: 2 run, 0 passed, 2 failed in /);
  });

  it('prints a suite problem naming a hostile case with no control character', async () => {
    const ran = await start([await suite({ cases: [{ name: `bad\n${OSC52}${ERASE}`, text: 'x' }] })]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('case 1 "bad ]52;c;cm0gLXJmIH4= [2K2KPASS"');
    expect(ran.stderr).not.toMatch(CONTROL);
  });

  it.each(['junit', 'json', 'csv', 'html'])(
    'the %s report printed to the terminal holds no control character but line breaks',
    async (reporter) => {
      const ran = await start([await suite(HOSTILE), '--reporter', reporter]);
      expect(ran.code).toBe(1);
      expect(ran.stdout.length).toBeGreaterThan(100);
      // CSV ends its lines with CRLF, as RFC 4180 has it.
      expect(ran.stdout.replaceAll('\r\n', '\n')).not.toMatch(CONTROL);
      expect(ran.stderr).not.toMatch(CONTROL);
    },
  );
});

describe('the report files', () => {
  it('JUnit: no attribute holds a raw line break; the name reads back whole', async () => {
    await start([await suite(HOSTILE), '--reporter', 'junit', '--out', 'report.xml']);
    const xml = await readFile(path.join(dir, 'report.xml'), 'utf8');
    const tags = xml.match(/<[^>]*>/g) ?? [];
    expect(tags.filter((tag) => tag.startsWith('<testcase'))).toHaveLength(2);
    for (const tag of tags) expect(tag).not.toMatch(/[\r\n]/);
    expect(xml).toContain('<testcase name="two&#10;lines ]52;c;cm0gLXJmIH4= @ 3f6c2a8e');
  });

  it("CSV: text cells are quoted and a formula after a ';' or ',' inside a cell is defused", async () => {
    const named = { name: 'orders', cases: [{ name: "x;=cmd|' /C calc'!A0", agent: DRAFTER, text: 'Hello', expect: { status: 200 } }] };
    await start([await suite(named), '--reporter', 'csv', '--out', 'report.csv']);
    const csv = await readFile(path.join(dir, 'report.csv'), 'utf8');
    const line = csv.split('\r\n')[1]!;
    expect(line.startsWith(`"x;'=cmd|' /C calc'!A0",,"${DRAFTER}",true,`)).toBe(true);
    // Split where a ';' locale would split it: no field starts a formula.
    for (const field of line.split(/[;,\t]/)) expect(field.replace(/^[\s"]+/, '')).not.toMatch(/^[=+\-@]/);
  });
});
