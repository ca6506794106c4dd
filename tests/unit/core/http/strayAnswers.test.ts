import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpTransport } from '../../../../electron/core/http/httpTransport';
import type { TimingMarks } from '../../../../electron/core/http/transport';
import { startKeepAliveRawServer, type KeepAliveRawServer } from '../../../support/rawServer';

/**
 * A server that sends an answer nobody asked for, a moment after each real one. On a kept-alive
 * connection HTTP/1.1 cannot tell such an answer from the next request's; what the transport
 * holds to: every request is judged on its own answer, or fails saying the server sent an answer
 * nobody asked for. Never on another request's answer.
 */

const servers: KeepAliveRawServer[] = [];
const transports: Array<ReturnType<typeof createHttpTransport>> = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const ok = (body: string) =>
  `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/**
 * Answers each request with its own case number, then a stray answer `delayMs` later. With
 * `noDelay` the server sends each write at once, as node:http, nginx and Go's servers do; without
 * it (Nagle's algorithm) a write waits for the client to acknowledge the one before, which a
 * client's delayed acknowledgement can hold back 40 ms (see docs/security/http-client.md for what that leaves).
 */
async function strayServer(delayMs: number, noDelay = false): Promise<KeepAliveRawServer> {
  const server = await startKeepAliveRawServer((socket: Socket, request: string) => {
    const id = /"case":(\d+)/.exec(request)?.[1] ?? 'none';
    if (noDelay) socket.setNoDelay(true);
    socket.write(ok(`{"case":${id}}`));
    setTimeout(() => {
      if (!socket.destroyed) socket.write(ok(`{"case":"stray after ${id}"}`));
    }, delayMs);
  });
  servers.push(server);
  return server;
}

/** What a case was judged on: the answer's text, or the error's message. */
async function outcome(
  through: ReturnType<typeof createHttpTransport>,
  url: string,
  id: number,
  method: 'GET' | 'POST' = 'POST',
): Promise<string> {
  const marks: TimingMarks = { start: performance.now(), reusedConnection: false };
  try {
    const response = await through(
      {
        url: new URL(`${url}/api/agent/a/invoke/?case=${id}`),
        method,
        headers: {},
        body: method === 'POST' ? `{"case":${id}}` : null,
        signal: new AbortController().signal,
        tls: { verify: true, extraCa: null },
      },
      marks,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

const STRAY_ERROR = /^error: The server at 127\.0\.0\.1:\d+ sent an answer nobody asked for/;

function judgedOnOwn(outcomes: string[]): void {
  outcomes.forEach((text, id) => {
    if (text !== `{"case":${id}}`) expect(text).toMatch(STRAY_ERROR);
  });
  // Once the stray answers showed, the rest went on fresh connections and got their own answers.
  expect(outcomes.filter((text, id) => text === `{"case":${id}}`).length).toBeGreaterThan(outcomes.length / 2);
}

describe('answers nobody asked for', () => {
  it('judges each of 40 cases, one after another, on its own answer or fails it saying so, with a stray answer 1 ms after each', async () => {
    const server = await strayServer(1);
    const through = createHttpTransport();
    transports.push(through);
    const outcomes: string[] = [];
    for (let id = 0; id < 40; id += 1) outcomes.push(await outcome(through, server.url, id));
    judgedOnOwn(outcomes);
  });

  // Several connections at once: an extra answer can arrive on a connection just handed to the
  // next request, and be read as that one's; the next request's own answer, read after it, shows
  // it. Whether that happens in a round is a matter of timing, so the scenario is repeated, each
  // round with a fresh server and transport.
  it('does the same with 8 in flight at once, round after round', async () => {
    for (let round = 0; round < 25; round += 1) {
      const server = await strayServer(1, true);
      const through = createHttpTransport();
      transports.push(through);
      let next = 0;
      const outcomes: string[] = [];
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < 40) {
            const id = next++;
            outcomes[id] = await outcome(through, server.url, id);
          }
        }),
      );
      await through.close();
      await server.close();
      judgedOnOwn(outcomes);
    }
  });
});
