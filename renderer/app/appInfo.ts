import { useQuery } from '@tanstack/react-query';
import type { Api } from '../../electron/shared/api';
import { useHost } from '../host/HostContext';
import { apiQuery } from '../host/api';

/** App name, version and host kind; fixed for the life of the window. */
const appInfoQuery = (api: Api) => apiQuery(api, 'getAppInfo', undefined, { staleTime: Infinity });

/** The app info of this window's host. */
export const useAppInfo = () => useQuery(appInfoQuery(useHost()));
