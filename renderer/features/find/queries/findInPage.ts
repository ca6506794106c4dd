import { useMutation } from '@tanstack/react-query';
import type { FindInPageRequest } from '../../../../electron/shared/api';
import { useShell } from '../../../host/HostContext';

/**
 * Find in page, through the desktop window's Shell (the find bar shows only where the Shell
 * can find). Mutations, not queries: each call moves the page's highlight, and nothing is cached.
 */
export function useFindInPage() {
  const shell = useShell();
  const find = useMutation({ mutationFn: (request: FindInPageRequest) => shell.findInPage(request) });
  const stop = useMutation({ mutationFn: () => shell.stopFindInPage() });
  return { find, stop };
}
