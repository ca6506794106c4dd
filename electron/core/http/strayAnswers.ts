import diagnostics from 'node:diagnostics_channel';
import { TransportError } from './transport';

/**
 * Answers nobody asked for. HTTP/1.1 has no request ids: an extra answer a server sends on a
 * kept-alive connection, after the real one, looks exactly like the answer to the next request
 * written there. undici already closes a connection on bytes that arrive while it is idle, and
 * checks an idle connection for them before writing on it; what it cannot know is an extra answer
 * that arrives just after the next request was written. The rule here:
 *
 * - every answer on a reused connection has its end held until the event loop has read its
 *   socket once more (the first answer on a connection can be no other request's); bytes that
 *   show up on that connection meanwhile (undici closes it: "bad response", or an HTTP parser
 *   error) mean the answer just read may have been another request's, so its request fails with
 *   an error that says so (never resent: an invoke is a POST, and sending it twice could act twice);
 * - from the first such bytes on, the origin's requests each go on a fresh connection that is
 *   closed after its answer, so an extra answer has no later request to be taken for. The person
 *   is told once, through the host's problem channel.
 */

const STRAY_ANSWER = 'STRAY_ANSWER';

/**
 * How many times the loop reads sockets (poll phases) before a held answer is released. Each
 * costs a few microseconds when the loop is busy and nothing when it is not.
 */
const HOLD_TURNS = 1;

function strayAnswerError(url: URL): TransportError {
  return new TransportError(
    `The server at ${url.host} sent an answer nobody asked for on this connection, ` +
      `so the answer read for this request may have been another request's; it was not used. ` +
      'Its requests now go on a fresh connection each; send this one again.',
    STRAY_ANSWER,
    true,
  );
}

/** undici's errors for bytes with no request waiting for them, or bytes that are not HTTP. */
function isSurplus(error: unknown): boolean {
  const { code, message, name } = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  if (code === 'UND_ERR_SOCKET' && message === 'bad response') return true;
  return name === 'HTTPParserError' || (typeof code === 'string' && code.startsWith('HPE_'));
}

interface Waiter {
  url: URL;
  release: () => void;
  fail: (error: TransportError) => void;
}

/** The answers held on one socket: the last one read, and those read before it while it was held. */
interface Held {
  waiters: Waiter[];
  /** A request was written on the socket while these were held: its answer decides for them too. */
  awaitingNext: boolean;
  /** The turns have passed; release once nothing awaits. */
  due: boolean;
}

export class StrayGuard {
  private readonly tainted = new Set<string>();
  /** Sockets a request was written on. */
  private readonly used = new WeakSet<object>();
  /**
   * The socket each request was written on, when another request was written there before it
   * (undici publishes the socket as it writes the head). The first answer on a connection can be
   * no other request's: it is never held.
   */
  private readonly socketOf = new WeakMap<object, object>();
  /** The answers on each socket whose end is being held. */
  private readonly heldOn = new WeakMap<object, Held>();
  private writing: object | null = null;
  private readonly onSendHeaders = (message: unknown) => {
    const exchange = this.writing;
    this.writing = null;
    const { socket } = message as { socket: object };
    if (exchange && this.used.has(socket)) this.socketOf.set(exchange, socket);
    this.used.add(socket);
    // The connection went back to undici's pool while an answer on it was held, and carries a
    // new request: an extra answer still to come would be read as that one's, so the held
    // answers wait for it.
    const held = this.heldOn.get(socket);
    if (held) held.awaitingNext = true;
  };

  constructor(private readonly onProblem: (message: string) => void) {
    diagnostics.subscribe('undici:client:sendHeaders', this.onSendHeaders);
  }

  /** Whether the origin has sent an answer nobody asked for: its requests each get a fresh connection. */
  fresh(origin: string): boolean {
    return this.tainted.has(origin);
  }

  /** Called as undici is about to write an exchange's request (in the same step it publishes the socket). */
  willWrite(exchange: object): void {
    this.writing = exchange;
  }

  /** Watches a new connection to `origin` for bytes nobody asked for. */
  watch(socket: NodeJS.EventEmitter, origin: string): void {
    socket.on('error', (error: unknown) => {
      if (!isSurplus(error)) return;
      this.taint(origin);
      const held = this.heldOn.get(socket);
      if (!held) return;
      this.heldOn.delete(socket);
      for (const waiter of held.waiters) waiter.fail(strayAnswerError(waiter.url));
    });
    // Closed for another reason (after the error above, nothing is held): a request written
    // while answers were held will not answer here; release them once their turns are over.
    socket.on('close', () => {
      const held = this.heldOn.get(socket);
      if (!held) return;
      held.awaitingNext = false;
      if (held.due) this.release(socket, held);
    });
  }

  /**
   * Holds an ended answer until the loop has read its socket HOLD_TURNS more times (a poll phase
   * lies between two check phases), then calls `release`, or `fail` if surplus bytes showed
   * meanwhile.
   */
  hold(exchange: object, url: URL, release: () => void, fail: (error: TransportError) => void): void {
    const socket = this.socketOf.get(exchange);
    if (!socket) {
      release();
      return;
    }
    const earlier = this.heldOn.get(socket)?.waiters ?? [];
    const held: Held = { waiters: [...earlier, { url, release, fail }], awaitingNext: false, due: false };
    this.heldOn.set(socket, held);
    let turns = HOLD_TURNS;
    const check = () => {
      if (this.heldOn.get(socket) !== held) return; // failed, or taken over by the next answer
      if (turns-- > 0) {
        setImmediate(check);
        return;
      }
      held.due = true;
      if (!held.awaitingNext) this.release(socket, held);
    };
    setImmediate(check);
  }

  private release(socket: object, held: Held): void {
    this.heldOn.delete(socket);
    for (const waiter of held.waiters) waiter.release();
  }

  close(): void {
    diagnostics.unsubscribe('undici:client:sendHeaders', this.onSendHeaders);
  }

  private taint(origin: string): void {
    if (this.tainted.has(origin)) return;
    this.tainted.add(origin);
    this.onProblem(`${origin} sent an answer nobody asked for on a kept-alive connection; its requests now go on a fresh connection each.`);
  }
}
