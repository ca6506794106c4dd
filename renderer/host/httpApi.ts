import {
  API_METHODS,
  LAUNCH_SECRET_HEADER,
  rpcPath,
  type Api,
  type ApiArgument,
  type ApiMethod,
  type ApiReturn,
} from '../../electron/shared/contract';

/** A transport failure between the page and its own host (not a platform error). */
export class HostUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'HostUnavailableError';
  }
}

export interface HttpApiOptions {
  /** The launch secret from the URL the host printed. */
  secret: string;
  /** Origin of the host; defaults to the page's own (relative URLs). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/**
 * The contract over HTTP to the browser-mode host: one POST per method, `{ argument }` in,
 * `{ value }` out. Platform failures arrive as `Result` values like in Electron; only a
 * failure to reach our own host throws.
 */
export function createHttpApi(options: HttpApiOptions): Api {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl ?? '';

  async function call<M extends ApiMethod>(method: M, argument: ApiArgument<M>): Promise<ApiReturn<M>> {
    let response: Response;
    try {
      response = await doFetch(`${base}${rpcPath(method)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [LAUNCH_SECRET_HEADER]: options.secret },
        body: JSON.stringify({ argument: argument ?? null }),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      throw new HostUnavailableError('The Agent Explorer host is not reachable. Is `npm run web` still running?', null);
    }
    if (!response.ok) {
      const hint =
        response.status === 403
          ? 'The host refused this page: open the exact address that `npm run web` printed.'
          : `The Agent Explorer host answered ${response.status}.`;
      throw new HostUnavailableError(hint, response.status);
    }
    const body = (await response.json()) as { value: ApiReturn<M> };
    return body.value;
  }

  const api = {} as Record<ApiMethod, (argument?: unknown) => Promise<unknown>>;
  for (const method of API_METHODS) {
    api[method] = (argument?: unknown) => call(method, argument as never);
  }
  return api as unknown as Api;
}
