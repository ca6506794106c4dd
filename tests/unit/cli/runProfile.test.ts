import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WORKSPACE_FILE_FORMAT, WORKSPACE_FILE_VERSION } from '../../../electron/shared/api';
import { startTestProxy, type TestProxy } from '../../support/proxyServer';
import { closedPort, startTestServer, type TestServer } from '../../support/testServer';
import { runInProcess } from '../../support/cliRun';

/**
 * `agent-explorer run --workspace FILE --profile NAME`: the platform from a workspace file's
 * profile, the key from AGENT_EXPLORER_API_KEY only, the command line's options over the profile's.
 */

const KEY = 'platform-secret-key-42bd1e';
let dir: string;
let server: TestServer | undefined;
let proxy: TestProxy | undefined;
beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'run-profile-'))));
afterEach(async () => {
  await server?.close();
  await proxy?.close();
  server = undefined;
  proxy = undefined;
  await rm(dir, { recursive: true, force: true });
});

const run = (argv: string[], env: Record<string, string> = { AGENT_EXPLORER_API_KEY: KEY }) => runInProcess(argv, { cwd: dir, env });

const answer = (response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ answer: 'ok', duration: '1ms', token: 't' }));
};

/** A workspace file as the app exports it, with these profiles. */
async function workspace(...profiles: Array<Record<string, unknown>>): Promise<void> {
  await writeFile(
    path.join(dir, 'team.workspace.json'),
    JSON.stringify({ format: WORKSPACE_FILE_FORMAT, version: WORKSPACE_FILE_VERSION, profiles, catalog: [], tabs: [] }),
  );
  await writeFile(path.join(dir, 'suite.json'), JSON.stringify({ name: 'smoke', cases: [{ name: 'hello', agent: 'a1' }] }));
}

function profile(name: string, baseUrl: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    baseUrl,
    auth: { kind: 'header', header: 'X-API-Key' },
    timeoutMs: 60_000,
    tls: { verify: true, caFile: null, clientCert: null },
    allowInsecureHttp: false,
    proxy: { mode: 'system' },
    ...overrides,
  };
}

const ARGS = ['suite.json', '--workspace', 'team.workspace.json'];

