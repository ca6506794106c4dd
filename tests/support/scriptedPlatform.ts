import type {
  BodyTarget,
  ExchangeRecord,
  GuidelineRequest,
  GuidelineResult,
  InvokeRequest,
  InvokeResult,
  KeyPresentation,
  PlatformError,
  Result,
  SavedBody,
} from '../../electron/shared/api';
import { samePresentation } from '../../electron/shared/keyPresentation';
import type { PlatformClient, PlatformTarget } from '../../electron/core/http/platformClient';

/**
 * The platform, scripted, as the core's service sees it (its `client`): each answer comes from
 * a responder the test may replace, and nothing goes over a socket, so component tests stay
 * fast. Everything above it is the real core: the active-profile check, the key bound to its
 * origin, history, the catalog learning keys, the library versioning guideline reads. The real
 * client below this line (HTTP, decoding, errors, timing) has its own tests on loopback servers.
 */

export type InvokeResponder = (request: InvokeRequest, signal: AbortSignal | undefined) => InvokeResult | Promise<InvokeResult>;
export type GuidelineResponder = (request: GuidelineRequest, target: PlatformTarget) => GuidelineResult | Promise<GuidelineResult>;
export type SaveToFileResponder = (request: BodyTarget) => Result<SavedBody, PlatformError> | Promise<Result<SavedBody, PlatformError>>;

export interface PlatformScript {
  invokeResponder: InvokeResponder;
  guidelineResponder: GuidelineResponder;
  saveToFileResponder: SaveToFileResponder;
  /** The one form of the key the platform takes (others get 401); null: any form. */
  acceptedAuth: KeyPresentation | null;
  /** Invoke answers kept back until the test lets them go (a run seen while it is going). */
  gate: AnswerGate;
}

/**
 * The platform taking its time, under the test's control: after `hold()`, each invoke is sent
 * (the runner is told, as the transport tells it) and its answer kept back until `release`
 * lets it go, oldest first. An invoke cancelled while held ends `cancelled`, as the real client's does.
 */
export class AnswerGate {
  private holding = false;
  private readonly held: Array<{ request: InvokeRequest; go: () => void }> = [];
  private readonly asked: Array<() => void> = [];

  /** From now on, answers wait for `release`. */
  hold(): void {
    this.holding = true;
  }

  /** Answers waiting now. */
  get waiting(): number {
    return this.held.length;
  }

  /**
   * Lets `count` answers go, oldest first, each as soon as it has been asked for; only those to
   * requests that `which` picks, when given (another run's, say).
   */
  async release(count = 1, which: (request: InvokeRequest) => boolean = () => true): Promise<void> {
    for (let released = 0; released < count; released += 1) {
      let next = this.held.findIndex((entry) => which(entry.request));
      while (next < 0) {
        await new Promise<void>((resolve) => this.asked.push(resolve));
        next = this.held.findIndex((entry) => which(entry.request));
      }
      this.held.splice(next, 1)[0]!.go();
    }
  }

  /** Stops holding and lets every waiting answer go. */
  releaseAll(): void {
    this.holding = false;
    for (const entry of this.held.splice(0)) entry.go();
  }

  /** Until released (or cancelled), then the answer. */
  async pass(
    request: InvokeRequest,
    answer: () => InvokeResult | Promise<InvokeResult>,
    signal: AbortSignal | undefined,
  ): Promise<InvokeResult> {
    if (this.holding) {
      const cancelled = await new Promise<boolean>((resolve) => {
        const entry = {
          request,
          go: () => {
            signal?.removeEventListener('abort', stop);
            resolve(false);
          },
        };
        const stop = () => {
          this.held.splice(this.held.indexOf(entry), 1);
          resolve(true);
        };
        this.held.push(entry);
        signal?.addEventListener('abort', stop, { once: true });
        for (const notify of this.asked.splice(0)) notify();
      });
      if (cancelled) return cancelledInvoke();
    }
    return answer();
  }
}

/** The client the core is given: every call is answered by `script`, read when the call is made. */
export function scriptedClient(script: PlatformScript): PlatformClient {
  const refused = (target: PlatformTarget) => script.acceptedAuth !== null && !samePresentation(script.acceptedAuth, target.auth);
  return {
    async invoke(target, request, signal, events) {
      if (refused(target)) return unauthorized('POST');
      events?.onSent?.();
      return script.gate.pass(structuredClone(request), () => script.invokeResponder(structuredClone(request), signal), signal);
    },
    async getGuideline(target, request) {
      return refused(target) ? unauthorized('GET') : script.guidelineResponder(structuredClone(request), target);
    },
    async saveToFile(target, what) {
      return refused(target) ? unauthorized(what.kind === 'invoke' ? 'POST' : 'GET') : script.saveToFileResponder(structuredClone(what));
    },
  };
}

function unauthorized(method: 'GET' | 'POST'): { ok: false; error: PlatformError } {
  return {
    ok: false,
    error: {
      code: 'http_status',
      message: 'The platform answered 401.',
      exchange: exchange({ method, status: 401, statusText: 'Unauthorized', responseBody: '{"detail":"Invalid key."}' }),
    },
  };
}

/** An exchange record with sensible defaults for tests. */
export function exchange(overrides: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return {
    method: 'POST',
    url: 'http://127.0.0.1:4010/api/agent/11111111-1111-4111-8111-111111111111/invoke/',
    requestBody: null,
    status: 200,
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{}',
    responseBytes: 2,
    responseBodyTruncated: false,
    roundTripMs: 12.5,
    startedAt: '2026-01-01T00:00:00.000Z',
    timing: { dns: 0.4, connect: 0.6, tls: null, send: 0.2, wait: 10.8, download: 0.5, total: 12.5, reusedConnection: false },
    ...overrides,
  };
}

/** A successful invoke result. */
export function okInvoke(
  answer: string,
  options: { duration?: string; ms?: number | null; token?: string; roundTripMs?: number } = {},
): InvokeResult {
  const response = {
    answer,
    duration: options.duration ?? '850ms',
    ...(options.token === undefined ? {} : { token: options.token }),
  };
  return {
    ok: true,
    value: {
      response,
      serverDuration: { raw: response.duration, ms: options.ms === undefined ? 850 : options.ms },
      exchange: exchange({ responseBody: JSON.stringify(response), roundTripMs: options.roundTripMs ?? 871.4 }),
    },
  };
}

/** What the client answers an invoke that was cancelled while in flight. */
export function cancelledInvoke(): InvokeResult {
  return {
    ok: false,
    error: {
      code: 'cancelled',
      message: 'The request was cancelled before an answer arrived.',
      exchange: exchange({ status: null, statusText: '', responseBody: null, responseBytes: 0, timing: null }),
    },
  };
}

/** The platform's defaults: an agent that greets the payload's customer, one guideline, a large saved answer. */
export function defaultScript(): PlatformScript {
  return {
    acceptedAuth: null,
    gate: new AnswerGate(),
    invokeResponder: (request) => okInvoke(`Hello ${String(request.payload['customer_name'] ?? 'there')}`),
    guidelineResponder: () => ({
      ok: true,
      value: {
        guideline: { name: 'Escalation policy', description: 'When to escalate.', content: '# Escalate\n\nSoon.' },
        exchange: exchange({ method: 'GET', status: 200 }),
      },
    }),
    saveToFileResponder: () => ({
      ok: true,
      value: {
        path: '/home/user/Downloads/agent-explorer-invoke-x.json',
        bytes: 60 * 1024 * 1024,
        limitReached: false,
        limitBytes: 256 * 1024 * 1024,
        exchange: exchange({ responseBody: null }),
      },
    }),
  };
}
