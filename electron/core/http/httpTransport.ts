import { type Transport, type TransportResponse, TransportError } from './transport';
import { clientCertError } from './clientCert';
import { ACCEPT_ENCODING, decodedBody } from './decode';
import type { Stack } from './stack';
import { isUntrustedIssuer, untrustedIssuerError } from './trust';

/**
 * The transport on the standard stack: undici (a maintained HTTP/1.1 client, the one Node's own
 * fetch is built on) with keep-alive connections, plus what the platform client needs on top:
 * the content codings offered and undone, an untrusted certificate explained, and a client
 * certificate asked for and not given (or refused) explained.
 *
 * What undici holds to, which the tests check against hostile servers: a response head or
 * trailer section is capped (80 KB); a chunk size is read as a number as it streams, never
 * buffered whole; bytes that arrive on an idle kept-alive connection close it, and an idle
 * connection is checked for them for one turn of the event loop before a request is written on
 * it, so such bytes are never read as the next request's answer; a 204 or 304 ends at its head
 * whatever its Content-Length says, and one followed by a body closes the connection. A 101 or
 * an unrequested 100 Continue is an error, and its connection closed.
 */
export function createHttpTransport(
  now: () => number = () => performance.now(),
  /** Told once per origin that sends answers nobody asked for (strayAnswers.ts). */
  onProblem?: (message: string) => void,
): Transport & { close(): Promise<void> } {
  let stack: Stack | null = null;
  let loading: Promise<Stack> | null = null;
  const load = () =>
    (loading ??= import('./stack').then((module) => {
      stack = module.createStack(now, onProblem);
      return stack;
    }));

  const transport = async (request: Parameters<Transport>[0], marks: Parameters<Transport>[1]): Promise<TransportResponse> => {
    // The codings offered are the transport's to decode; a caller's own Accept-Encoding is kept.
    const headers = Object.keys(request.headers).some((name) => name.toLowerCase() === 'accept-encoding')
      ? request.headers
      : { ...request.headers, 'accept-encoding': ACCEPT_ENCODING };
    try {
      const response = await (stack ?? (await load())).send(request, headers, marks);
      const encoding = response.status === 204 || response.status === 304 ? undefined : response.headers['content-encoding'];
      return encoding === undefined ? response : { ...response, ...decodedBody(encoding, response.body) };
    } catch (error) {
      if (error instanceof TransportError && request.tls.verify && isUntrustedIssuer(error.code) && !request.signal.aborted) {
        throw await untrustedIssuerError(request.url, error.code!, request.tls);
      }
      // A server that wanted a client certificate and got none, or refused the one it got.
      const refused = error instanceof TransportError && !request.signal.aborted ? clientCertError(error, request, marks) : null;
      throw refused ?? error;
    }
  };
  return Object.assign(transport, {
    close: async () => {
      await stack?.close();
    },
  });
}
