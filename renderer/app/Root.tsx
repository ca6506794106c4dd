import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Api, HostEvents, HostShell } from '../../electron/shared/api';
import { App } from './App';
import { FindBar } from '../features/find/FindBar';
import { resolveHostEvents } from '../host/events';
import { HostProvider } from '../host/HostContext';

/**
 * The app with its providers: used by main.tsx with the real host, and by tests with a fake.
 * `events` is what the host pushes (run progress); the find bar listens only to the desktop's
 * own (in a browser, the browser's find answers Ctrl/Cmd+F). `shell` is what only a window can
 * do (a browser tab's own ways when absent).
 */
export function Root({ api, queryClient, events, shell }: { api: Api; queryClient: QueryClient; events?: HostEvents; shell?: HostShell }) {
  return (
    <QueryClientProvider client={queryClient}>
      <HostProvider api={api} events={events ?? resolveHostEvents() ?? undefined} shell={shell}>
        <App />
        <FindBar events={resolveHostEvents()} />
      </HostProvider>
    </QueryClientProvider>
  );
}
