import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunProgressHub } from '../../../electron/core/runs/runProgress';
import { LAUNCH_SECRET_HEADER, type RunProgress } from '../../../electron/shared/api';
import { startWebHost, type WebHost } from '../../../electron/web/host';
import { createSseParser, type SseEvent } from '../../../renderer/host/sseParser';
import { FakeApi } from '../../support/fakeApi';

/**
 * GET /events on the browser-mode host: run progress as Server-Sent Events, behind
 * exactly the checks of every /rpc call (session cookie and page secret, Origin, Sec-Fetch-Site,
 * Host). Raw requests, so the headers a browser would not let a page forge can be set.
 */

const staticDir = mkdtempSync(path.join(tmpdir(), 'ae-events-'));
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Agent Explorer</title>');

const hub = createRunProgressHub();
/** The hub as the host sees it, counting the host's subscriptions (one per open stream). */
let subscribed = 0;
const source = {
  subscribe(listener: (progress: RunProgress) => void) {
    subscribed += 1;
    const unsubscribe = hub.subscribe(listener);
    return () => {
      subscribed -= 1;
      unsubscribe();
    };
  },
};
let host: WebHost;
let COOKIE = '';
let SECRET = '';

beforeAll(async () => {
  host = await startWebHost({ api: new FakeApi(), staticDir, runProgress: source, heartbeatMs: 50 });
  const token = /#token=([A-Za-z0-9_-]+)$/.exec(host.url)![1]!;
  const session = await new Promise<IncomingMessage & { body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        method: 'POST',
        path: '/session',
        headers: { host: `127.0.0.1:${host.port}`, 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(Object.assign(res, { body })));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ token }));
  });
  COOKIE = String(session.headers['set-cookie']?.[0]).split(';')[0]!;
  SECRET = JSON.parse(session.body).value.pageSecret;
});
afterAll(async () => {
  await host.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const progress = (runId: string, completed: number): RunProgress => ({
  runId,
  state: completed === 3 ? 'passed' : 'running',
  total: 3,
  completed,
  passed: completed,
  failed: 0,
  cancelled: 0,
  elapsedMs: completed * 10,
  rows: [],
  waitingMs: null,
});

/** An open GET /events: its status, what it has sent so far (raw), and its events parsed. */
interface Stream {
  status: number;
  headers: IncomingMessage['headers'];
  raw: () => string;
  events: SseEvent[];
  ended: Promise<void>;
  close: () => void;
}

function openEvents(headers: Record<string, string> = {}, method = 'GET'): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        method,
        path: '/events',
        headers: {
          host: `127.0.0.1:${host.port}`,
          cookie: COOKIE,
          [LAUNCH_SECRET_HEADER]: SECRET,
          accept: 'text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let raw = '';
        const events: SseEvent[] = [];
        const parser = createSseParser((event) => events.push(event));
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          raw += text;
          parser.push(text);
        });
        const ended = new Promise<void>((done) => res.on('close', () => done()));
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: () => raw, events, ended, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('GET /events', () => {
  it.each([
    ['no page secret', { [LAUNCH_SECRET_HEADER]: '' }],
    ['a wrong page secret', { [LAUNCH_SECRET_HEADER]: 'guess' }],
    ['no session cookie', { cookie: '' }],
    ['another origin', { origin: 'https://evil.example' }],
    ['a look-alike origin', { origin: 'http://127.0.0.1:1' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a request with %s (403), and streams nothing to it', async (_label, headers) => {
    const stream = await openEvents(headers);
    await stream.ended;
    expect(stream.status).toBe(403);
    expect(stream.headers['content-type']).toMatch(/^application\/json/);
    hub.emit(progress('secret-run', 1));
    expect(stream.raw()).not.toContain('secret-run');
  });

  it.each([
    ['another host name', 'evil.example'],
    ['a rebinding name on our port', 'attacker.example:PORT'],
    ['our address on another port', '127.0.0.1:1'],
  ])('refuses %s in Host (403)', async (_label, hostHeader) => {
    const stream = await openEvents({ host: hostHeader.replace('PORT', String(host.port)) });
    await stream.ended;
    expect(stream.status).toBe(403);
  });

  it('refuses other methods', async () => {
    const stream = await openEvents({}, 'POST');
    await stream.ended;
    expect(stream.status).toBe(405);
  });

  it('streams each progress emitted after it opened as an SSE frame, with heartbeats between, and nothing from before', async () => {
    hub.emit(progress('before', 1)); // nobody listening: not kept for later
    const stream = await openEvents({ origin: host.origin, 'sec-fetch-site': 'same-origin' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['content-security-policy']).toBeTruthy();
    await expect.poll(() => stream.raw()).toContain(': connected');
    hub.emit(progress('run-1', 1));
    hub.emit(progress('run-1', 3));
    await expect.poll(() => stream.events.length).toBe(2);
    expect(stream.events.map((event) => event.event)).toEqual(['run-progress', 'run-progress']);
    expect(stream.events.map((event) => JSON.parse(event.data))).toEqual([progress('run-1', 1), progress('run-1', 3)]);
    expect(stream.raw()).toContain(`event: run-progress\ndata: ${JSON.stringify(progress('run-1', 1))}\n\n`);
    expect(stream.raw()).not.toContain('before');
    await expect.poll(() => stream.raw()).toContain(': heartbeat\n\n');
    stream.close();
  });

  it('sends text that holds line breaks as one data line, so it cannot forge a frame', async () => {
    const stream = await openEvents();
    await expect.poll(() => stream.raw()).toContain(': connected');
    const hostile = {
      ...progress('run-2', 1),
      rows: [{ answerStart: 'ok\n\nevent: run-progress\ndata: {"runId":"forged"}\r\n' }],
    } as unknown as RunProgress;
    hub.emit(hostile);
    await expect.poll(() => stream.events.length).toBe(1);
    expect(JSON.parse(stream.events[0]!.data)).toEqual(hostile);
    stream.close();
  });

  it('lets go of the hub when the page goes away', async () => {
    const stream = await openEvents();
    await expect.poll(() => stream.raw()).toContain(': connected');
    expect(subscribed).toBe(1);
    stream.close();
    await expect.poll(() => subscribed).toBe(0);
    hub.emit(progress('after-close', 1)); // nothing to write to, nothing thrown
  });
});

describe('how many streams', () => {
  it('opens at most 32 at once, and another once one closes', async () => {
    const streams = await Promise.all(Array.from({ length: 32 }, () => openEvents()));
    expect(streams.map((stream) => stream.status)).toEqual(Array(32).fill(200));
    const extra = await openEvents();
    await extra.ended;
    expect(extra.status).toBe(429);
    streams[0]!.close();
    await expect.poll(() => subscribed).toBe(31);
    const again = await openEvents();
    expect(again.status).toBe(200);
    for (const stream of [...streams.slice(1), again]) stream.close();
    await expect.poll(() => subscribed).toBe(0);
  });
});

describe('when the host stops', () => {
  it('ends every open stream', async () => {
    const second = await startWebHost({ api: new FakeApi(), staticDir, runProgress: source });
    const previous = host;
    host = second;
    const token = /#token=([A-Za-z0-9_-]+)$/.exec(second.url)![1]!;
    const session = await fetch(`${second.origin}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    const secret = ((await session.json()) as { value: { pageSecret: string } }).value.pageSecret;
    const stream = await openEvents({ cookie, [LAUNCH_SECRET_HEADER]: secret });
    expect(stream.status).toBe(200);
    expect(subscribed).toBe(1);
    await second.close();
    await stream.ended;
    expect(subscribed).toBe(0);
    host = previous;
  });
});