describe('agent-explorer run --workspace --profile', () => {
  it("sends to the profile's base URL with its key presentation and the environment's key", async () => {
    server = await startTestServer((_request, response) => answer(response));
    await workspace(profile('Production', 'https://platform.example.com'), profile('Staging', server.url));
    const ran = await run([...ARGS, '--profile', 'staging', '--reporter', 'json', '--out', 'report.json']);
    // At a terminal, with nothing pinning it, the command says where the key goes.
    expect(ran).toMatchObject({
      code: 0,
      stderr: `agent-explorer: warning: the key goes to ${new URL(server.url).origin}, as the profile "Staging" says (AGENT_EXPLORER_BASE_URL pins it)\n`,
    });
    expect(ran.stdout).toMatch(/^smoke: 1 run, 1 passed, 0 failed in /);
    expect(server.requests[0]!.headers['x-api-key']).toBe(KEY);
    expect(server.requests[0]!.headers['authorization']).toBeUndefined();
    const report = JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as { profile: { name: string; baseUrl: string } };
    expect(report.profile).toMatchObject({ name: 'Staging', baseUrl: server.url });
  });

  it('sends the key only to the origin AGENT_EXPLORER_BASE_URL names, when it is set', async () => {
    server = await startTestServer((_request, response) => answer(response));
    await workspace(profile('Staging', server.url));
    const pinned = await run([...ARGS, '--profile', 'Staging'], { AGENT_EXPLORER_API_KEY: KEY, AGENT_EXPLORER_BASE_URL: `${server.url}/` });
    expect(pinned.code).toBe(0);
    const elsewhere = await run([...ARGS, '--profile', 'Staging'], {
      AGENT_EXPLORER_API_KEY: KEY,
      AGENT_EXPLORER_BASE_URL: 'https://platform.example.com',
    });
    expect(elsewhere).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `agent-explorer: the profile "Staging" sends to ${new URL(server.url).origin}, not to https://platform.example.com ` +
        'that AGENT_EXPLORER_BASE_URL names: the key goes only there; nothing was sent\n',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('in CI, sends nothing until AGENT_EXPLORER_BASE_URL names where the key may go', async () => {
    server = await startTestServer((_request, response) => answer(response));
    await workspace(profile('Staging', server.url));
    const unpinned = await run([...ARGS, '--profile', 'Staging'], { AGENT_EXPLORER_API_KEY: KEY, CI: 'true' });
    expect(unpinned).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'agent-explorer: in CI, --workspace needs AGENT_EXPLORER_BASE_URL set to the platform the key is for ' +
        `(the profile "Staging" sends to ${new URL(server.url).origin}): a branch can change the workspace file, ` +
        'so its base URL alone does not decide where the key goes; nothing was sent\n',
    });
    expect(server.requests).toHaveLength(0);
    const pinned = await run([...ARGS, '--profile', 'Staging'], {
      AGENT_EXPLORER_API_KEY: KEY,
      CI: 'true',
      AGENT_EXPLORER_BASE_URL: server.url,
    });
    expect(pinned).toMatchObject({ code: 0, stderr: '' });
    expect(server.requests).toHaveLength(1);
    // CI=false is not a CI job.
    expect((await run([...ARGS, '--profile', 'Staging'], { AGENT_EXPLORER_API_KEY: KEY, CI: 'false' })).code).toBe(0);
  });

  it('never takes a key from the file, and says it ignored one', async () => {
    server = await startTestServer((_request, response) => answer(response));
    await workspace(profile('Staging', server.url, { apiKey: 'key-from-the-file' }));
    const ran = await run([...ARGS, '--profile', 'Staging']);
    expect(ran.code).toBe(0);
    expect(server.requests[0]!.headers['x-api-key']).toBe(KEY);
    expect(ran.stderr).toContain('agent-explorer: warning: the profile "Staging": A key is never imported from a file');
    const none = await run([...ARGS, '--profile', 'Staging'], {});
    expect(none).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-explorer: AGENT_EXPLORER_API_KEY is not set: the platform needs a key (a workspace file never holds one)\n',
    });
  });

  it('a missing profile names the ones the file has; without --profile, too', async () => {
    await workspace(profile('Staging', 'https://staging.example.com'), profile('Production', 'https://platform.example.com'));
    expect(await run([...ARGS, '--profile', 'QA'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-explorer: the workspace file has no profile named "QA": it has "Staging", "Production"\n',
    });
    expect(await run(ARGS)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-explorer: --workspace needs --profile NAME, the profile to use: it has "Staging", "Production"\n',
    });
  });

  it("refuses a file that is not a workspace file, or a profile the reader's checks refuse", async () => {
    await writeFile(path.join(dir, 'suite.json'), '{}');
    await writeFile(path.join(dir, 'team.workspace.json'), '{"format":"something-else"}');
    expect(await run([...ARGS, '--profile', 'Staging'])).toMatchObject({
      code: 2,
      stderr:
        'agent-explorer: --workspace: This is not an Agent Explorer workspace file: its "format" is not "agent-explorer-workspace".\n',
    });
    expect(await run(['suite.json', '--workspace', 'absent.json', '--profile', 'Staging'])).toMatchObject({
      code: 2,
      stderr: 'agent-explorer: --workspace: the workspace file does not exist\n',
    });
    await workspace(profile('Plain', 'http://platform.example.com'));
    const plain = await run([...ARGS, '--profile', 'Plain']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^agent-explorer: the profile "Plain" cannot be used: Plain http: is allowed only for localhost/);
  });

  it("takes the profile's time-out, and --timeout overrides it", async () => {
    server = await startTestServer(() => undefined); // never answers
    await workspace(profile('Staging', server.url, { timeoutMs: 1000 }));
    const fromProfile = await run([...ARGS, '--profile', 'Staging', '--reporter', 'json', '--out', 'a.json']);
    expect(fromProfile.code).toBe(1);
    expect(await readFile(path.join(dir, 'a.json'), 'utf8')).toContain('No complete response within 1 s.');
    const overridden = await run([...ARGS, '--profile', 'Staging', '--timeout', '200', '--reporter', 'json', '--out', 'b.json']);
    expect(overridden.code).toBe(1);
    expect(await readFile(path.join(dir, 'b.json'), 'utf8')).toContain('No complete response within 200 ms.');
  });

  it("sends through the profile's proxy, and --noproxy overrides it", async () => {
    server = await startTestServer((_request, response) => answer(response));
    proxy = await startTestProxy();
    await workspace(profile('Staging', server.url, { proxy: { mode: 'manual', url: proxy.url, username: null, bypass: [] } }));
    expect((await run([...ARGS, '--profile', 'Staging'])).code).toBe(0);
    expect(proxy.asked).toEqual([`POST ${server.url}/api/agent/a1/invoke/`]);
    expect((await run([...ARGS, '--profile', 'Staging', '--noproxy', '127.0.0.1'])).code).toBe(0);
    expect(proxy.asked).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it("a setup problem on the first requests names the profile's settings to check, in one line, exit 2", async () => {
    server = await startTestServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"detail":"Unknown key"}');
    });
    await workspace(profile('Staging', server.url));
    const pinned = { AGENT_EXPLORER_API_KEY: KEY, AGENT_EXPLORER_BASE_URL: server.url };
    const refused = await run([...ARGS, '--profile', 'Staging'], pinned);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(
      'agent-explorer: The key was refused (HTTP 401 Unauthorized): "Unknown key". The server did not accept the key: it may be ' +
        'missing, wrong, or sent in a form this server does not read. Check AGENT_EXPLORER_API_KEY, and the key presentation of the ' +
        'profile "Staging" (the form the server reads the key in); nothing more was sent.\n',
    );
    const port = await closedPort();
    await workspace(profile('Staging', `http://127.0.0.1:${port}`));
    const unreachable = await run([...ARGS, '--profile', 'Staging'], { ...pinned, AGENT_EXPLORER_BASE_URL: `http://127.0.0.1:${port}` });
    expect(unreachable).toMatchObject({ code: 2, stdout: '' });
    expect(unreachable.stderr).toBe(
      `agent-explorer: the platform could not be reached: Could not reach 127.0.0.1:${port}: the connection was refused (ECONNREFUSED). ` +
        'Check the base URL of the profile "Staging", the network and any proxy; nothing more was sent.\n',
    );
  });

  it('a profile that does not verify TLS is said on standard error, as --insecure is; --ca overrides it', async () => {
    await workspace(profile('Loose', 'https://127.0.0.1:1', { tls: { verify: false, caFile: null, clientCert: null } }));
    const loose = await run([...ARGS, '--profile', 'Loose']);
    expect(loose.stderr).toContain('WARNING: TLS verification is OFF');
    const strict = await run([...ARGS, '--profile', 'Loose', '--ca', 'absent.pem']);
    expect(strict.stderr).not.toContain('WARNING: TLS verification is OFF');
    expect(strict).toMatchObject({ code: 2 });
    expect(strict.stderr).toContain('agent-explorer: --ca: ');
  });
});

