import { open, unlink } from 'node:fs/promises';
import type {
  BodyTarget,
  ErrorCode,
  ExchangeRecord,
  GuidelineRequest,
  GuidelineResult,
  InvokeRequest,
  InvokeResult,
  KeyPresentation,
  PlatformError,
  Result,
  SavedBody,
} from '../../shared/api';
import { checkGuideline, checkInvokeAnswer } from './contractCheck';
import { networkCause } from './networkCauses';
import type { ProxyResolver, ProxySetting } from './proxyRoute';
import { normaliseDuration } from './duration';
import { canCarryKey, presentKey } from '../profiles/keyPresentation';
import { platformPath } from './platformPath';
import { receivedBody, type BodyRead } from './receivedBody';
import { createHeadRedactor, createRedactor, createStreamRedactor, redactDeep, type Redactor } from './redact';
import { phasesOf } from './timing';
import { TransportError, type ProxyRoute, type TimingMarks, type Transport, type TransportResponse, type TransportTls } from './transport';

/**
 * The HTTP client for the platform API. It lives in the host (never the renderer) because it
 * holds the key, and it turns every way an exchange can go wrong into a distinct error code:
 * a refused connection, a time-out, a non-2xx status, a body that is not JSON, a body that
 * does not match the contract, and a body over the size cap.
 */

/** Where to send a request and how. The key is used for the request and never recorded. */
export interface PlatformTarget {
  baseUrl: string;
  apiKey: string | null;
  auth: KeyPresentation;
  /** Applies to the whole exchange, through the last byte of the body. */
  timeoutMs: number;
  tls: TransportTls;
  /** Responses larger than this are aborted and reported as `too_large`. */
  maxResponseBytes: number;
  /** Save-to-file stops writing at this many bytes of the answer; DEFAULT_SAVED_FILE_BYTES when absent. */
  maxSavedFileBytes?: number;
  /** How requests reach the platform; absent: the system's settings. */
  proxy?: ProxySetting;
}

/** The save-to-file limit when a target names none (the settings' default too). */
const DEFAULT_SAVED_FILE_BYTES = 256 * 1024 * 1024;

export interface PlatformClientDeps {
  transport: Transport;
  /** Monotonic milliseconds, for measuring. */
  now: () => number;
  /** Wall-clock time, for `startedAt`. */
  wallClock: () => Date;
  userAgent: string;
  /** Decides each request's route from the target's proxy setting; absent: always direct. */
  resolveProxy?: ProxyResolver;
}

/** What a caller may learn of an exchange while it is under way. */
interface ExchangeEvents {
  /** The request has been written to the connection (not called when it never was). */
  onSent?: () => void;
}

/** `signal` lets the caller cancel: the exchange then ends with a `cancelled` error. */
export interface PlatformClient {
  invoke(target: PlatformTarget, request: InvokeRequest, signal?: AbortSignal, events?: ExchangeEvents): Promise<InvokeResult>;
  getGuideline(target: PlatformTarget, request: GuidelineRequest, signal?: AbortSignal): Promise<GuidelineResult>;
  /**
   * Sends the request and streams the body, whatever its size or status, into a new file at
   * `file` (created owner-only; never overwrites). For answers over the in-memory size cap.
   */
  saveToFile(target: PlatformTarget, what: BodyTarget, file: string): Promise<Result<SavedBody, PlatformError>>;
}

interface Sent {
  record: ExchangeRecord;
  /** What the file holds, when the body was saved to one. */
  saved?: { bytes: number; limitReached: boolean; limitBytes: number };
  /** The body text, for parsing, when a complete 2xx response arrived. */
  body: string | null;
  error: PlatformError | null;
}

/** One decoder for every whole body: without `stream`, decode keeps nothing between calls. */
const UTF8 = new TextDecoder('utf-8');

/** Distinguishes our own aborts from other failures. */
type AbortReason = 'timeout' | 'too_large' | 'cancelled';

