import { execFile, execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { KeyPresentation } from '../../../../../electron/shared/api';
import {
  curlSnippet,
  fetchSnippet,
  invokeUrl,
  pythonSnippet,
  type SnippetInput,
} from '../../../../../renderer/features/response/codeSnippets';

const run = promisify(execFile);
const KEY = 'sk-test-$`"\'-key';
const TRICKY_TEXT = `It's "late" — $HOME \`id\` \\ \${x} !!\nsecond line 😀 \u2028`;
const TRICKY_ID = `a/b c?'d"#%`;

function input(auth: KeyPresentation, overrides: Partial<SnippetInput> = {}): SnippetInput {
  const request = {
    agentId: TRICKY_ID,
    text: TRICKY_TEXT,
    payload: { customer_name: 'O\'Brien "Bob"', n: 3, nested: { ok: true, none: null } },
  };
  return {
    profile: { baseUrl: 'https://api.example.com/platform', auth, timeoutMs: 30_000, tls: { verify: true, caFile: null } },
    request,
    bodyAsSent: JSON.stringify({ text: request.text, payload: request.payload }),
    ...overrides,
  };
}

const PRESENTATIONS: [string, KeyPresentation][] = [
  ['bearer', { kind: 'bearer' }],
  ['scheme', { kind: 'scheme', scheme: 'Api-Key' }],
  ['header', { kind: 'header', header: 'X-API-Key' }],
  ['query', { kind: 'query', param: 'api_key' }],
];

describe('request code snippets', () => {
  it('percent-encodes the agent id into one path segment under the base URL', () => {
    expect(invokeUrl('https://api.example.com/platform/', ` ${TRICKY_ID} `)).toBe(
      "https://api.example.com/platform/api/agent/a%2Fb%20c%3F'd%22%23%25/invoke/",
    );
  });

  it.each(PRESENTATIONS)('cURL reads the key from the environment (%s)', (_, auth) => {
    const code = curlSnippet(input(auth));
    const expected: Record<string, string> = {
      bearer: '-H "Authorization: Bearer $AGENT_EXPLORER_API_KEY"',
      scheme: '-H "Authorization: Api-Key $AGENT_EXPLORER_API_KEY"',
      header: '-H "X-API-Key: $AGENT_EXPLORER_API_KEY"',
      query: '--url-query "api_key=$AGENT_EXPLORER_API_KEY"',
    };
    expect(code).toContain(expected[auth.kind]);
    expect(code).toContain('--max-time 30 \\\n');
    expect(code).toContain(`'https://api.example.com/platform/api/agent/a%2Fb%20c%3F'\\''d%22%23%25/invoke/'`);
  });

  it.each(PRESENTATIONS)('JavaScript reads process.env.AGENT_EXPLORER_API_KEY (%s)', (_, auth) => {
    const code = fetchSnippet(input(auth));
    const expected: Record<string, string> = {
      bearer: '"Authorization": "Bearer " + process.env.AGENT_EXPLORER_API_KEY,',
      scheme: '"Authorization": "Api-Key " + process.env.AGENT_EXPLORER_API_KEY,',
      header: '"X-API-Key": process.env.AGENT_EXPLORER_API_KEY,',
      query: 'url.searchParams.set("api_key", process.env.AGENT_EXPLORER_API_KEY);',
    };
    expect(code).toContain(expected[auth.kind]);
    expect(code).toContain('signal: AbortSignal.timeout(30000),');
  });

  it.each(PRESENTATIONS)('Python reads os.environ["AGENT_EXPLORER_API_KEY"] (%s)', (_, auth) => {
    const code = pythonSnippet(input(auth));
    const expected: Record<string, string> = {
      bearer: '"Authorization": "Bearer " + os.environ["AGENT_EXPLORER_API_KEY"],',
      scheme: '"Authorization": "Api-Key " + os.environ["AGENT_EXPLORER_API_KEY"],',
      header: '"X-API-Key": os.environ["AGENT_EXPLORER_API_KEY"],',
      query: 'params={"api_key": os.environ["AGENT_EXPLORER_API_KEY"]},',
    };
    expect(code).toContain(expected[auth.kind]);
    expect(code).toContain('"none": None,');
    expect(code).toContain('timeout=30,');
  });

  it('carries the TLS settings: --insecure / verify=False, or the extra CA file', () => {
    const insecure = input({ kind: 'bearer' });
    insecure.profile = { ...insecure.profile, tls: { verify: false, caFile: null } };
    expect(curlSnippet(insecure)).toContain('  --insecure');
    expect(pythonSnippet(insecure)).toContain('    verify=False,');
    const withCa = input({ kind: 'bearer' });
    withCa.profile = { ...withCa.profile, tls: { verify: true, caFile: "/etc/ca's.pem" } };
    expect(curlSnippet(withCa)).toContain(`--cacert '/etc/ca'\\''s.pem'`);
    expect(pythonSnippet(withCa)).toContain('verify="/etc/ca\'s.pem",');
    expect(fetchSnippet(withCa)).toContain("NODE_EXTRA_CA_CERTS=/etc/ca's.pem");
  });

  it('sends a "__proto__" key as exact text in JavaScript, where an object literal would drop it', () => {
    const body = '{"text":"t","payload":{"__proto__":"x"}}';
    const code = fetchSnippet(input({ kind: 'bearer' }, { bodyAsSent: body }));
    expect(code).toContain(`body: ${JSON.stringify(body)},`);
  });
});

function available(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The snippets run for real against a local server standing in for the platform: what it
 * receives must be the body as sent, the key from the environment in the right place, and
 * the encoded id in the path. Skipped where curl or Python's requests is not installed.
 */
describe('running the snippets', () => {
  let server: http.Server;
  let baseUrl: string;
  const received: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"answer":"ok","duration":"1ms"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/platform`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
  });

  function local(auth: KeyPresentation): SnippetInput {
    const base = input(auth);
    return { ...base, profile: { ...base.profile, baseUrl } };
  }

  const env = { ...process.env, AGENT_EXPLORER_API_KEY: KEY };
  const PATH = `/platform/api/agent/${encodeURIComponent(TRICKY_ID)}/invoke/`;

  function expectDelivered(auth: KeyPresentation, exactBody: boolean) {
    expect(received).toHaveLength(1);
    const [request] = received;
    const sent = local(auth).bodyAsSent ?? '';
    if (exactBody) expect(request?.body).toBe(sent);
    else expect(JSON.parse(request?.body ?? '')).toEqual(JSON.parse(sent));
    const url = new URL(request?.url ?? '', 'http://x');
    expect(url.pathname).toBe(PATH);
    if (auth.kind === 'bearer') expect(request?.headers['authorization']).toBe(`Bearer ${KEY}`);
    if (auth.kind === 'scheme') expect(request?.headers['authorization']).toBe(`${auth.scheme} ${KEY}`);
    if (auth.kind === 'header') expect(request?.headers[auth.header.toLowerCase()]).toBe(KEY);
    if (auth.kind === 'query') expect(url.searchParams.get(auth.param)).toBe(KEY);
  }

  it.skipIf(!available('curl', ['--version'])).each(PRESENTATIONS)('cURL in /bin/sh (%s)', async (_, auth) => {
    await run('/bin/sh', ['-c', curlSnippet(local(auth))], { env });
    expectDelivered(auth, true);
  });

  it.each(PRESENTATIONS)('JavaScript fetch in Node (%s)', async (_, auth) => {
    await run(process.execPath, ['--input-type=module', '-e', fetchSnippet(local(auth))], { env });
    expectDelivered(auth, true);
  });

  it.skipIf(!available('python3', ['-c', 'import requests'])).each(PRESENTATIONS)('Python requests (%s)', async (_, auth) => {
    await run('python3', ['-c', pythonSnippet(local(auth))], { env });
    expectDelivered(auth, false);
  });
});
