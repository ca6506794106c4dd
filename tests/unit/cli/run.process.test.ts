import { spawn, execFileSync } from 'node:child_process';
import { chmod, lstat, mkdtemp, readFile, rm, stat, symlink, writeFile, mkdir, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, beforeEach, describe, expect, it, afterEach } from 'vitest';
import { cliBuildOptions } from '../../../electron/tooling/cliBuild.mjs';
import { startTestServer, type TestServer, closedPort } from '../../support/testServer';
import type { ServerResponse } from 'node:http';
import { proxiesClosedAfterEach } from '../../support/proxyPerTest';
import { startTlsServer, type TlsTestServer } from '../../support/tlsServer';

/**
 * `agent-explorer run` through the real process: the bin's entry bundled once, as `npm run build`
 * bundles it, for every block below (run.test.ts calls runCli in this process).
 *
 * What the command line writes and prints when the suite is hostile (against an embedded Sandbox): `--out`
 * never writes through a symlink and leaves a 0644 file (as the umask allows), 0600 under --private; nothing the suite or a server
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

/** The mode a new 0644 file gets here: what the umask (inherited by the command) leaves of it. */
async function sharedMode(): Promise<number> {
  const probe = path.join(dir, 'umask-probe');
  await writeFile(probe, '', { mode: 0o644 });
  const mode = (await stat(probe)).mode & 0o777;
  await rm(probe);
  return mode;
}

