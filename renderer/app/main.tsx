import { connectHost } from '../host';
import { withStartup } from '../host/startup';
import '../ui/styles/base.css';
import '../ui/styles/layout.css';
import '../ui/styles/controls.css';
import '../ui/styles/segmented.css';
import '../ui/styles/dataTable.css';
import '../ui/styles/pickList.css';
import '../features/runs/results.css';
import '../ui/styles/alerts.css';
import '../ui/styles/markdown.css';
import '../features/guidelines/reader.css';
import '../features/profile/profiles.css';
import '../features/invoke/workbench.css';
import '../features/catalog/catalog.css';
import '../features/history/history.css';
import '../features/history/historyCompare.css';
import '../features/guidelines/library.css';
import '../features/guidelines/tabs/guidelineTabs.css';
import '../features/response/response.css';
import '../features/response/jsonTree.css';
import '../features/response/timing.css';
import '../features/workspace/workspaceFile.css';
import '../features/runs/runs.css';
import '../features/runs/view/runView.css';
import '../features/runs/insights/runInsights.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">.');

// An address pasted into a tab that is already open changes only the fragment, which loads
// nothing: start again so its token is spent (browser mode; Electron has no such addresses).
window.addEventListener('hashchange', () => {
  if (/(?:^#|&)token=/.test(window.location.hash)) window.location.reload();
});

/*
 * The page starts in two parts. This small one connects to the host and asks at once, in one
 * call, for what the first screen shows (withStartup); meanwhile the app itself (React's
 * renderer and the screens, most of the code) loads in a chunk of its own. The app is then drawn
 * once, with those answers in hand. Before, the app's code had to load and run before the first
 * question left, and the screen was drawn three times: empty, then with the profiles and the
 * request tabs, then with the lists known for the active profile (which waited for the profiles).
 */
const view = import('./showApp');
void connectHost().then(async (connection) => {
  if (!connection.ok) {
    // Browser mode without a session: nothing can be asked of the host.
    (await view).showLaunchProblem(rootElement, connection.reason);
    return;
  }
  const { api, startup } = withStartup(connection.api);
  const [{ showApp }, answered] = await Promise.all([view, startup]);
  showApp(rootElement, { ...connection, api }, answered);
});
