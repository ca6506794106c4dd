import type net from 'node:net';
import type buildConnector from 'undici/lib/core/connect.js';
import type { ExchangeTls } from '../../shared/api';

/**
 * The connection types the stack (stack.ts) and the proxy tunnel (proxy.ts) share: kept here so
 * the stack can build the tunnel and the tunnel can open its connections without importing each other.
 */

/** When a connection's own steps happened, and whether a request has used it yet. */
export interface SocketTimes {
  lookup?: number;
  connect?: number;
  secureConnect?: number;
  used: boolean;
  /** What its TLS handshake agreed (https). */
  tls?: ExchangeTls;
  /** The first TLS error it met (a server's alert), by Node's code. */
  tlsFailure?: string;
}

/**
 * Opens a connection the way undici's own connector does (TCP, then TLS for https:, or TLS over
 * `httpSocket` when one is given), noting in `times` when its steps happen: the marks a request
 * written on it reads. Returns the socket (undici cancels a connection attempt through it). The
 * stray-answer guard watches every socket it opens.
 */
export type TimedConnect = (
  options: buildConnector.Options & { httpSocket?: net.Socket },
  callback: buildConnector.Callback,
  times?: SocketTimes,
) => net.Socket | undefined;