export function createPlatformClient(deps: PlatformClientDeps): PlatformClient {
  /**
   * The route for a request, asked of the resolver with the origin only: a key sent as a query
   * parameter never reaches a PAC script or the system's resolver. Without a resolver, direct.
   */
  function routeFor(target: PlatformTarget, url: URL): Promise<ProxyRoute> | ProxyRoute {
    if (!deps.resolveProxy) return DIRECT;
    return deps.resolveProxy(new URL(`${url.origin}/`), target.proxy ?? { mode: 'system' });
  }

  async function send(
    target: PlatformTarget,
    method: 'GET' | 'POST',
    path: string,
    body: string | null,
    signal: AbortSignal | undefined,
    /** Stream the body into this new file instead of memory: no size cap, no status check. */
    file?: string,
    events?: ExchangeEvents,
  ): Promise<Sent> {
    const url = new URL(path, target.baseUrl.replace(/\/*$/, '/'));
    const record: ExchangeRecord = {
      method,
      url: url.toString(),
      requestBody: body,
      status: null,
      statusText: '',
      responseHeaders: {},
      responseBody: null,
      responseBytes: 0,
      responseBodyTruncated: false,
      roundTripMs: 0,
      startedAt: deps.wallClock().toISOString(),
      timing: null,
    };
    const redactor = createRedactor(target.apiKey);
    const fail = (code: ErrorCode, message: string): Sent => ({
      record,
      body: null,
      error: { code, message: redactor.redact(message), exchange: record },
    });

    if (!target.apiKey) {
      return { record, body: null, error: { code: 'no_key', message: 'No API key is set for this profile.', exchange: null } };
    }
    if (!canCarryKey(target.auth, target.apiKey)) {
      const message =
        'The key has characters an HTTP header cannot carry (only plain ASCII letters, digits and signs): check the key, ' +
        'or send it as a query parameter (Profiles, Key presentation).';
      return { record, body: null, error: { code: 'invalid_argument', message, exchange: null } };
    }

    const controller = new AbortController();
    let abortReason: AbortReason | null = null;
    // Every wait below races this, so the time-out and Cancel end the exchange whatever the
    // transport does (a 101, a socket that never closes, a body that never ends).
    let rejectAborted: (error: Error) => void = () => undefined;
    const aborted = new Promise<never>((_resolve, reject) => (rejectAborted = reject));
    aborted.catch(() => undefined);
    const abort = (reason: AbortReason) => {
      abortReason ??= reason;
      controller.abort();
      rejectAborted(new TransportError('The exchange was aborted.', 'ABORT_ERR'));
    };
    const timer = setTimeout(() => abort('timeout'), target.timeoutMs);
    const onCancel = () => abort('cancelled');
    if (signal?.aborted) onCancel();
    signal?.addEventListener('abort', onCancel, { once: true });
    const started = deps.now();
    const marks: TimingMarks = { start: started, reusedConnection: false };
    let answered: TransportResponse | null = null;
    /** How the body came over the wire, once what was read of it is known. */
    const noteReceived = (read: BodyRead) => {
      const received = answered && receivedBody(answered.wire, record.responseHeaders['content-encoding'], read, target.apiKey);
      if (received) record.received = received;
    };
    /**
     * Reads the body with `read`, ended at once when the exchange is aborted (the time-out, Cancel,
     * the size cap), whatever the body does: one that never ends included. The source is then
     * told to stop (not awaited: a stuck source may never settle its return()).
     */
    const readBody = <T>(body: AsyncIterable<Uint8Array>, read: (body: AsyncIterable<Uint8Array>) => Promise<T>): Promise<T> => {
      const iterator = body[Symbol.asyncIterator]();
      return Promise.race([read({ [Symbol.asyncIterator]: () => iterator }), aborted]).catch((error: unknown) => {
        void iterator.return?.()?.catch(() => undefined);
        throw error;
      });
    };
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
      const end = deps.now();
      record.roundTripMs = Math.round((end - started) * 1000) / 1000;
      record.timing = phasesOf(marks, end);
      if (marks.tls) record.tls = marks.tls;
    };

    try {
      const presented = presentKey(target.auth, target.apiKey, url);
      record.url = presented.recordedUrl;
      const headers: Record<string, string> = {
        accept: 'application/json',
        'user-agent': deps.userAgent,
        ...(body !== null ? { 'content-type': 'application/json' } : {}),
        ...presented.headers,
      };
      const routing = routeFor(target, presented.url);
      const route = routing instanceof Promise ? await Promise.race([routing, aborted]) : routing;
      if (abortReason !== null) throw new TransportError('The exchange was aborted.', 'ABORT_ERR');
      record.via = route.kind === 'proxy' ? `${route.url.protocol}//${route.url.host}` : null;
      // The transport never follows redirects: following one could carry the key elsewhere.
      const sentResponse = await Promise.race([
        deps.transport(
          { url: presented.url, method, headers, body, signal: controller.signal, tls: target.tls, route, onSent: events?.onSent },
          marks,
        ),
        aborted,
      ]);
      const response = sentResponse;
      answered = response;
      record.status = response.status;
      // A server may echo the key anywhere, the reason phrase included.
      // Node reads the status line and headers as latin1, so a key echoed there in UTF-8 arrives
      // as one character per byte: redacted in that form too. Every header name and value is
      // redacted; the headers come back as they are when none held the key, else as a new object
      // made with Object.fromEntries (a header named "__proto__" is kept as sent).
      const headRedactor = createHeadRedactor(target.apiKey);
      record.statusText = headRedactor.redact(response.statusText);
      record.responseHeaders = redactDeep(response.headers, headRedactor);

      if (file !== undefined) {
        const limitBytes = target.maxSavedFileBytes ?? DEFAULT_SAVED_FILE_BYTES;
        const saved = await readBody(response.body, (body) =>
          writeBodyToFile(body, file, target.apiKey, limitBytes, (count) => (record.responseBytes = count)),
        );
        finish();
        noteReceived({ data: null, bytes: record.responseBytes, complete: false });
        // Stopped at the limit: drop the rest of the answer rather than leave the server sending it.
        if (saved.limitReached) controller.abort();
        return { record, body: null, error: null, saved: { bytes: saved.written, limitReached: saved.limitReached, limitBytes } };
      }
      if (response.status < 200 || response.status > 299) {
        // An error body is evidence, but only its start is needed on the page (a 40 MB error page
        // once became a 251 MB reply): read a little past the cut, so a key straddling it is
        // still redacted whole, then stop reading. "Save to a file" gets the whole body.
        const head = await readBody(response.body, (body) => readPrefix(body, ERROR_BODY_MAX_BYTES + 4 * redactor.maxMatchLength));
        record.responseBytes = head.received;
        finish();
        noteReceived({ data: head.data, bytes: head.received, complete: !head.stopped });
        if (head.stopped) {
          controller.abort();
          record.responseReadStopped = true;
        }
        record.responseBody = cutErrorBody(head.data, head.stopped, redactor);
        record.responseBodyTruncated = head.data.byteLength > ERROR_BODY_MAX_BYTES;
        const location = record.responseHeaders['location'];
        const redirect = response.status >= 300 && response.status < 400 && location ? ` (redirect to ${location} not followed)` : '';
        return fail(
          'http_status',
          `The server answered HTTP ${response.status}${record.statusText ? ` ${record.statusText}` : ''}${redirect}.`,
        );
      }
      const bytes = await readBody(response.body, (body) => readCapped(body, response.headers['content-length'], target.maxResponseBytes));
      record.responseBytes = bytes.received;
      if (bytes.tooLarge) {
        abort('too_large');
        finish();
        noteReceived({ data: null, bytes: bytes.received, complete: false });
        return fail('too_large', `The response is larger than the ${formatBytes(target.maxResponseBytes)} limit, so it was not read.`);
      }
      const decoded = UTF8.decode(bytes.data);
      const text = redactor.redact(decoded);
      record.responseBody = text;
      finish();
      noteReceived({ data: bytes.data, bytes: bytes.received, complete: true, holdsKey: text !== decoded });
      return { record, body: text, error: null };
    } catch (error) {
      finish();
      // A compressed body that failed part-way (or could not be decoded at all) says what came.
      if (answered?.wire) noteReceived({ data: null, bytes: 0, complete: false });
      // Whatever ended the exchange early (a file that could not be created, say), the
      // transport's side ends too: no socket is left open holding an unread answer.
      controller.abort();
      if (abortReason === 'timeout') {
        return fail('timeout', `No complete response within ${formatSeconds(target.timeoutMs)}.`);
      }
      if (abortReason === 'too_large') {
        return fail('too_large', `The response is larger than the ${formatBytes(target.maxResponseBytes)} limit, so it was not read.`);
      }
      if (abortReason === 'cancelled') return fail('cancelled', 'Cancelled before the answer was complete.');
      if (error instanceof FileSinkError) return fail('internal', error.message);
      return fail('network', describeNetworkError(error, url));
    }
  }

  function parseJson(sent: Sent): { ok: true; value: unknown } | { ok: false; error: PlatformError } {
    try {
      return { ok: true, value: JSON.parse(sent.body ?? '') };
    } catch {
      const type = sent.record.responseHeaders['content-type'];
      return {
        ok: false,
        error: {
          code: 'not_json',
          message: `The server answered ${sent.record.status} but the body is not JSON${type ? ` (content type ${type})` : ''}.`,
          exchange: trimRawCopy(sent.record),
        },
      };
    }
  }

  function contractError(sent: Sent, what: string, problems: string[]): PlatformError {
    return {
      code: 'contract',
      message: `The ${what} does not match the contract: ${problems.join('; ')}.`,
      exchange: trimRawCopy(sent.record),
    };
  }

  return {
    async saveToFile(target, what, file) {
      const path =
        what.kind === 'invoke' ? platformPath('agent', what.request.agentId) : platformPath('guideline', what.request.guidelineId);
      if (!path.ok) return { ok: false, error: { ...path.error, exchange: null } };
      const body = what.kind === 'invoke' ? JSON.stringify({ text: what.request.text, payload: what.request.payload }) : null;
      const sent = await send(target, what.kind === 'invoke' ? 'POST' : 'GET', path.value, body, undefined, file);
      if (sent.error) return redactDeep({ ok: false, error: sent.error }, createRedactor(target.apiKey));
      const saved = sent.saved ?? { bytes: 0, limitReached: false, limitBytes: target.maxSavedFileBytes ?? DEFAULT_SAVED_FILE_BYTES };
      return redactDeep({ ok: true, value: { path: file, ...saved, exchange: sent.record } }, createRedactor(target.apiKey));
    },

    async invoke(target, request, signal, events) {
      return redactDeep(await invokeOnce(target, request, signal, events), createRedactor(target.apiKey));
    },

    async getGuideline(target, request, signal) {
      return redactDeep(await getGuidelineOnce(target, request, signal), createRedactor(target.apiKey));
    },
  };

  /*
   * The two calls as such; what they return is redacted once more, whole, on the way out
   * (redactDeep), so no field that reaches the page can carry the key, whichever is added.
   */
  async function invokeOnce(
    target: PlatformTarget,
    request: InvokeRequest,
    signal?: AbortSignal,
    events?: ExchangeEvents,
  ): Promise<InvokeResult> {
    const path = platformPath('agent', request.agentId);
    if (!path.ok) return { ok: false, error: { ...path.error, exchange: null } };
    const sent = await send(
      target,
      'POST',
      path.value,
      JSON.stringify({ text: request.text, payload: request.payload }),
      signal,
      undefined,
      events,
    );
    if (sent.error) return { ok: false, error: sent.error };
    const parsed = parseJson(sent);
    if (!parsed.ok) return parsed;
    const checked = checkInvokeAnswer(parsed.value);
    if (!checked.ok) return { ok: false, error: contractError(sent, 'answer', checked.problems) };
    return {
      ok: true,
      value: { response: checked.value, serverDuration: normaliseDuration(checked.value.duration), exchange: trimRawCopy(sent.record) },
    };
  }

  async function getGuidelineOnce(target: PlatformTarget, request: GuidelineRequest, signal?: AbortSignal): Promise<GuidelineResult> {
    const path = platformPath('guideline', request.guidelineId);
    if (!path.ok) return { ok: false, error: { ...path.error, exchange: null } };
    const sent = await send(target, 'GET', path.value, null, signal);
    if (sent.error) return { ok: false, error: sent.error };
    const parsed = parseJson(sent);
    if (!parsed.ok) return parsed;
    const checked = checkGuideline(parsed.value);
    if (!checked.ok) return { ok: false, error: contractError(sent, 'guideline', checked.problems) };
    return { ok: true, value: { guideline: checked.value, exchange: trimRawCopy(sent.record) } };
  }
}

const DIRECT: ProxyRoute = { kind: 'direct' };

/** How much of a successful answer's raw body is kept beside the parsed answer. */
const RAW_COPY_MAX_CHARS = 256 * 1024;
/** How much of an error body is read and shown; the rest can be saved to a file. */
const ERROR_BODY_MAX_BYTES = 256 * 1024;

/**
 * Cuts the raw copy of a body: of an answer parsed successfully (its content travels as the
 * answer), and of a 2xx body that was not the answer the contract asks for (its start shows why).
 */
function trimRawCopy(record: ExchangeRecord): ExchangeRecord {
  if (record.responseBody === null || record.responseBody.length <= RAW_COPY_MAX_CHARS) return record;
  return { ...record, responseBody: record.responseBody.slice(0, RAW_COPY_MAX_CHARS), responseBodyTruncated: true };
}

/** A failure to write the saved body (disk full, no permission), as opposed to the network. */
class FileSinkError extends Error {}

/**
 * Streams the body into a new owner-only file, with the key redacted as it passes (a key split
 * across chunks included), stopping at `limitBytes` of the answer: what was written is kept.
 * A partial file is removed when the exchange fails.
 */
async function writeBodyToFile(
  body: AsyncIterable<Uint8Array>,
  file: string,
  secret: string | null,
  limitBytes: number,
  progress: (bytes: number) => void,
): Promise<{ written: number; limitReached: boolean }> {
  const handle = await open(file, 'wx', 0o600).catch((error: Error) => {
    throw new FileSinkError(`Could not create ${file}: ${error.message}`);
  });
  const redacting = createStreamRedactor(secret);
  let received = 0;
  let written = 0;
  let limitReached = false;
  const write = async (data: Buffer) => {
    if (data.byteLength === 0) return;
    await handle.write(data).catch((error: Error) => {
      throw new FileSinkError(`Could not write ${file}: ${error.message}`);
    });
    written += data.byteLength;
  };
  try {
    for await (const chunk of body) {
      const room = limitBytes - received;
      // Only a byte past the limit says the answer was longer: one ending exactly at it is whole.
      limitReached = chunk.byteLength > room;
      const part = limitReached ? chunk.subarray(0, room) : chunk;
      received += part.byteLength;
      progress(received);
      await write(redacting.push(part));
      if (limitReached) break;
    }
    await write(redacting.end(!limitReached));
    await handle.close();
    return { written, limitReached };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
    throw error;
  }
}

/** Reads the body until its end or until `stopAfter` bytes have arrived, whichever comes first. */
async function readPrefix(
  body: AsyncIterable<Uint8Array>,
  stopAfter: number,
): Promise<{ data: Uint8Array; received: number; stopped: boolean }> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    received += chunk.byteLength;
    if (received >= stopAfter) return { data: Buffer.concat(chunks), received, stopped: true };
  }
  return { data: Buffer.concat(chunks), received, stopped: false };
}

