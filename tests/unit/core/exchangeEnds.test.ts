import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvokeResult } from '../../../electron/shared/api';
import { startCore } from '../../../electron/core/bootstrap';
import { createPlatformClient } from '../../../electron/core/http/platformClient';
import { testClient, testTarget } from '../../support/platformClient';
import { startRawServer, type RawServer } from '../../support/rawServer';
import { createKeyedProfile } from '../../support/keyedProfile';

/**
 * Every exchange ends within its time-out and at once on Cancel, whatever the server does
 * (a 101 answer used to hang an invoke for ever).
 */

const KEY = 'sentinel-key-3f9a1c7e5b';
const client = testClient();
const invokeRequest = { agentId: 'agent-1', text: 'hi', payload: {} };

const servers: RawServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Servers that answer something, but never a whole answer: the client must give up on them. */
const SILENT: Record<string, (socket: Socket) => void> = {
  'headers that never come': () => undefined,
  'half a status line, then nothing': (socket) => socket.write('HTTP/1.1 20'),
  'a body that never ends': (socket) =>
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ans'),
  'a chunked body that never ends': (socket) =>
    socket.write('HTTP/1.1 500 Oops\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n'),
};

/** Answers no request asked for: the client ends at once, with an error, and closes the connection. */
const UNREQUESTED: Record<string, (socket: Socket) => void> = {
  'a 100 Continue and nothing more': (socket) => socket.write('HTTP/1.1 100 Continue\r\n\r\n'),
  'a 100 Continue, then an answer': (socket) => socket.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}'),
};

/** Servers that switch protocols, keeping the socket open: the client must end at once, with an error. */
const SWITCHING: Record<string, (socket: Socket) => void> = {
  'a 101 Switching Protocols': (socket) => socket.write('HTTP/1.1 101 Switching Protocols\r\n\r\n'),
  'a 101 with an Upgrade header': (socket) =>
    socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\nframes…'),
};

async function raw(behaviour: (socket: Socket) => void): Promise<RawServer> {
  const server = await startRawServer((socket) => behaviour(socket));
  servers.push(server);
  return server;
}

/** Resolves with the result, or with 'still running' if it has not ended by `ms`. */
function within(promise: Promise<InvokeResult>, ms: number): Promise<InvokeResult | 'still running'> {
  return Promise.race([promise, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms))]);
}

describe('an exchange ends within its time-out, whatever the server answers', () => {
  for (const [name, behaviour] of Object.entries(SWITCHING)) {
    it(`ends at once, as an error, on ${name}`, async () => {
      const s = await raw(behaviour);
      const result = await within(client.invoke(testTarget(s.url, KEY, { timeoutMs: 60_000 }), invokeRequest), 3000);
      expect(result).not.toBe('still running');
      expect(result !== 'still running' && !result.ok && result.error.code).toBe('network');
      expect(result !== 'still running' && !result.ok && result.error.message).toContain('switched protocols (HTTP 101)');
      expect(JSON.stringify(result)).not.toContain(KEY);
    });

    it(`frees the request id on ${name}, so the next invoke with it is not refused`, async () => {
      const s = await raw(behaviour);
      const core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir: null, sandboxLatency: 'none' });
      try {
        await createKeyedProfile(core.api, { name: 'Switching', baseUrl: s.url, key: KEY });
        const first = await within(core.api.invokeAgent({ ...invokeRequest, requestId: 'r1' }), 3000);
        expect(first).not.toBe('still running');
        expect(await core.api.cancelRequest({ requestId: 'r1' })).toEqual({ ok: true, value: { cancelled: false } });
        const second = await within(core.api.invokeAgent({ ...invokeRequest, requestId: 'r1' }), 3000);
        expect(second).not.toBe('still running');
        expect(second !== 'still running' && !second.ok && second.error.code).toBe('network');
        expect(second !== 'still running' && !second.ok && second.error.message).toContain('switched protocols');
      } finally {
        await core.close();
      }
    });
  }

  for (const [name, behaviour] of Object.entries(UNREQUESTED)) {
    it(`ends at once, as an error, on ${name}`, async () => {
      const s = await raw(behaviour);
      const result = await within(client.invoke(testTarget(s.url, KEY, { timeoutMs: 60_000 }), invokeRequest), 3000);
      expect(result !== 'still running' && !result.ok && result.error.code).toBe('network');
      expect(result !== 'still running' && !result.ok && result.error.message).toContain(
        'is not valid HTTP: it sent an answer no request was waiting for',
      );
    });
  }

  for (const [name, behaviour] of Object.entries(SILENT)) {
    it(`times out on ${name}`, async () => {
      const s = await raw(behaviour);
      const result = await within(client.invoke(testTarget(s.url, KEY, { timeoutMs: 300 }), invokeRequest), 3000);
      expect(result).not.toBe('still running');
      expect(result !== 'still running' && !result.ok && result.error.code).toBe('timeout');
    });

    it(`is cancelled at once on ${name}`, async () => {
      const s = await raw(behaviour);
      const controller = new AbortController();
      const pending = client.invoke(testTarget(s.url, KEY, { timeoutMs: 60_000 }), invokeRequest, controller.signal);
      // Cancel once the server has the request (and, for most behaviours, has answered part of it).
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (s.sockets.length > 0) {
            clearInterval(check);
            setTimeout(resolve, 50);
          }
        }, 5);
      });
      controller.abort();
      const result = await within(pending, 1000);
      expect(result).not.toBe('still running');
      expect(result !== 'still running' && !result.ok && result.error.code).toBe('cancelled');
    });
  }
});

describe('the time-out and Cancel do not rely on the transport honouring the signal', () => {
  const never = new Promise<never>(() => undefined);
  const stuckClient = (answerHeaders: boolean) =>
    createPlatformClient({
      transport: async () => {
        if (!answerHeaders) return never;
        return { status: 200, statusText: 'OK', headers: {}, body: { [Symbol.asyncIterator]: () => ({ next: () => never }) } };
      },
      now: () => performance.now(),
      wallClock: () => new Date(),
      userAgent: 'AgentExplorer/test',
    });

  for (const answerHeaders of [false, true]) {
    it(`ends a transport that ignores the abort (${answerHeaders ? 'body' : 'headers'} never come)`, async () => {
      const timedOut = await within(
        stuckClient(answerHeaders).invoke(testTarget('http://127.0.0.1:9', KEY, { timeoutMs: 100 }), invokeRequest),
        2000,
      );
      expect(timedOut !== 'still running' && !timedOut.ok && timedOut.error.code).toBe('timeout');
      const controller = new AbortController();
      const pending = stuckClient(answerHeaders).invoke(
        testTarget('http://127.0.0.1:9', KEY, { timeoutMs: 60_000 }),
        invokeRequest,
        controller.signal,
      );
      setTimeout(() => controller.abort(), 20);
      const cancelled = await within(pending, 1000);
      expect(cancelled !== 'still running' && !cancelled.ok && cancelled.error.code).toBe('cancelled');
    });
  }
});
