import { useMutation, useMutationState } from '@tanstack/react-query';
import type { Api } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiMutation, useApiMutation } from '../../../host/api';

/**
 * Invoking an agent. A mutation, not a query: it may run an expensive, billed agent, so it
 * runs only when the user asks, is never cached, and is never retried (the client's default).
 * After an answer the catalog is refreshed: the host learns the payload keys of requests
 * answered 2xx. Tabs send their id with the request, so the history keeps each tab's last answer.
 */
export const invokeMutation = (api: Api, tabId?: string) =>
  apiMutation(api, 'invokeAgent', {
    // The tab is in the key so the tab strip can mark the tabs with a request in flight.
    mutationKey: tabId === undefined ? ['invokeAgent'] : ['invokeAgent', tabId],
    // Every answer is now a tab's last one in the history: a tab reopened later asks again.
    onSuccess: (_result, _request, _context, { client }) => client.invalidateQueries({ queryKey: ['lastResponses'], refetchType: 'none' }),
    onValue: (_answer, _request, client) => client.invalidateQueries({ queryKey: ['listCatalog'] }),
  });

/** The invoke mutation of one request tab (each tab has its own, so its own response). */
export const useInvokeAgent = (tabId: string) => useMutation(invokeMutation(useHost(), tabId));

/** Ids of the request tabs with an invoke in flight, for the tab strip. */
export function useTabsInFlight(): ReadonlySet<string> {
  const tabIds = useMutationState({
    filters: { mutationKey: ['invokeAgent'], status: 'pending' },
    select: (mutation) => mutation.options.mutationKey?.[1],
  });
  return new Set(tabIds.filter((id): id is string => typeof id === 'string'));
}

/**
 * Cancelling an invoke in flight, by the `requestId` it was sent with. The host aborts it and
 * the invoke itself then answers with a `cancelled` error, which the Response shows; this
 * call only says whether there was anything to cancel.
 */
export const useCancelRequest = () => useApiMutation('cancelRequest');