describe('--out', () => {
  it.runIf(posix)('replaces a report.xml symlink with a regular 0644 file and leaves the file it pointed to untouched', async () => {
    const keys = path.join(dir, 'authorized_keys');
    await writeFile(keys, 'ssh-ed25519 AAAA mine\n', { mode: 0o644 });
    await symlink(keys, path.join(dir, 'report.xml'));
    const ran = await start([await suite(HOSTILE), '--reporter', 'junit', '--out', 'report.xml']);
    expect(ran.code).toBe(1);
    expect(await readFile(keys, 'utf8')).toBe('ssh-ed25519 AAAA mine\n');
    expect((await stat(keys)).mode & 0o777).toBe(0o644);
    const report = path.join(dir, 'report.xml');
    expect((await lstat(report)).isFile()).toBe(true);
    expect((await stat(report)).mode & 0o777).toBe(await sharedMode());
    expect(await readFile(report, 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
  });

  it.runIf(posix)('every report file is 0644 (as the umask allows), an old owner-only one included; 0600 under --private', async () => {
    const files = ['report.out', 'run.xml', 'run.json', 'run.html', 'run.csv'];
    await writeFile(path.join(dir, 'run.json'), 'the old report', { mode: 0o600 });
    const reports = [
      '--out',
      'report.out',
      '--reporter-junit',
      'run.xml',
      '--reporter-json',
      'run.json',
      '--reporter-html',
      'run.html',
      '--reporter-csv',
      'run.csv',
    ];
    const shared = await start([await suite(PLAIN), '--reporter', 'json', ...reports]);
    expect(shared.code).toBe(0);
    const mode = await sharedMode();
    expect(mode & 0o044).toBe(0o044);
    for (const file of files) expect([file, (await stat(path.join(dir, file))).mode & 0o777]).toEqual([file, mode]);
    const owned = await start([await suite(PLAIN), '--reporter', 'json', ...reports, '--private']);
    expect(owned.code).toBe(0);
    for (const file of files) expect([file, (await stat(path.join(dir, file))).mode & 0o777]).toEqual([file, 0o600]);
  });

  it.runIf(posix).each(['junit', 'json', 'csv', 'pretty'])(
    '--private: replaces an existing 0644 report with a 0600 one (%s)',
    async (reporter) => {
      const report = path.join(dir, 'report.out');
      await writeFile(report, 'the old report');
      await chmod(report, 0o644);
      const ran = await start([await suite(PLAIN), '--reporter', reporter, '--out', 'report.out', '--private']);
      expect(ran.code).toBe(0);
      expect(await readFile(report, 'utf8')).not.toContain('the old report');
      expect((await stat(report)).mode & 0o777).toBe(0o600);
    },
  );

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
    expect(xml).toContain('<testcase name="two&#10;lines ]52;c;cm0gLXJmIH4= @ Support reply drafter (3f6c2a8e…)"');
    // An id the Sandbox does not know is shown whole.
    expect(xml).toContain(' @ 3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73]52;c;cm0gLXJmIH4="');
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

describe('a hostile suite, through the process', () => {
  /**
   * The command as a process, on suites written to hurt the person who runs them: a CI job that
   * runs a colleague's branch with the platform key in its environment (and a `.env` beside the
   * checkout). A suite's `data` is read only inside its folder; everything printed or written that
   * came from the suite or its data is redacted with the key; a bad suite is one clear line and
   * exit 2, never a stack trace.
   */
  const KEY = 'sk-live-7Hq2mP9xR4vN8wK3cT6z';
  const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
  const REPORTERS = ['pretty', 'junit', 'json', 'csv', 'html'] as const;
  let dir: string;
  let repo: string;
  let server: TestServer;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cli-hostile-'));
    repo = path.join(dir, 'repo');
    await mkdir(repo);
    // The person's own secrets, next to the checkout.
    await writeFile(path.join(dir, '.env'), `secret\nAGENT_EXPLORER_API_KEY=${KEY}\n`);
    await writeFile(path.join(dir, 'x.csv'), `secret\n${KEY}\n`);
    server = await startTestServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: 'Hello there', duration: '1ms', token: 't' }));
    });
  });
  afterEach(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  interface Ran {
    code: number | null;
    stdout: string;
    stderr: string;
  }

  function start(
    args: string[],
    env: Record<string, string> = { AGENT_EXPLORER_BASE_URL: server.url, AGENT_EXPLORER_API_KEY: KEY },
  ): Promise<Ran> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [cli, ...args], { cwd: dir, env: { PATH: process.env['PATH'] ?? '', ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  /** A case that sends the column and fails on it, so every reporter prints it. */
  const leaking = (data: string, name = 'leaks') => ({
    name,
    data,
    cases: [
      {
        name: 'echo',
        agent: AGENT,
        text: '{{secret}}',
        payload: { customer_name: '{{secret}}' },
        expect: { answerContains: ['{{secret}}'] },
      },
    ],
  });

  async function suiteFile(suite: unknown, name = 'suite.json'): Promise<string> {
    const file = path.join(repo, name);
    await writeFile(file, typeof suite === 'string' ? suite : JSON.stringify(suite));
    return path.relative(dir, file);
  }

  /** Every file the command may have written in the working folder (the person's own secrets aside). */
  async function written(): Promise<string> {
    const names = (await readdir(dir)).filter((name) => name.startsWith('report.'));
    return (await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')))).join('\n');
  }

  const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at |file:\/\/|Error:/m);

  describe("a suite's data file is read only inside the suite's folder", () => {
    it.each([
      ['a link committed beside the suite that points at ../.env', 'rows.csv', 'rows.csv', "it is outside the suite's folder"],
      ['a path out of the folder', '../x.csv', '../x.csv', "it is not a path inside the suite's folder"],
      ['an absolute path', 'ABSOLUTE', 'ABSOLUTE', "it is not a path inside the suite's folder"],
    ])('%s: refused with a clear line and exit 2, nothing sent, the key nowhere', async (_label, data, shown, reason) => {
      await symlink(path.join(dir, '.env'), path.join(repo, 'rows.csv'));
      const named = data === 'ABSOLUTE' ? path.join(dir, 'x.csv') : data;
      const file = await suiteFile(leaking(named));
      for (const reporter of REPORTERS) {
        const ran = await start(['run', file, '--reporter', reporter, '--out', `report.${reporter}`]);
        expect(ran.code).toBe(2);
        const name = shown === 'ABSOLUTE' ? named : shown;
        expect(ran.stderr).toContain(`suite.json: data: the data file "${name}" was not read: ${reason}`);
        expect(`${ran.stdout}${ran.stderr}${await written()}`).not.toContain(KEY);
        noStackTrace(ran.stderr);
      }
      expect(server.requests).toHaveLength(0);
    });

    it('a data file inside the folder holding the key: sent as the suite says, redacted in every line and report', async () => {
      await writeFile(path.join(repo, 'rows.csv'), `secret\n${KEY}\n`);
      const file = await suiteFile(leaking('rows.csv', `leaks ${KEY}`));
      for (const reporter of REPORTERS) {
        const ran = await start(['run', file, '--reporter', reporter, '--out', `report.${reporter}`]);
        expect(ran.code).toBe(1);
        const report = await readFile(path.join(dir, `report.${reporter}`), 'utf8');
        expect(`${ran.stdout}${ran.stderr}${report}`).not.toContain(KEY);
        expect(report).toContain('[redacted key]');
      }
      const shown = await start(['run', file]);
      expect(shown.code).toBe(1);
      expect(shown.stdout).toContain('answerContains: expected contains "[redacted key]"');
      expect(shown.stdout).toMatch(/^leaks \[redacted key\]: 1 run, 0 passed, 1 failed/m);
      expect(`${shown.stdout}${shown.stderr}`).not.toContain(KEY);
      expect(server.requests[0]!.body).toContain(KEY);
    });

    it('--data names a file of the person’s own anywhere; what came from it is still redacted', async () => {
      const file = await suiteFile(leaking('../x.csv'));
      const ran = await start(['run', file, '--data', 'x.csv', '--reporter', 'json']);
      expect(ran.code).toBe(1);
      expect(JSON.parse(ran.stdout)).toMatchObject({ summary: { total: 1, failed: 1 } });
      expect(`${ran.stdout}${ran.stderr}`).not.toContain(KEY);
      expect(server.requests).toHaveLength(1);
    });

    it('--data must still be a regular .csv or .jsonl file', async () => {
      const file = await suiteFile({ cases: [{ agent: AGENT }] });
      await mkdir(path.join(dir, 'folder.csv'));
      const folder = await start(['run', file, '--data', 'folder.csv']);
      expect(folder.code).toBe(2);
      expect(folder.stderr).toContain('folder.csv: (file): the data file is not a regular file');
      if (process.platform !== 'win32') {
        execFileSync('mkfifo', [path.join(dir, 'pipe.csv')]);
        const fifo = await start(['run', file, '--data', 'pipe.csv']);
        expect(fifo.code).toBe(2);
        expect(fifo.stderr).toContain('pipe.csv: (file): the data file is not a regular file');
      }
      expect(server.requests).toHaveLength(0);
    });
  });

  describe('a hostile suite is a suite problem: one clear line, exit 2, no stack trace', () => {
    it('a payload nested 50,000 deep', async () => {
      const deep = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
      const file = await suiteFile(`{"cases":[{"agent":"${AGENT}","payload":${deep}}]}`);
      const ran = await start(['run', file]);
      expect(ran.code).toBe(2);
      expect(ran.stderr).toContain('suite.json: case 1: cases[0].payload: nests deeper than 64 levels');
      noStackTrace(ran.stderr);
      expect(server.requests).toHaveLength(0);
    });

    it('a JSON Lines row nested 50,000 deep', async () => {
      await writeFile(path.join(repo, 'rows.jsonl'), `{"n":${'['.repeat(50_000)}${']'.repeat(50_000)}}\n`);
      const file = await suiteFile({ data: 'rows.jsonl', cases: [{ agent: AGENT, payload: { n: '{{n}}' } }] });
      const ran = await start(['run', file]);
      expect(ran.code).toBe(2);
      expect(ran.stderr).toContain('rows.jsonl: line 1: nests deeper than 64 levels');
      noStackTrace(ran.stderr);
    });

    it('a pattern that a row makes invalid', async () => {
      await writeFile(path.join(repo, 'rows.csv'), 'n\n0\n');
      const file = await suiteFile({ data: 'rows.csv', cases: [{ agent: AGENT, expect: { answerMatches: 'a{1,{{n}}}' } }] });
      const ran = await start(['run', file, '--reporter', 'junit']);
      expect(ran.code).toBe(2);
      expect(ran.stderr).toMatch(/^agent-explorer: .+/m);
      noStackTrace(ran.stderr);
    });
  });
});

describe('behind a proxy, through the process', () => {
  /**
   * The command as a process behind a proxy, against an https platform signed by a private root
   * (trusted through SSL_CERT_FILE, standing for the operating system's store): HTTPS_PROXY from
   * the environment, --proxy with credentials, --noproxy, and a proxy that refuses or is not there.
   */
  const KEY = 'cli-proxy-key-5d2e8a41c7';
  const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
  let dir: string;
  let suite: string;
  let roots: string;
  let platform: TlsTestServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'run-proxy-'));
    platform = await startTlsServer((response) => response.end(JSON.stringify({ answer: 'through the proxy', duration: '5ms' })));
    roots = path.join(dir, 'roots.pem');
    await writeFile(roots, platform.certificate);
    suite = path.join(dir, 'suite.json');
    await writeFile(
      suite,
      JSON.stringify({ name: 'proxied', cases: [{ agent: AGENT, text: 'hi', expect: { answerContains: 'through' } }] }),
    );
  });
  afterAll(async () => {
    await platform.close();
    await rm(dir, { recursive: true, force: true });
  });
  const proxy = proxiesClosedAfterEach();

  function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [cli, 'run', suite, ...args], {
        cwd: dir,
        env: {
          PATH: process.env['PATH'] ?? '',
          SSL_CERT_FILE: roots,
          AGENT_EXPLORER_BASE_URL: platform.url,
          AGENT_EXPLORER_API_KEY: KEY,
          ...env,
        },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  const host = () => new URL(platform.url).host;

  describe('agent-explorer run behind a proxy', () => {
    it('goes through HTTPS_PROXY with CONNECT: the proxy never sees the key', async () => {
      const through = await proxy();
      const ran = await run([], { HTTPS_PROXY: through.url });
      expect(ran.stderr).toBe('');
      expect(ran.stdout).toMatch(/^proxied: 1 run, 1 passed, 0 failed/m);
      expect(ran.code).toBe(0);
      expect(through.asked).toEqual([`CONNECT ${host()}`]);
      expect(through.seen().includes(KEY)).toBe(false);
    });

    it('takes --proxy with credentials in its URL, and never prints them', async () => {
      const through = await proxy({ credentials: 'runner:Pr0xy-pass-9' });
      const withCredentials = new URL(through.url);
      withCredentials.username = 'runner';
      withCredentials.password = 'Pr0xy-pass-9';
      const ran = await run(['--proxy', withCredentials.toString()], { HTTPS_PROXY: 'http://127.0.0.1:9' });
      expect(ran.code).toBe(0);
      expect(through.authorizations).toEqual([`Basic ${Buffer.from('runner:Pr0xy-pass-9').toString('base64')}`]);

      const refused = await run(['--proxy', through.url.replace('//', '//runner:wrong-pass-123@')]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        `The proxy ${through.url} refused the credentials given (HTTP/1.1 407 Proxy Authentication Required)`,
      );
      expect(refused.stderr + refused.stdout).not.toContain('wrong-pass-123');
    });

    it('says the proxy asks for credentials when none were given', async () => {
      const through = await proxy({ credentials: 'runner:x' });
      const ran = await run([], { https_proxy: through.url });
      expect(ran.code).toBe(2);
      expect(ran.stderr).toContain(
        `agent-explorer: the platform could not be reached: The proxy ${through.url} asks for credentials (HTTP/1.1 407 Proxy Authentication Required) and none were given`,
      );
    });

    it('goes direct for the hosts --noproxy names, in place of NO_PROXY', async () => {
      const through = await proxy();
      expect((await run(['--noproxy', '127.0.0.1'], { HTTPS_PROXY: through.url, NO_PROXY: 'elsewhere.example' })).code).toBe(0);
      expect((await run(['--proxy', through.url, '--noproxy', '*'])).code).toBe(0);
      expect(through.asked).toEqual([]);
    });

    it('names a proxy that cannot be reached, without its password', async () => {
      const port = await closedPort();
      const ran = await run(['--proxy', `http://u:Hidden-pass-77@127.0.0.1:${port}`]);
      expect(ran.code).toBe(2);
      expect(ran.stderr).toContain(`Could not reach the proxy http://127.0.0.1:${port}: the connection was refused (ECONNREFUSED).`);
      expect(ran.stderr + ran.stdout).not.toContain('Hidden-pass-77');
    });

    it('reads the answers of a gateway that compresses them (gzip, then brotli), through the proxy', async () => {
      const answer = JSON.stringify({ answer: 'through the gateway', duration: '5ms' });
      for (const [encoding, compress] of [
        ['gzip', gzipSync],
        ['br', brotliCompressSync],
      ] as const) {
        const gateway = await startTlsServer((response) => {
          response.setHeader('content-type', 'application/json');
          response.setHeader('content-encoding', encoding);
          response.end(compress(answer));
        });
        try {
          await writeFile(path.join(dir, 'gateway.pem'), gateway.certificate);
          const through = await proxy();
          const ran = await run(['--reporter', 'json'], {
            SSL_CERT_FILE: path.join(dir, 'gateway.pem'),
            AGENT_EXPLORER_BASE_URL: gateway.url,
            HTTPS_PROXY: through.url,
          });
          expect(ran.stderr).toMatch(/^proxied: 1 run, 1 passed, 0 failed/);
          expect(ran.code).toBe(0);
          expect(JSON.stringify(JSON.parse(ran.stdout))).toContain('"answer":"through the gateway"');
          expect(through.asked).toEqual([`CONNECT ${new URL(gateway.url).host}`]);
        } finally {
          await gateway.close();
        }
      }
    });

    it('refuses a --proxy that is no http or https proxy before sending anything', async () => {
      const ran = await run(['--proxy', 'socks5://u:Socks-pass-1@127.0.0.1:1080']);
      expect(ran.code).toBe(2);
      expect(ran.stderr).toBe(
        'agent-explorer: --proxy names a SOCKS proxy (socks5://127.0.0.1:1080): only http:// and https:// proxies are supported\n',
      );
    });
  });
});

