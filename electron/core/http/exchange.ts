import type { Dispatcher } from 'undici';
import { TransportError, type TimingMarks, type TransportResponse } from './transport';
import { transportErrorOf } from './errors';

/** Past this much unread body, the connection waits for the reader. */
const BODY_HIGH_WATER = 256 * 1024;

const abortError = () => new TransportError('The exchange was aborted.', 'ABORT_ERR');

/**
 * One request as undici's dispatcher sees it (its handler) and as the platform client sees it
 * (a response whose body is read as an async iterable). The body's chunks are queued for one
 * reader; past BODY_HIGH_WATER the connection is paused until the reader catches up. A reader
 * that stops early, or an abort through the signal, ends the exchange and closes its connection.
 */
export class Exchange implements Dispatcher.DispatchHandler, AsyncIterable<Uint8Array> {
  private controller: Dispatcher.DispatchController | null = null;
  private chunks: Buffer[] = [];
  private queued = 0;
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private answered = false;
  private finished = false;

  constructor(
    private readonly url: URL,
    private readonly marks: TimingMarks,
    private readonly now: () => number,
    private readonly signal: AbortSignal,
    private readonly onWriting: (exchange: Exchange, marks: TimingMarks) => void,
    private readonly resolve: (response: TransportResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {
    signal.addEventListener('abort', this.onAbort, { once: true });
  }

  private readonly onAbort = () => this.stop(abortError());

  /** Ends the exchange from our side: the request, if not yet written, is never written. */
  private stop(error: TransportError): void {
    this.fail(error);
    this.controller?.abort(error);
  }

  private fail(error: Error): void {
    if (this.finished) return;
    this.finished = true;
    this.signal.removeEventListener('abort', this.onAbort);
    if (this.answered) {
      this.failure = error;
      this.notify();
    } else {
      this.reject(error);
    }
  }

  /** The exchange ended (aborted, failed) before or while it was sent. */
  get settled(): boolean {
    return this.finished;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.finished) {
      controller.abort(abortError());
      return;
    }
    this.onWriting(this, this.marks);
  }

  /** Told once the request's last byte has been handed to the socket. */
  onSent: (() => void) | undefined;

  onRequestSent(): void {
    this.marks.sent = this.now();
    this.onSent?.();
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, _headers: unknown, statusMessage?: string): void {
    // Informational answers (103 Early Hints) come before the real one.
    if (statusCode < 200 || this.finished) return;
    this.marks.firstByte = this.now();
    this.answered = true;
    this.resolve({ status: statusCode, statusText: statusMessage ?? '', headers: headersOf(controller.rawHeaders), body: this });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.finished) return;
    this.chunks.push(chunk);
    this.queued += chunk.byteLength;
    if (this.queued > BODY_HIGH_WATER) controller.pause();
    this.notify();
  }

  /**
   * Given the answer's end, calls `release` when it may be read as this request's, or `fail`
   * when it may not (strayAnswers.ts); by default at once.
   */
  confirmEnd: (release: () => void, fail: (error: TransportError) => void) => void = (release) => release();

  onResponseEnd(): void {
    if (this.finished) return;
    this.finished = true;
    this.signal.removeEventListener('abort', this.onAbort);
    this.confirmEnd(
      () => {
        this.ended = true;
        this.notify();
      },
      (error) => {
        this.failure = error;
        this.notify();
      },
    );
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    this.fail(transportErrorOf(error, this.url));
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    let complete = false;
    try {
      for (;;) {
        const chunk = this.chunks.shift();
        if (chunk !== undefined) {
          this.queued -= chunk.byteLength;
          if (this.queued <= BODY_HIGH_WATER && this.controller?.paused) this.controller.resume();
          yield chunk;
          continue;
        }
        if (this.failure) throw this.failure;
        if (this.ended) {
          complete = true;
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      if (!complete) this.stop(abortError());
    }
  }
}

/**
 * The response headers from their raw bytes: names lower-cased, bytes read as latin1 (as
 * node:http reads them, so a key echoed in UTF-8 arrives in the form the byte redactor looks
 * for), repeated lines joined with ", ". Collected in a Map and made an object with
 * Object.fromEntries: a header named "constructor" or "__proto__" is a header like any other.
 */
function headersOf(raw: Dispatcher.DispatchController['rawHeaders']): Record<string, string> {
  const joined = new Map<string, string>();
  if (Array.isArray(raw)) {
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = latin1(raw[i]!).toLowerCase();
      const value = latin1(raw[i + 1]!);
      const earlier = joined.get(name);
      joined.set(name, earlier === undefined ? value : `${earlier}, ${value}`);
    }
  }
  return Object.fromEntries(joined);
}

function latin1(part: Buffer | string): string {
  return typeof part === 'string' ? part : part.toString('latin1');
}
