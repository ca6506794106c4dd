import type net from 'node:net';
import type tls from 'node:tls';

/**
 * Idle keep-alive connections, kept per origin and TLS setting so a connection verified one way
 * is never reused for a profile that asked for another. A connection is handed out at most once
 * at a time; an idle one does not keep the process alive (it is unref'd), and one that outlives
 * the server's stated keep-alive time is closed, so a run does not send on a connection the
 * server is about to close. The owner of a connection reports one that the server closes while
 * it idles (`drop`): the pool adds no listener of its own to the socket.
 *
 * Per exchange this is a list push and pop: no listener, no timer (one timer for the whole pool
 * closes expired connections).
 */

export type PooledSocket = net.Socket | tls.TLSSocket;

/** What the pool keeps: anything with a socket (the transport keeps its parser beside it). */
export interface Poolable {
  readonly socket: PooledSocket;
}

interface Idle<C> {
  connection: C;
  key: string;
  /** Monotonic ms after which the connection is not reused (the server's keep-alive timeout, less a margin). */
  expires: number;
}

/** How long an idle connection is kept when the server says nothing about it (Node's agent keeps them until closed). */
const DEFAULT_IDLE_MS = 4000;
/** Taken off the server's `Keep-Alive: timeout=N`, as Node's agent does, to stay clear of its close. */
const EXPIRY_MARGIN_MS = 1000;

export interface ConnectionPool<C extends Poolable> {
  /** An idle connection for `key`, marked busy, or null. */
  take(key: string): C | null;
  /** Keeps a connection whose exchange ended cleanly for the next request with the same key. */
  release(key: string, connection: C, keepAliveHeader: string | undefined): void;
  /** Forgets a connection (if it idles here) and closes it: the server closed it, or it is out of step. */
  drop(connection: C): void;
  /** Closes every idle connection. */
  close(): void;
}

/** Milliseconds an idle connection may be reused, from the response's Keep-Alive header. */
export function idleLifetimeMs(keepAliveHeader: string | undefined): number {
  const match = keepAliveHeader ? /(?:^|[,\s])timeout\s*=\s*(\d+)/i.exec(keepAliveHeader) : null;
  if (!match) return DEFAULT_IDLE_MS;
  return Math.max(0, Number(match[1]) * 1000 - EXPIRY_MARGIN_MS);
}

export function createConnectionPool<C extends Poolable>(now: () => number = () => performance.now()): ConnectionPool<C> {
  const idle = new Map<string, Array<Idle<C>>>();
  const entries = new Map<C, Idle<C>>();
  /** Closes the expired connections; set while any connection idles. */
  let sweeper: NodeJS.Timeout | null = null;

  function forget(entry: Idle<C>): void {
    entries.delete(entry.connection);
    const list = idle.get(entry.key);
    if (!list) return;
    const at = list.indexOf(entry);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) idle.delete(entry.key);
  }

  function sweep(): void {
    sweeper = null;
    const time = now();
    let next = Infinity;
    for (const entry of [...entries.values()]) {
      if (entry.expires <= time) {
        forget(entry);
        entry.connection.socket.destroy();
      } else {
        next = Math.min(next, entry.expires);
      }
    }
    if (next !== Infinity) schedule(next - time);
  }

  function schedule(ms: number): void {
    sweeper = setTimeout(sweep, Math.max(0, ms));
    sweeper.unref();
  }

  return {
    take(key) {
      const list = idle.get(key);
      while (list && list.length > 0) {
        const entry = list.pop()!;
        if (list.length === 0) idle.delete(key);
        entries.delete(entry.connection);
        const { socket } = entry.connection;
        if (socket.destroyed || !socket.writable || entry.expires <= now()) {
          socket.destroy();
          continue;
        }
        socket.ref();
        return entry.connection;
      }
      return null;
    },

    release(key, connection, keepAliveHeader) {
      const lifetime = idleLifetimeMs(keepAliveHeader);
      const { socket } = connection;
      if (lifetime <= 0 || socket.destroyed || !socket.writable) {
        socket.destroy();
        return;
      }
      const entry: Idle<C> = { connection, key, expires: now() + lifetime };
      entries.set(connection, entry);
      const list = idle.get(key);
      if (list) list.push(entry);
      else idle.set(key, [entry]);
      socket.unref();
      if (sweeper === null) schedule(lifetime);
    },

    drop(connection) {
      const entry = entries.get(connection);
      if (entry) forget(entry);
      connection.socket.destroy();
    },

    close() {
      for (const entry of [...entries.values()]) {
        forget(entry);
        entry.connection.socket.destroy();
      }
      if (sweeper !== null) clearTimeout(sweeper);
      sweeper = null;
    },
  };
}
