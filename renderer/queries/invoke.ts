import { mutationOptions, useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, CancelRequest, InvokeRequest } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';

/**
 * Invoking an agent. A mutation, not a query: it may run an expensive, billed agent, so it
 * runs only when the user asks, is never cached, and is never retried. After an answer the
 * catalog is refreshed: the host learns the payload keys of requests answered 2xx.
 * Tabs send their id with the request, so the history keeps each tab's last answer.
 */
export function invokeMutation(api: Api, queryClient: QueryClient, tabId?: string) {
  return mutationOptions({
    // The tab is in the key so the tab strip can mark the tabs with a request in flight.
    mutationKey: tabId === undefined ? ['invokeAgent'] : ['invokeAgent', tabId],
    mutationFn: (request: InvokeRequest) => api.invokeAgent(request),
    retry: false,
    onSuccess: async (result) => {
      // Every answer is now a tab's last one in the history: a tab reopened later asks again.
      await queryClient.invalidateQueries({ queryKey: ['lastResponses'], refetchType: 'none' });
      if (result.ok) await queryClient.invalidateQueries({ queryKey: ['listCatalog'] });
    },
  });
}

/**
 * Cancelling an invoke in flight, by the `requestId` it was sent with. The host aborts it and
 * the invoke itself then answers with a `cancelled` error, which the Response shows; this
 * call only says whether there was anything to cancel.
 */
export function cancelRequestMutation(api: Api) {
  return mutationOptions({
    mutationKey: ['cancelRequest'],
    mutationFn: (request: CancelRequest) => api.cancelRequest(request),
    retry: false,
  });
}

/** The invoke mutation of one request tab (each tab has its own, so its own response). */
export function useInvokeAgent(tabId: string) {
  return useMutation(invokeMutation(useHost(), useQueryClient(), tabId));
}

/** Ids of the request tabs with an invoke in flight, for the tab strip. */
export function useTabsInFlight(): ReadonlySet<string> {
  const tabIds = useMutationState({
    filters: { mutationKey: ['invokeAgent'], status: 'pending' },
    select: (mutation) => mutation.options.mutationKey?.[1],
  });
  return new Set(tabIds.filter((id): id is string => typeof id === 'string'));
}

/** The cancel mutation. */
export function useCancelRequest() {
  return useMutation(cancelRequestMutation(useHost()));
}
