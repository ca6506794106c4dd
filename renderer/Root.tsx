import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Api } from '../electron/shared/contract';
import { App } from './App';
import { FindBar } from './features/find/FindBar';
import { resolveHostEvents } from './host/events';
import { HostProvider } from './host/HostContext';

/** The app with its providers: used by main.tsx with the real host, and by tests with a fake. */
export function Root({ api, queryClient }: { api: Api; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <HostProvider api={api}>
        <App />
        <FindBar events={resolveHostEvents()} />
      </HostProvider>
    </QueryClientProvider>
  );
}
