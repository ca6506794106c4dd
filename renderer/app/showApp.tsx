import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Startup } from '../../electron/shared/api';
import type { HostConnection } from '../host';
import { createQueryClient } from '../host/client';
import { launchProblem } from '../host/launchMessages';
import { Root } from './Root';
import { seedStartup } from './seedStartup';

/** The app's own chunk (main.tsx loads it while it connects): the app, or why it cannot start. */

/** Renders the app on a connected host, with the host's startup answer (null when it failed: the app asks for each part itself). */
export function showApp(
  rootElement: HTMLElement,
  { api, events, shell }: Extract<HostConnection, { ok: true }>,
  startup: Startup | null,
): void {
  const queryClient = createQueryClient();
  if (startup) seedStartup(queryClient, api, startup);
  createRoot(rootElement).render(
    <StrictMode>
      <Root api={api} events={events} shell={shell} queryClient={queryClient} />
    </StrictMode>,
  );
}

/** Says why there is no host to ask anything of, and marks the root as an error. */
export function showLaunchProblem(rootElement: HTMLElement, reason: Extract<HostConnection, { ok: false }>['reason']): void {
  rootElement.dataset['appState'] = 'error';
  createRoot(rootElement).render(
    <div className="launch-error" role="alert">
      <h1>Agent Explorer</h1>
      <p>{launchProblem(reason)}</p>
    </div>,
  );
}
