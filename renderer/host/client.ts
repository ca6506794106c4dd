import { QueryClient } from '@tanstack/react-query';

/**
 * The renderer's query client.
 *
 * - `retry: false`: platform failures arrive as `Result` data, never as thrown errors, so a
 *   retry could only repeat a call the user did not ask for, and an invoke may run a billed
 *   agent. Only a failure to reach our own host throws, and that is shown, not retried.
 * - `networkMode: 'always'`: the host is local (IPC or loopback), so `navigator.onLine`
 *   says nothing about whether it answers; the default mode would pause every query on a
 *   machine without a network connection, including ones aimed at the local Sandbox.
 * - No refetch on window focus: what is on screen is what the user asked for, with its own
 *   timing; a silent refetch would replace it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, networkMode: 'always', refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
