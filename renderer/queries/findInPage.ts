import { useMutation } from '@tanstack/react-query';
import type { FindInPageRequest } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';

/**
 * Find in page, desktop only (the find bar exists only where the host sends onFindRequested).
 * Mutations, not queries: each call moves the page's highlight, and nothing is cached.
 */
export function useFindInPage() {
  const api = useHost();
  const find = useMutation({ mutationFn: (request: FindInPageRequest) => api.findInPage(request) });
  const stop = useMutation({ mutationFn: () => api.stopFindInPage() });
  return { find, stop };
}
