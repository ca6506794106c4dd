import { useApiMutation } from './api';

/**
 * Find in page, desktop only (the find bar exists only where the host sends onFindRequested).
 * Mutations, not queries: each call moves the page's highlight, and nothing is cached.
 */
export function useFindInPage() {
  return { find: useApiMutation('findInPage'), stop: useApiMutation('stopFindInPage') };
}