describe('a setup problem on the first requests, through the process: one line, exit 2, the reports written', () => {
  /**
   * The platform unreachable, or the key refused (401/403), before it answered anything: a setup
   * problem like a missing key, not twelve failed cases. The run stops sending, says what is wrong
   * and what to check in one line on standard error, writes its reports with what came (the rest
   * not run, as a stopped run's), and exits 2. Once the platform has answered, a refused key is
   * an ordinary failure.
   */
  const KEY = 'sk-setup-4Tq8nV2xK7pR9wL3';
  const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
  const TWELVE = {
    name: 'orders',
    cases: Array.from({ length: 12 }, (_, index) => ({ name: `case ${index + 1}`, agent: AGENT, text: 'Hi' })),
  };
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function run(baseUrl: string, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [cli, 'run', 'suite.json', '--reporter-json', 'report.json', '--reporter-junit', 'report.xml', ...args],
        {
          cwd: dir,
          env: { PATH: process.env['PATH'] ?? '', AGENT_EXPLORER_BASE_URL: baseUrl, AGENT_EXPLORER_API_KEY: KEY },
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  /** The JSON report: every case either has a result or is listed as not run, and the run says it was stopped. */
  async function jsonReport(): Promise<{ summary: Record<string, unknown>; results: unknown[]; notRun: unknown[] }> {
    const report = JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as {
      summary: Record<string, unknown>;
      results: unknown[];
      notRun: unknown[];
    };
    expect(report.summary).toMatchObject({ total: 12, stopped: true, passed: 0 });
    expect(report.results.length + report.notRun.length).toBe(12);
    expect(report.notRun.length).toBe(report.summary['notRun']);
    return report;
  }

  const refusing = (status: number) => (_request: unknown, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    // A server that quotes the key it refused.
    response.end(JSON.stringify({ detail: `Invalid API key ${KEY}` }));
  };

  it('a refused connection: one line saying what to check, exit 2, the reports written with what came', async () => {
    await suite(TWELVE);
    const port = await closedPort();
    const ran = await run(`http://127.0.0.1:${port}`);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(
      new RegExp(
        `^agent-explorer: the platform could not be reached: Could not reach 127\\.0\\.0\\.1:${port}: the connection was refused \\(ECONNREFUSED\\)\\. ` +
          'Check AGENT_EXPLORER_BASE_URL, the network and any proxy; nothing more was sent \\(\\d+ not run\\)\\.\\n$',
      ),
    );
    const report = await jsonReport();
    expect(report.notRun.length).toBeGreaterThan(0);
    expect(await readFile(path.join(dir, 'report.xml'), 'utf8')).toContain('<skipped message="not sent: the run was stopped first"/>');
  });

  it("a 401 on the first requests: the app's advice in one line, exit 2, the key nowhere, the reports written", async () => {
    await suite(TWELVE);
    server = await startTestServer(refusing(401));
    const ran = await run(server.url);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(
      /^agent-explorer: The key was refused \(HTTP 401 Unauthorized\): "Invalid API key \[redacted key\]"\. The server did not accept the key: it may be missing, wrong, or sent in a form this server does not read\. Check AGENT_EXPLORER_API_KEY, and AGENT_EXPLORER_AUTH \(the form the server reads the key in\); nothing more was sent \(\d+ not run\)\.\n$/,
    );
    const report = await jsonReport();
    expect(report.results.length).toBeLessThanOrEqual(8);
    expect(server.requests.length).toBe(report.results.length);
    const files = (await readFile(path.join(dir, 'report.json'), 'utf8')) + (await readFile(path.join(dir, 'report.xml'), 'utf8'));
    expect(files + ran.stderr).not.toContain(KEY);
  });

  it('a 403 on the first requests is a setup problem too', async () => {
    await suite(TWELVE);
    server = await startTestServer(refusing(403));
    const ran = await run(server.url, ['--concurrency', '1']);
    expect(ran.code).toBe(2);
    expect(ran.stderr.split('\n')).toEqual([
      'agent-explorer: The key was refused (HTTP 403 Forbidden): "Invalid API key [redacted key]". The server knows the key but does not allow this request with it, or expects the key in another form. Check AGENT_EXPLORER_API_KEY, and AGENT_EXPLORER_AUTH (the form the server reads the key in); nothing more was sent (11 not run).',
      '',
    ]);
    expect((await jsonReport()).results).toHaveLength(1);
  });

  it('a 401 once the platform has answered is an ordinary failure: a FAIL line for it, the run goes on, exit 1', async () => {
    await suite({ name: 'orders', cases: TWELVE.cases.slice(0, 3) });
    let count = 0;
    server = await startTestServer((request, response) => {
      if (count++ > 0) return refusing(401)(request, response);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: 'Hello', duration: '1ms', token: 't' }));
    });
    const ran = await run(server.url, ['--concurrency', '1']);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toBe('');
    expect(ran.stdout.split('\n').filter((line) => /^(PASS|FAIL) /.test(line))).toEqual([
      expect.stringMatching(/^PASS case 1 @ /),
      expect.stringMatching(/^FAIL case 2 @ .* 401 /),
      expect.stringMatching(/^FAIL case 3 @ .* 401 /),
    ]);
    expect(ran.stdout).toMatch(/^orders: 3 run, 1 passed, 2 failed in /m);
  });
});
