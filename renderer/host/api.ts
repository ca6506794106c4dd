import {
  mutationOptions,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  type keepPreviousData,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type { Api, ApiArgument, ApiMethod, ApiReturn, Result } from '../../electron/shared/api';
import { useHost } from './HostContext';
import { valueOf } from './valueOf';

/**
 * The one way a query or a mutation reaches the host (as Yaak's useRpcQuery and useRpcMutation):
 * the method name and its argument are checked against the Api, every key is built the same way,
 * and a Result is unwrapped the same way. Retries and the network mode are the client's defaults
 * (client.ts) and are never set here.
 */

/** What a method's Result carries when accepted (the answer itself for a method without a Result). */
type ApiValue<M extends ApiMethod> = ApiReturn<M> extends Result<infer T, unknown> ? T : ApiReturn<M>;

/** The data of a query or mutation: the method's answer, or its Result's value when unwrapped. */
type ApiData<M extends ApiMethod, U extends boolean> = U extends true ? ApiValue<M> : ApiReturn<M>;

/**
 * A query key: the method name, its argument when it takes one, then what else the answer depends
 * on (the profile a method without an argument answers for). Starting every key with the method
 * lets a change mark all answers of a method stale with `[method]`.
 */
export function apiKey<M extends ApiMethod>(method: M, argument?: ApiArgument<M> | null, scope?: object | null): readonly unknown[] {
  return [method, ...(argument === undefined ? [] : [argument]), ...(scope === undefined ? [] : [scope])];
}

/** Calls one method of the host, with its argument or, for a method that takes none, without. */
function callApi<M extends ApiMethod>(api: Api, method: M, argument: ApiArgument<M>): Promise<ApiReturn<M>> {
  const call = api[method] as (this: Api, argument?: unknown) => Promise<ApiReturn<M>>;
  return argument === undefined ? call.call(api) : call.call(api, argument);
}

function unwrapped<M extends ApiMethod, U extends boolean>(answer: ApiReturn<M>, unwrap: U | undefined): ApiData<M, U> {
  return (unwrap ? valueOf(answer as Result<unknown>) : answer) as ApiData<M, U>;
}

export interface ApiQuerySettings<U extends boolean> {
  /** The Result's value is the data and a refusal the query's error (its message is shown); otherwise the Result is the data. */
  unwrap?: U;
  /** What else the answer depends on, appended to the key; null waits (nothing is asked) until it is known. */
  scope?: object | null;
  staleTime?: number;
  gcTime?: number;
  enabled?: boolean;
  placeholderData?: typeof keepPreviousData;
}

/**
 * A read of one method, keyed by the method and its argument. A null argument (or scope) means
 * "not known yet": the query waits (skipToken) and asks nothing.
 */
export function apiQuery<M extends ApiMethod, U extends boolean = false>(
  api: Api,
  method: M,
  argument: ApiArgument<M> | null,
  { unwrap, scope, ...options }: ApiQuerySettings<U> = {},
) {
  return queryOptions({
    ...options,
    queryKey: apiKey(method, argument, scope),
    queryFn:
      argument === null || scope === null
        ? skipToken
        : async (): Promise<ApiData<M, U>> => unwrapped<M, U>(await callApi(api, method, argument), unwrap),
  });
}

/** The read of one method in a component (see apiQuery). */
export function useApiQuery<M extends ApiMethod, U extends boolean = false>(
  method: M,
  argument: ApiArgument<M> | null,
  settings?: ApiQuerySettings<U>,
) {
  return useQuery(apiQuery(useHost(), method, argument, settings));
}

/** What a mutation of a method is called with by default: its argument (nothing for a method without one). */
type ApiVariables<M extends ApiMethod> = ApiArgument<M> extends undefined ? void : ApiArgument<M>;

export type ApiMutationSettings<M extends ApiMethod, V, U extends boolean> = Omit<
  UseMutationOptions<ApiData<M, U>, Error, V>,
  'mutationFn'
> & {
  /** As for a query: the Result's value is the data and a refusal the mutation's error. */
  unwrap?: U;
  /** The argument sent for what the caller passes, when the two differ (a key in its one-shot holder). */
  send?: (variables: V) => ApiArgument<M>;
  /** What an accepted change does to the cache, given the value the host answered (after onSuccess). */
  onValue?: (value: ApiValue<M>, variables: V, client: QueryClient) => unknown;
  /** Methods whose answers the change makes stale, marked once it settled, whatever it answered. */
  invalidates?: readonly ApiMethod[];
};

/**
 * A change through one method, keyed by the method (so views can tell what is under way). Its
 * callbacks are awaited before the mutation resolves, so a caller sees the cache already updated.
 */
export function apiMutation<M extends ApiMethod, V = ApiVariables<M>, U extends boolean = false>(
  api: Api,
  method: M,
  { unwrap, send, onValue, invalidates = [], onSuccess, onSettled, ...options }: ApiMutationSettings<M, V, U> = {},
) {
  return mutationOptions<ApiData<M, U>, Error, V>({
    mutationKey: [method],
    ...options,
    mutationFn: async (variables) =>
      unwrapped<M, U>(await callApi(api, method, send ? send(variables) : (variables as ApiArgument<M>)), unwrap),
    onSuccess: async (data, variables, onMutateResult, context) => {
      await onSuccess?.(data, variables, onMutateResult, context);
      if (!onValue) return;
      const answer = (unwrap ? { ok: true, value: data } : data) as Result<ApiValue<M>, unknown>;
      if (answer.ok) await onValue(answer.value, variables, context.client);
    },
    onSettled: async (data, error, variables, onMutateResult, context) => {
      await onSettled?.(data, error, variables, onMutateResult, context);
      await Promise.all(invalidates.map((method) => context.client.invalidateQueries({ queryKey: [method] })));
    },
  });
}

/** A change through one method in a component (see apiMutation). */
export function useApiMutation<M extends ApiMethod, V = ApiVariables<M>, U extends boolean = false>(
  method: M,
  settings?: ApiMutationSettings<M, V, U>,
) {
  return useMutation(apiMutation(useHost(), method, settings));
}
