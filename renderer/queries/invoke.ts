import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Api, InvokeRequest } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';

/**
 * Invoking an agent. A mutation, not a query: it may run an expensive, billed agent, so it
 * runs only when the user asks, is never cached, and is never retried.
 */
export function invokeMutation(api: Api) {
  return mutationOptions({
    mutationKey: ['invokeAgent'],
    mutationFn: (request: InvokeRequest) => api.invokeAgent(request),
    retry: false,
  });
}

/** The invoke mutation for the Agents tab. */
export function useInvokeAgent() {
  return useMutation(invokeMutation(useHost()));
}
