import type net from 'node:net';
import type tls from 'node:tls';

/**
 * Idle keep-alive connections, kept per origin and TLS setting so a connection verified one way
 * is never reused for a profile that asked for another. A connection is handed out at most once
 * at a time; an idle one does not keep the process alive (it is unref'd), and one the server
 * closes or that outlives the server's stated keep-alive time is dropped, so a run does not send
 * on a connection the server is about to close.
 */

export type PooledSocket = net.Socket | tls.TLSSocket;

interface Idle {
  socket: PooledSocket;
  /** Monotonic ms after which the connection is not reused (the server's keep-alive timeout, less a margin). */
  expires: number;
  forget: () => void;
}

/** How long an idle connection is kept when the server says nothing about it (Node's agent keeps them until closed). */
const DEFAULT_IDLE_MS = 4000;
/** Taken off the server's `Keep-Alive: timeout=N`, as Node's agent does, to stay clear of its close. */
const EXPIRY_MARGIN_MS = 1000;

export interface ConnectionPool {
  /** An idle connection for `key`, marked busy, or null. */
  take(key: string): PooledSocket | null;
  /** Keeps a connection whose exchange ended cleanly for the next request with the same key. */
  release(key: string, socket: PooledSocket, keepAliveHeader: string | undefined): void;
  /** Closes every idle connection. */
  close(): void;
}

/** Milliseconds an idle connection may be reused, from the response's Keep-Alive header. */
export function idleLifetimeMs(keepAliveHeader: string | undefined): number {
  const match = keepAliveHeader ? /(?:^|[,\s])timeout\s*=\s*(\d+)/i.exec(keepAliveHeader) : null;
  if (!match) return DEFAULT_IDLE_MS;
  return Math.max(0, Number(match[1]) * 1000 - EXPIRY_MARGIN_MS);
}

export function createConnectionPool(now: () => number = () => performance.now()): ConnectionPool {
  const idle = new Map<string, Idle[]>();

  function remove(key: string, entry: Idle): void {
    const list = idle.get(key);
    if (!list) return;
    const at = list.indexOf(entry);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) idle.delete(key);
  }

  return {
    take(key) {
      const list = idle.get(key);
      while (list && list.length > 0) {
        const entry = list.pop()!;
        if (list.length === 0) idle.delete(key);
        entry.forget();
        if (entry.socket.destroyed || !entry.socket.writable || entry.expires <= now()) {
          entry.socket.destroy();
          continue;
        }
        entry.socket.ref();
        return entry.socket;
      }
      return null;
    },

    release(key, socket, keepAliveHeader) {
      const lifetime = idleLifetimeMs(keepAliveHeader);
      if (lifetime <= 0 || socket.destroyed || !socket.writable) {
        socket.destroy();
        return;
      }
      // An idle connection the server closes, or that errs, leaves the pool at once; the timer
      // closes it when its lifetime is over so nothing idles open for ever.
      const drop = () => {
        remove(key, entry);
        socket.destroy();
      };
      const timer = setTimeout(drop, lifetime);
      timer.unref();
      const entry: Idle = {
        socket,
        expires: now() + lifetime,
        forget: () => {
          clearTimeout(timer);
          socket.off('close', drop);
          socket.off('end', drop);
          socket.off('error', drop);
        },
      };
      socket.on('close', drop);
      socket.on('end', drop);
      socket.on('error', drop);
      socket.unref();
      const list = idle.get(key);
      if (list) list.push(entry);
      else idle.set(key, [entry]);
    },

    close() {
      for (const [key, list] of idle) {
        for (const entry of [...list]) {
          entry.forget();
          entry.socket.destroy();
          remove(key, entry);
        }
      }
    },
  };
}