describe("the agents' names from the workspace file's catalog", () => {
  const DRAFTER = '7d0e4b1a-2c3f-4a5b-8c6d-9e0f1a2b3c4d';
  const OTHER = 'b2c3d4e5-6f70-4812-9a3b-4c5d6e7f8091';

  /** A file whose catalog names the drafter for Staging (written "staging") and for another profile a name Staging must not take. */
  async function namedWorkspace(baseUrl: string): Promise<void> {
    const agent = (agentId: string, name: string) => ({ agentId, name, notes: '', tags: [], placeholders: [], learnedKeys: [] });
    await writeFile(
      path.join(dir, 'team.workspace.json'),
      JSON.stringify({
        format: WORKSPACE_FILE_FORMAT,
        version: WORKSPACE_FILE_VERSION,
        profiles: [profile('Staging', baseUrl), profile('Production', 'https://platform.example.com')],
        catalog: [
          { profile: 'Production', agents: [agent(OTHER, 'Production only')] },
          { profile: 'staging', agents: [agent(DRAFTER, 'Support reply drafter')] },
        ],
        tabs: [],
      }),
    );
    const cases = [
      { name: 'named', agent: DRAFTER, text: 'Hi' },
      { name: 'unnamed', agent: OTHER, text: 'Hi', expect: { status: 201 } },
    ];
    await writeFile(path.join(dir, 'suite.json'), JSON.stringify({ name: 'smoke', cases }));
  }

  it('the pretty lines, the JUnit names, the JSON report and the HTML titles show a name the catalog knows, with the id', async () => {
    server = await startTestServer((_request, response) => answer(response));
    await namedWorkspace(server.url);
    const reports = ['--reporter-junit', 'run.xml', '--reporter-json', 'run.json', '--reporter-html', 'run.html'];
    const ran = await run([...ARGS, '--profile', 'Staging', ...reports], {
      AGENT_EXPLORER_API_KEY: KEY,
      AGENT_EXPLORER_BASE_URL: server.url,
    });
    expect(ran.code).toBe(1);
    const lines = ran.stdout.split('\n').filter((line) => /^(PASS|FAIL) /.test(line));
    expect(lines).toEqual([
      expect.stringMatching(/^PASS named @ Support reply drafter \(7d0e4b1a…\) {2}200 /),
      // Another profile's catalog names nothing here: the id, whole.
      expect.stringMatching(new RegExp(`^FAIL unnamed @ ${OTHER} {2}200 `)),
    ]);
    const xml = await readFile(path.join(dir, 'run.xml'), 'utf8');
    expect(xml).toContain('<testcase name="named @ Support reply drafter (7d0e4b1a…)"');
    expect(xml).toContain(`<testcase name="unnamed @ ${OTHER}"`);
    const json = JSON.parse(await readFile(path.join(dir, 'run.json'), 'utf8')) as { results: Array<Record<string, unknown>> };
    expect(json.results.map(({ agent, agentName }) => ({ agent, agentName }))).toEqual([
      { agent: DRAFTER, agentName: 'Support reply drafter' },
      { agent: OTHER, agentName: undefined },
    ]);
    const html = await readFile(path.join(dir, 'run.html'), 'utf8');
    expect(html).toContain('<h3>Result 1: named @ Support reply drafter (7d0e4b1a…) ');
    expect(html).toContain(`<td>Support reply drafter <code>${DRAFTER}</code></td>`);
    expect(html).toContain('<h3>Result 2: unnamed <span class="fail">');
  });
});
