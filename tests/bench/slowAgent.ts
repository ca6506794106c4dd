import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback platform whose one agent takes `latencyMs` to answer every invoke, as a real agent
 * takes its time (the Sandbox's own latency is random, for realism; a bench needs it fixed). The
 * answer echoes the question, so a run's expectations have something to check.
 */
export interface SlowAgent {
  url: string;
  /** How many invokes it answered (both clients must send all of theirs). */
  answered(): number;
  close(): Promise<void>;
}

export async function startSlowAgent(latencyMs: number): Promise<SlowAgent> {
  let answered = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        let text = '';
        try {
          text = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text?: unknown }).text ?? '');
        } catch {
          // An unreadable question gets an empty answer; the client's check fails it.
        }
        const body = JSON.stringify({ answer: `You asked: ${text}`, duration: `${latencyMs}ms` });
        answered += 1;
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        response.end(body);
      }, latencyMs);
      timers.add(timer);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered: () => answered,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