/**
 * The error body as text for the page, redacted: whole when it was read to its end and is
 * short, else its first ERROR_BODY_MAX_BYTES (a key straddling the cut is redacted whole).
 */
function cutErrorBody(data: Uint8Array, stopped: boolean, redactor: Redactor): string {
  // stream: true leaves out a character cut in half at the end instead of showing U+FFFD.
  const text = new TextDecoder('utf-8').decode(data, { stream: stopped });
  if (!stopped && data.byteLength <= ERROR_BODY_MAX_BYTES) return redactor.redact(text);
  const cut = new TextDecoder('utf-8').decode(data.subarray(0, ERROR_BODY_MAX_BYTES), { stream: true }).length;
  return redactor.redactPrefix(text, cut);
}

/**
 * Reads the body while counting bytes, stopping as soon as the cap is passed (or at once, when
 * the declared length is over it): the caller then ends the exchange.
 */
async function readCapped(
  body: AsyncIterable<Uint8Array>,
  contentLength: string | undefined,
  maxBytes: number,
): Promise<{ data: Uint8Array; received: number; tooLarge: boolean }> {
  const declared = Number(contentLength);
  if (Number.isFinite(declared) && declared > maxBytes) return { data: new Uint8Array(0), received: 0, tooLarge: true };
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > maxBytes) return { data: new Uint8Array(0), received, tooLarge: true };
    chunks.push(chunk);
  }
  // The usual answer arrives in one chunk: it is the body as it is.
  if (chunks.length === 1) return { data: chunks[0]!, received, tooLarge: false };
  const data = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { data, received, tooLarge: false };
}

function describeNetworkError(error: unknown, url: URL): string {
  // The transport's own words when it has them: an untrusted certificate named, with the ways to trust it.
  if (error instanceof TransportError && error.explained) return error.message;
  const code = error instanceof TransportError ? error.code : null;
  const host = url.host;
  const cause = code ? networkCause(code) : null;
  if (code && cause) return `Could not reach ${host}: ${cause} (${code}).`;
  if (code) return `Could not reach ${host} (${code}).`;
  const message = error instanceof Error ? error.message : String(error);
  return `Could not reach ${host}: ${message}.`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
