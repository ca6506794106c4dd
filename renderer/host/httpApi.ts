import {
  API_METHODS,
  LAUNCH_SECRET_HEADER,
  rpcPath,
  type Api,
  type ApiArgument,
  type ApiMethod,
  type ApiReturn,
} from '../../electron/shared/api';

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

// Neutral about how the app was started (npm start, npm run web, a package): the terminal it runs in is what the user knows.
/** Shown when the page cannot reach its host. */
export const HOST_UNREACHABLE = 'Agent Explorer is not reachable. Is it still running in its terminal?';
/** Shown when the host refuses this page's session. */
export const HOST_REFUSED = 'Agent Explorer refused this page: open the newest address it printed in its terminal.';

export interface HttpApiOptions {
  /** The page secret of this tab's session (the other half, a cookie, the browser sends itself). */
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
        // The session cookie is HttpOnly: sent by the browser, never seen by script.
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      throw new HostUnavailableError(HOST_UNREACHABLE, null);
    }
    if (!response.ok) {
      const hint = response.status === 403 ? HOST_REFUSED : `The Agent Explorer host answered ${response.status}.`;
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
