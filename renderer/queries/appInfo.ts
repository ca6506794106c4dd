import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Api } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { queryKeys } from './keys';

/** App name, version and host kind; fixed for the life of the window. */
export function appInfoQuery(api: Api) {
  return queryOptions({
    queryKey: queryKeys.appInfo(),
    queryFn: () => api.getAppInfo(),
    staleTime: Infinity,
    retry: false,
  });
}

/** The app info of this window's host. */
export function useAppInfo() {
  return useQuery(appInfoQuery(useHost()));
}
