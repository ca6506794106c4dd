import type { HostConnection } from '../host';
import { withStartup } from '../host/startup';
import type { showApp, showLaunchProblem } from './showApp';

/** The app's own chunk (showApp.tsx), as main.tsx imports it. */
interface AppChunk {
  showApp: typeof showApp;
  showLaunchProblem: typeof showLaunchProblem;
}

/*
 * The page starts in two parts. This small one connects to the host and asks at once, in one
 * call, for what the first screen shows (withStartup; in browser mode it comes with the session,
 * in the same round trip); meanwhile the app itself (React's
 * renderer and the screens, most of the code) loads in a chunk of its own. The app is then drawn
 * once, with those answers in hand. Before, the app's code had to load and run before the first
 * question left, and the screen was drawn three times: empty, then with the profiles and the
 * request tabs, then with the lists known for the active profile (which waited for the profiles).
 *
 * index.html has the browser fetch and compile the app's chunk from the start; it is run (the
 * longest piece of work of the start) only once the question has left, so the host answers
 * while it runs. Run earlier, it held up the question: the session's answer waited for the main
 * thread, and the question left only after the app's chunk had run.
 */
export async function startApp(
  rootElement: HTMLElement,
  connect: () => Promise<HostConnection>,
  loadApp: () => Promise<AppChunk>,
): Promise<void> {
  const connection = await connect();
  if (!connection.ok) {
    // Browser mode without a session: nothing can be asked of the host.
    (await loadApp()).showLaunchProblem(rootElement, connection.reason);
    return;
  }
  const { api, startup } = withStartup(connection.api, connection.startup);
  const [{ showApp }, answered] = await Promise.all([loadApp(), startup]);
  showApp(rootElement, { ...connection, api }, answered);
}
